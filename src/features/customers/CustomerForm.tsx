// The customer form (spec §3 fields, §5 rules and messages). The rules are the domain schema's,
// so the phone refuses what the server would; a repeated identification or VAT number this
// phone knows of is refused as soon as the field is left. Saving works offline: the customer
// is stored on the phone and queued for the server.
import { useEffect } from 'react';
import { Button, Card, Flex, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  compactIdentifier,
  customerFieldsSchema,
  IDENTIFICATION_TYPES,
  type IdentificationType,
} from '../../../domain/schemas/customer';
import { localDuplicates, saveCustomer } from '../../db/customers';
import type { LocalCustomer } from '../../db/db';
import { RecordValidationError } from '../../db/validation';
import { notifyFailure } from '../../app/notify';
import { useLeaveGuard } from '../../app/shell/useLeaveGuard';
import { valibotValidate } from '../../forms/valibot';
import { identificationNumberHints, identificationTypeLabels } from './labels';
import { formatPhone } from './format';

export interface CustomerFormValues {
  name: string;
  identificationType: string;
  identificationNumber: string;
  phoneNumber: string;
  email: string;
  vatRegistrationNumber: string;
}

const valuesOf = (customer: LocalCustomer | null): CustomerFormValues => ({
  name: customer?.name ?? '',
  identificationType: customer?.identificationType ?? '',
  identificationNumber: customer?.identificationNumber ?? '',
  phoneNumber: formatPhone(customer?.phoneNumber ?? null),
  email: customer?.email ?? '',
  vatRegistrationNumber: customer?.vatRegistrationNumber ?? '',
});

const isType = (value: string): value is IdentificationType =>
  (IDENTIFICATION_TYPES as readonly string[]).includes(value);

export interface CustomerFormProps {
  companyId: string;
  /** The customer to edit; null for a new one. */
  customer: LocalCustomer | null;
  onSaved(customer: LocalCustomer): void;
  onCancel(): void;
}

export function CustomerForm({ companyId, customer, onSaved, onCancel }: CustomerFormProps) {
  const { t, i18n } = useLingui();
  const form = useForm<CustomerFormValues>({
    initialValues: valuesOf(customer),
    validate: valibotValidate(customerFieldsSchema),
  });
  const leave = useLeaveGuard(() => form.isDirty());

  // A record the server refused opens with the server's message under each field it named.
  const refusedFields = customer?.syncState === 'failed' ? customer.syncError?.fields : undefined;
  useEffect(() => {
    if (refusedFields) form.setErrors(refusedFields);
    // Only when the form opens: later edits clear these messages field by field.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const type = form.values.identificationType;
  const hint = isType(type) ? identificationNumberHints[type] : null;
  const noNumber = type === 'NO_IDENTIFICATION';

  /** The phone's own duplicate check, as soon as a number is entered. */
  const checkDuplicates = async () => {
    const values = form.getValues();
    const problems = await localDuplicates(companyId, customer?.id ?? null, {
      identificationType: isType(values.identificationType)
        ? values.identificationType
        : 'NO_IDENTIFICATION',
      identificationNumber: compactIdentifier(values.identificationNumber) || null,
      vatRegistrationNumber: compactIdentifier(values.vatRegistrationNumber) || null,
    });
    for (const [field, message] of Object.entries(problems)) {
      form.setFieldError(field, i18n._(message));
    }
  };

  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await saveCustomer(companyId, { ...values, id: customer?.id });
      leave.release();
      onSaved(saved);
    } catch (error) {
      if (error instanceof RecordValidationError) {
        const { _: general, ...fields } = error.fields;
        form.setErrors(
          Object.fromEntries(Object.entries(fields).map(([field, id]) => [field, i18n._(id)])),
        );
        if (general) notifyFailure({ code: 'customer_refused', message: i18n._(general) });
        return;
      }
      console.error(error);
      notifyFailure({ code: 'customer_not_saved', message: t`Error saving the customer` });
    }
  });

  return (
    <Card withBorder radius="lg" padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t`Customer name`}
            autoComplete="off"
            required
            maxLength={100}
            {...form.getInputProps('name')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t`Identification type`}
              placeholder={t`Choose a type`}
              required
              allowDeselect={false}
              data={IDENTIFICATION_TYPES.map((value) => ({
                value,
                label: i18n._(identificationTypeLabels[value]),
              }))}
              {...form.getInputProps('identificationType')}
              onChange={(value) => {
                form.setFieldValue('identificationType', value ?? '');
                form.clearFieldError('identificationNumber');
              }}
            />
            <TextInput
              label={t`Identification number`}
              description={hint ? i18n._(hint) : undefined}
              placeholder={noNumber ? t`Not needed` : undefined}
              required={!noNumber}
              disabled={noNumber}
              autoComplete="off"
              inputMode={
                type === 'TAX_IDENTIFICATION_NUMBER' || type === 'NATIONAL_IDENTIFICATION_AUTHORITY'
                  ? 'numeric'
                  : 'text'
              }
              {...form.getInputProps('identificationNumber')}
              value={noNumber ? '' : form.values.identificationNumber}
              onBlur={() => void checkDuplicates()}
            />
            <TextInput
              label={t`Phone number`}
              placeholder="0712 345 678"
              type="tel"
              inputMode="tel"
              autoComplete="off"
              {...form.getInputProps('phoneNumber')}
            />
            <TextInput
              label={t`Email`}
              type="email"
              inputMode="email"
              autoComplete="off"
              {...form.getInputProps('email')}
            />
            <TextInput
              label={t`VAT registration number (VRN)`}
              description={t`Only if the customer is registered for VAT`}
              placeholder="40012345X"
              autoComplete="off"
              {...form.getInputProps('vatRegistrationNumber')}
              onBlur={() => void checkDuplicates()}
            />
          </SimpleGrid>
          <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => {
                leave.release();
                onCancel();
              }}
            >
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={form.submitting}>
              <Trans>Save customer</Trans>
            </Button>
          </Flex>
        </Stack>
      </form>
      {leave.dialog}
    </Card>
  );
}
