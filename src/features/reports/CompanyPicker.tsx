// For an admin who reaches several companies (an organization's, or every one for a platform
// admin): which one a report is about. The companies are searched on the server as the admin
// types; the one already in the address is named from the server too.
import { useLingui } from '@lingui/react/macro';
import { fetchCompanies, fetchCompany } from '../../api/admin';
import { TinText } from '../admin/fields';
import { ServerSelect } from '../admin/ServerSelect';
import { useServerData } from '../admin/useServerData';

/** "All companies" in the select (an empty value is none chosen there). */
const ALL = 'all';

export function CompanyPicker({
  value,
  onChange,
  everyCompany = false,
}: {
  value: string | null;
  onChange(id: string | undefined): void;
  /** Offers "All companies" (the value '') above them. */
  everyCompany?: boolean;
}) {
  const { t } = useLingui();
  const chosen = useServerData(
    () =>
      value
        ? fetchCompany(value).then((company) => ({ value: company.id, label: company.name }))
        : Promise.resolve(undefined),
    [value],
  );
  return (
    <ServerSelect
      label={t`Company`}
      placeholder={t`Choose a company`}
      load={(search) => fetchCompanies({ search })}
      toOption={(company) => ({ value: company.id, label: company.name })}
      detail={(company) => <TinText tin={company.tin} />}
      initial={chosen.data}
      leading={everyCompany ? [{ value: ALL, label: t`All companies` }] : undefined}
      value={everyCompany && !value ? ALL : value}
      onChange={(id) => onChange(id === ALL ? '' : (id ?? undefined))}
      w={{ base: '100%', xs: 260 }}
      data-testid="company-picker"
    />
  );
}
