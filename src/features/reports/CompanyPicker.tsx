// For an organization admin, who reaches several companies: which one a report is about. The
// list comes from the companies API (the admin's organization), by name.
import { useEffect, useState } from 'react';
import { Select } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { fetchReachableCompanies, type CompanyChoice } from '../../api/reports';

export function useReachableCompanies(enabled: boolean): CompanyChoice[] | null {
  const [companies, setCompanies] = useState<CompanyChoice[] | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    fetchReachableCompanies(controller.signal).then(
      (answer) => setCompanies(answer.items.map((c) => ({ id: c.id, name: c.name }))),
      () => {
        if (!controller.signal.aborted) setCompanies([]);
      },
    );
    return () => controller.abort();
  }, [enabled]);
  return companies;
}

export function CompanyPicker({
  companies,
  value,
  onChange,
}: {
  companies: CompanyChoice[] | null;
  value: string | null;
  onChange(id: string | undefined): void;
}) {
  const { t } = useLingui();
  return (
    <Select
      label={t`Company`}
      placeholder={companies === null ? t`Loading…` : t`Choose a company`}
      data={(companies ?? []).map((c) => ({ value: c.id, label: c.name }))}
      value={value}
      onChange={(id) => onChange(id ?? undefined)}
      searchable
      w={{ base: '100%', xs: 260 }}
      data-testid="company-picker"
    />
  );
}
