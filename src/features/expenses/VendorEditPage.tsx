// A vendor's form (spec §5 Vendor): name, TIN (9 digits), VAT number, serial, phone (9 to 15
// digits), address, and activate or inactivate it after a confirmation (spec §4). A TIN or
// serial another vendor has is refused ('Conflict. Tax Number or Serial already registered.').
// When another device changed the same fields first, both values show and the user chooses.
import { useEffect, useState } from 'react';
import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate, useParams } from '@tanstack/react-router';
import { vendorSchema } from '../../../domain/schemas/vendor';
import type { VendorRecord } from '../../../domain/expense-record';
import {
  saveVendor,
  setVendorActive,
  settleVendorChange,
  vendorChanges,
  vendorDuplicates,
  getVendor,
} from '../../db/expense-directory';
import { conflictOf } from '../../db/record-changes';
import type { LocalVendor } from '../../db/db';
import { RecordValidationError } from '../../db/validation';
import { BackLink } from '../../app/BackLink';
import { notifyFailure, notifySuccess } from '../../app/notify';
import { useLeaveGuard } from '../../app/shell/useLeaveGuard';
import { useCompanyId } from '../../app/useCompanyId';
import { usePageTitle } from '../../app/usePageTitle';
import { valibotValidate } from '../../forms/valibot';
import { ConfirmDialog } from '../invoices/ConfirmDialog';
import {
  compareFields,
  RecordConflict,
  useSettledCount,
  type ShownField,
} from '../sync/RecordConflict';
import { RecordSyncBadge } from '../sync/RecordSyncBadge';
import { useLiveQuery } from 'dexie-react-hooks';

interface VendorValues {
  name: string;
  tin: string;
  vrn: string;
  serial: string;
  phone: string;
  address: string;
}

const valuesOf = (vendor: LocalVendor | null): VendorValues => ({
  name: vendor?.name ?? '',
  tin: vendor?.tin ?? '',
  vrn: vendor?.vrn ?? '',
  serial: vendor?.serial ?? '',
  phone: vendor?.phone ?? '',
  address: vendor?.address ?? '',
});

function VendorForm({ companyId, vendor }: { companyId: string; vendor: LocalVendor | null }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState(false);
  const form = useForm<VendorValues>({
    initialValues: valuesOf(vendor),
    validate: valibotValidate(vendorSchema),
  });
  const leave = useLeaveGuard(() => form.isDirty());
  const refused = vendor?.syncState === 'failed' ? vendor.syncError?.fields : undefined;
  useEffect(() => {
    if (refused) form.setErrors(refused);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const checkDuplicates = async () => {
    const { tin, serial } = form.getValues();
    const problems = await vendorDuplicates(companyId, vendor?.id ?? null, {
      tin: tin.replace(/[\s-]/g, ''),
      serial: serial.replace(/[\s-]/g, '').toUpperCase() || null,
    });
    for (const [field, message] of Object.entries(problems)) {
      if (field !== '_') form.setFieldError(field, i18n._(message));
    }
  };

  const submit = form.onSubmit(async (values) => {
    try {
      await saveVendor(companyId, { ...values, id: vendor?.id, active: vendor?.active ?? true });
      const name = values.name.trim();
      notifySuccess(t`${name} is saved.`);
      leave.release();
      void navigate({ to: '/vendors' });
    } catch (error) {
      if (error instanceof RecordValidationError) {
        const { _: general, ...fields } = error.fields;
        form.setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, i18n._(v)])));
        if (general) notifyFailure({ code: 'vendor_refused', message: i18n._(general) });
        return;
      }
      throw error;
    }
  });

  const name = vendor?.name ?? '';
  return (
    <Card withBorder radius="lg" padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t`Vendor name`}
            required
            maxLength={255}
            {...form.getInputProps('name')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              label={t`TIN`}
              description={t`9 digits`}
              required
              inputMode="numeric"
              {...form.getInputProps('tin')}
              onBlur={() => void checkDuplicates()}
            />
            <TextInput
              label={t`VAT number`}
              description={t`9 letters or digits`}
              {...form.getInputProps('vrn')}
            />
            <TextInput
              label={t`Serial`}
              description={t`Of the seller's fiscal device, e.g. 10TZ100781`}
              {...form.getInputProps('serial')}
              onBlur={() => void checkDuplicates()}
            />
            <TextInput label={t`Phone`} inputMode="tel" {...form.getInputProps('phone')} />
          </SimpleGrid>
          <TextInput label={t`Address`} maxLength={255} {...form.getInputProps('address')} />
          <Group justify="space-between">
            {vendor ? (
              <Button
                variant="light"
                color={vendor.active ? 'red' : undefined}
                onClick={() => setConfirm(true)}
              >
                {vendor.active ? t`Inactivate` : t`Activate`}
              </Button>
            ) : (
              <span />
            )}
            <Group gap="sm">
              <Button
                variant="default"
                onClick={() => {
                  leave.release();
                  void navigate({ to: '/vendors' });
                }}
              >
                <Trans>Cancel</Trans>
              </Button>
              <Button type="submit">
                <Trans>Save vendor</Trans>
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
      {leave.dialog}
      {vendor && (
        <ConfirmDialog
          opened={confirm}
          onClose={() => setConfirm(false)}
          onConfirm={() =>
            void setVendorActive(companyId, vendor.id, !vendor.active).then(() => setConfirm(false))
          }
          title={vendor.active ? t`Inactivate ${name}?` : t`Activate ${name}?`}
          confirmLabel={vendor.active ? t`Inactivate` : t`Activate`}
          color={vendor.active ? 'red' : undefined}
        >
          {vendor.active ? (
            <Trans>It is no longer offered for new expenses. Its expenses keep it.</Trans>
          ) : (
            <Trans>It is offered again for new expenses.</Trans>
          )}
        </ConfirmDialog>
      )}
    </Card>
  );
}

export function VendorEditPage() {
  const { t } = useLingui();
  const companyId = useCompanyId();
  const params = useParams({ strict: false }) as { vendorId?: string };
  const id = params.vendorId ?? null;
  const vendor = useLiveQuery(
    () => (companyId && id ? getVendor(companyId, id) : null),
    [companyId, id],
  );
  const conflict = vendor ? conflictOf<VendorRecord>(vendorChanges, vendor) : null;
  // Once a change both devices made is settled, the form starts again from the record as settled.
  const settled = useSettledCount(conflict !== null);
  usePageTitle(id ? (vendor?.name ?? t`Vendor`) : t`New vendor`);
  if (!companyId || (id && vendor === undefined)) return null;
  const shownFields = (v: VendorRecord): Record<string, ShownField> => ({
    name: { label: t`Vendor name`, value: v.name },
    tin: { label: t`TIN`, value: v.tin },
    vrn: { label: t`VAT number`, value: v.vrn },
    serial: { label: t`Serial`, value: v.serial },
    phone: { label: t`Phone`, value: v.phone },
    address: { label: t`Address`, value: v.address },
    active: { label: t`Status`, value: v.active ? t`Active` : t`Inactive` },
  });
  return (
    <Stack gap="md" maw={720}>
      <BackLink to="/vendors">{t`Vendors`}</BackLink>
      <Group justify="space-between">
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          {id ? (vendor?.name ?? t`Vendor not found`) : t`New vendor`}
        </Title>
        {vendor && <RecordSyncBadge state={vendor.syncState} />}
      </Group>
      {id && !vendor ? (
        <Text c="dimmed">
          <Trans>This vendor is not on this phone.</Trans>
        </Text>
      ) : (
        <>
          {vendor && conflict && (
            <RecordConflict
              fields={compareFields(
                shownFields(vendor),
                shownFields(conflict.theirs),
                conflict.fields,
              )}
              onChoose={(choice) => settleVendorChange(companyId, vendor.id, choice)}
            />
          )}
          <VendorForm
            key={`${vendor?.id ?? 'new'}:${settled}`}
            companyId={companyId}
            vendor={vendor ?? null}
          />
        </>
      )}
    </Stack>
  );
}
