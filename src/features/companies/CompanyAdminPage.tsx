// One company as an admin runs it: details, VFD state, certificate replacement, enabling and
// disabling with a confirmation, the day it is paid until (platform admin), and working in it.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { calendarDateText, parseCalendarDate } from '../../../domain/calendar-date';
import {
  fetchCompany,
  fetchVfd,
  setCompanyActive,
  setPaidUntil,
  type Company,
  type VfdState,
} from '../../api/admin';
import { readFailure } from '../../api/errors';
import { BackLink } from '../../app/BackLink';
import { FormModal } from '../../app/shell/FormModal';
import { useLeaveGuard } from '../../app/shell/useLeaveGuard';
import { notifyFailure, notifySuccess } from '../../app/notify';
import { usePageTitle } from '../../app/usePageTitle';
import { submitToServer } from '../../forms/submit';
import { typedDayCalendar } from '../../forms/DayInput';
import { useSession } from '../../stores/session';
import { toActing } from '../admin/CompanyPicker';
import { LoadState } from '../admin/LoadState';
import { useServerData } from '../admin/useServerData';
import { ConfirmDialog } from '../invoices/ConfirmDialog';
import { CertificateCard } from './CertificateCard';
import { CompanyDetails } from './CompanyDetails';
import { EditCompanyForm } from './EditCompanyForm';
import { VfdCard } from './VfdCard';

export function CompanyAdminPage({ companyId }: { companyId: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const role = useSession((state) => state.user?.role);
  const company = useServerData(() => fetchCompany(companyId), [companyId]);
  const vfd = useServerData(() => fetchVfd(companyId), [companyId]);
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  // The page holds two small forms, a certificate to upload and the paid-until date; one
  // question covers both, so leaving with both changed asks once.
  const pending = useRef({ certificate: false, paidUntil: false });
  const leave = useLeaveGuard(() => pending.current.certificate || pending.current.paidUntil);
  const certificatePending = useCallback((value: boolean) => {
    pending.current.certificate = value;
  }, []);
  const paidUntilPending = useCallback((value: boolean) => {
    pending.current.paidUntil = value;
  }, []);
  usePageTitle(company.data?.name ?? t`Company`);

  if (!company.data) {
    return (
      <Stack maw={1000}>
        <BackLink to="/companies">
          <Trans>Companies</Trans>
        </BackLink>
        <LoadState loading={company.loading} failure={company.failure} onRetry={company.reload} />
      </Stack>
    );
  }
  const current = company.data;
  const name = current.name;

  const toggle = async () => {
    setBusy(true);
    try {
      const updated = await setCompanyActive(current.id, !current.active);
      company.set(updated);
      notifySuccess(updated.active ? t`${name} is enabled.` : t`${name} is disabled.`);
      setConfirming(false);
    } catch (error) {
      const failure = await readFailure(error);
      notifyFailure({
        code: failure.code,
        message: t`The change was not saved.` + ' ' + failure.message,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="lg" maw={1000}>
      <BackLink to="/companies">
        <Trans>Companies</Trans>
      </BackLink>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          {name}
        </Title>
        <Group gap="sm">
          <Button variant="default" onClick={() => setEditing(true)}>
            <Trans>Edit details</Trans>
          </Button>
          <Button
            variant="light"
            disabled={!current.active}
            onClick={() => {
              void useSession.getState().setActingCompany(toActing(current));
              void navigate({ to: '/dashboard' });
            }}
          >
            <Trans>Work in this company</Trans>
          </Button>
          <Button
            color={current.active ? 'red' : undefined}
            variant={current.active ? 'outline' : 'filled'}
            onClick={() => setConfirming(true)}
          >
            {current.active ? <Trans>Disable</Trans> : <Trans>Enable</Trans>}
          </Button>
        </Group>
      </Group>
      <CompanyDetails company={current} />
      {vfd.data ? (
        <VfdCard vfd={vfd.data} />
      ) : (
        <LoadState loading={vfd.loading} failure={vfd.failure} onRetry={vfd.reload} />
      )}
      <CertificateCard
        companyId={current.id}
        registered={current.vfd.status !== 'unregistered'}
        onInstalled={(state: VfdState) => {
          vfd.set(state);
          company.reload();
        }}
        onPending={certificatePending}
      />
      {role === 'platform_admin' && (
        <PaidUntilCard company={current} onSaved={company.set} onPending={paidUntilPending} />
      )}
      <FormModal
        opened={editing}
        onClose={() => setEditing(false)}
        title={t`Edit ${name}`}
        size="lg"
      >
        {editing && (
          <EditCompanyForm
            company={current}
            onSaved={(saved) => {
              company.set(saved);
              setEditing(false);
              const savedName = saved.name;
              notifySuccess(t`${savedName} is saved.`);
            }}
            onCancel={() => setEditing(false)}
          />
        )}
      </FormModal>
      <ConfirmDialog
        opened={confirming}
        title={current.active ? t`Disable ${name}?` : t`Enable ${name}?`}
        confirmLabel={current.active ? t`Disable` : t`Enable`}
        {...(current.active ? { color: 'red' } : {})}
        busy={busy}
        onConfirm={() => void toggle()}
        onClose={() => setConfirming(false)}
      >
        {current.active ? (
          <Trans>
            Its people are signed out at once and cannot work until it is enabled again. Receipts
            already issued still go to TRA.
          </Trans>
        ) : (
          <Trans>Its people can sign in and work again.</Trans>
        )}
      </ConfirmDialog>
      {leave.dialog}
    </Stack>
  );
}

function PaidUntilCard({
  company,
  onSaved,
  onPending,
}: {
  company: Company;
  onSaved(company: Company): void;
  onPending(pending: boolean): void;
}) {
  const { t } = useLingui();
  const [stored, setStored] = useState(
    company.paidUntil ? calendarDateText(company.paidUntil) : '',
  );
  const [value, setValue] = useState(stored);
  const pending = value.trim() !== stored.trim();
  useEffect(() => onPending(pending), [onPending, pending]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const iso = value.trim() === '' ? null : parseCalendarDate(value);
    if (value.trim() !== '' && !iso) {
      setError(t`Enter the date as DD-MM-YYYY`);
      return;
    }
    setBusy(true);
    const saved = await submitToServer(
      { setErrors: (errors) => setError(errors.paidUntil ?? null) },
      () => setPaidUntil(company.id, iso),
    );
    setBusy(false);
    if (saved) {
      setError(null);
      setStored(value);
      onSaved(saved);
      notifySuccess(t`The subscription date is saved.`);
    }
  };
  return (
    <Card withBorder radius="lg" padding="lg" component="section">
      <Stack gap="sm">
        <Title order={2} fz="h3">
          <Trans>Subscription</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>The last day this company's subscription is paid for; empty when not paid.</Trans>
        </Text>
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t`Paid until`}
            placeholder={t`DD-MM-YYYY`}
            inputMode="numeric"
            autoComplete="off"
            value={value}
            error={error}
            onChange={(event) => setValue(event.currentTarget.value)}
            {...typedDayCalendar(value, setValue)}
          />
          <Button onClick={() => void save()} loading={busy}>
            <Trans>Save</Trans>
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
