// Who buys: a saved customer found by name, TIN or phone; a new one added here with the customer
// rules of spec §5 (saved through the customer repository, so it syncs like any other); or a
// walk-in customer with no identification. The invoice keeps a copy of the customer's details,
// so a later edit of the customer never changes a receipt.
import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Combobox,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  useCombobox,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconSearch, IconUserPlus, IconX } from '@tabler/icons-react';
import {
  customerFieldsSchema,
  IDENTIFICATION_TYPES,
  type IdentificationType,
} from '../../../../domain/schemas/customer';
import { saveCustomer } from '../../../db/customers';
import type { LocalCustomer } from '../../../db/db';
import { useCustomer } from '../../../db/useCustomer';
import { useCustomers } from '../../../db/useCustomers';
import { RecordValidationError } from '../../../db/validation';
import { notifyFailure } from '../../../app/notify';
import { valibotValidate } from '../../../forms/valibot';
import { walkInCustomer, type CustomerValues } from '../form';
import { identificationTypeLabels, identificationTypeShort } from '../../customers/labels';
import { formatPhone } from '../../customers/format';
import type { InvoiceForm } from './editor-form';
import { useLeaveGuard } from '../../../app/shell/useLeaveGuard';

const SUGGESTIONS = 8;

const copyOf = (customer: LocalCustomer): CustomerValues => ({
  name: customer.name,
  identificationType: customer.identificationType,
  identificationNumber: customer.identificationNumber ?? '',
  phoneNumber: customer.phoneNumber ?? '',
  email: customer.email ?? '',
  vatRegistrationNumber: customer.vatRegistrationNumber ?? '',
});

const isIdType = (value: string): value is IdentificationType =>
  (IDENTIFICATION_TYPES as readonly string[]).includes(value);

function CustomerSearch({
  companyId,
  onPick,
}: {
  companyId: string;
  onPick(c: LocalCustomer): void;
}) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const combobox = useCombobox();
  const found = useCustomers(companyId, search.trim());
  const matches = useMemo(
    () => (search.trim() ? (found ?? []).slice(0, SUGGESTIONS) : []),
    [found, search],
  );
  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(id) => {
        const customer = matches.find((candidate) => candidate.id === id);
        if (customer) onPick(customer);
        setSearch('');
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <TextInput
          label={t`Find a saved customer`}
          placeholder={t`Name, TIN or phone`}
          leftSection={<IconSearch size={18} />}
          autoComplete="off"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!search.trim()}>
        <Combobox.Options aria-label={t`Saved customers`}>
          {matches.length === 0 ? (
            <Combobox.Empty>
              <Trans>No saved customer matches.</Trans>
            </Combobox.Empty>
          ) : (
            matches.map((customer) => (
              <Combobox.Option value={customer.id} key={customer.id}>
                <Text size="sm" fw={600} truncate>
                  {customer.name}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {[customer.identificationNumber, formatPhone(customer.phoneNumber)]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

function NewCustomerForm({
  companyId,
  onSaved,
  onCancel,
  onTyping,
  unsaved,
}: {
  companyId: string;
  onSaved(customer: LocalCustomer): void;
  onCancel(): void;
  onTyping(typing: boolean): void;
  /** The invoice was saved or submitted while this form held typing: say why it was not. */
  unsaved: boolean;
}) {
  const { t, i18n } = useLingui();
  const form = useForm({
    initialValues: {
      name: '',
      identificationType: '',
      identificationNumber: '',
      phoneNumber: '',
      email: '',
      vatRegistrationNumber: '',
    },
    validate: valibotValidate(customerFieldsSchema),
  });
  // The invoice keeps its own draft; the customer typed here is not in it until saved.
  const leave = useLeaveGuard(() => form.isDirty());
  const typing = form.isDirty();
  useEffect(() => {
    onTyping(typing);
  }, [onTyping, typing]);
  useEffect(() => () => onTyping(false), [onTyping]);
  const noNumber = form.values.identificationType === 'NO_IDENTIFICATION';

  const save = async () => {
    if (form.validate().hasErrors) return;
    try {
      onSaved(await saveCustomer(companyId, form.getValues()));
    } catch (error) {
      if (!(error instanceof RecordValidationError)) throw error;
      const { _: general, ...fields } = error.fields;
      form.setErrors(Object.fromEntries(Object.entries(fields).map(([k, id]) => [k, i18n._(id)])));
      if (general) notifyFailure({ code: 'customer_refused', message: i18n._(general) });
    }
  };

  return (
    <Card withBorder radius="md" padding="sm" data-testid="new-customer-form">
      <Stack gap="xs">
        <Text fw={600}>
          <Trans>New customer</Trans>
        </Text>
        <TextInput
          label={t`Customer name`}
          required
          maxLength={100}
          {...form.getInputProps('name')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <Select
            label={t`Identification type`}
            placeholder={t`Choose a type`}
            required
            data={IDENTIFICATION_TYPES.map((type) => ({
              value: type,
              label: i18n._(identificationTypeLabels[type]),
            }))}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('identificationType')}
          />
          <TextInput
            label={t`Identification number`}
            disabled={noNumber}
            required={!noNumber}
            {...form.getInputProps('identificationNumber')}
          />
          <TextInput
            label={t`Phone`}
            type="tel"
            inputMode="tel"
            {...form.getInputProps('phoneNumber')}
          />
          <TextInput
            label={t`Email`}
            type="email"
            inputMode="email"
            {...form.getInputProps('email')}
          />
          <TextInput
            label={t`VAT registration number`}
            {...form.getInputProps('vatRegistrationNumber')}
          />
        </SimpleGrid>
        {unsaved && typing && (
          <Text c="red" size="sm" role="alert" data-testid="new-customer-unsaved">
            <Trans>
              Save this customer or cancel it first: the invoice does not include it until it is
              saved.
            </Trans>
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          <Button onClick={() => void save()}>
            <Trans>Save customer</Trans>
          </Button>
        </Group>
      </Stack>
      {leave.dialog}
    </Card>
  );
}

export function CustomerSection({
  form,
  companyId,
  onTyping,
  unsaved,
}: {
  form: InvoiceForm;
  companyId: string;
  /** Whether a new customer is being typed here and not saved yet. */
  onTyping(typing: boolean): void;
  /** The invoice was saved or submitted while a new customer was typed and not saved. */
  unsaved: boolean;
}) {
  const { t, i18n } = useLingui();
  const [adding, setAdding] = useState(false);
  const { customerId, customer } = form.values;
  const saved = useCustomer(companyId, customerId);
  const idType = isIdType(customer.identificationType) ? customer.identificationType : null;
  const problems = [
    'name',
    'identificationType',
    'identificationNumber',
    'phoneNumber',
    'email',
    'vatRegistrationNumber',
  ]
    .map((field) => form.errors[`customer.${field}`])
    .filter((problem): problem is string => typeof problem === 'string' && problem !== '');

  const pick = (picked: LocalCustomer) => {
    form.setFieldValue('customerId', picked.id);
    form.setFieldValue('customer', copyOf(picked));
    for (const field of Object.keys(customer)) form.clearFieldError(`customer.${field}`);
    setAdding(false);
  };
  const walkIn = () => {
    form.setFieldValue('customerId', null);
    form.setFieldValue('customer', walkInCustomer());
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby="invoice-customer">
      <Title order={2} fz="h4" id="invoice-customer">
        <Trans>Customer</Trans>
      </Title>
      {customerId || customer.identificationType !== 'NO_IDENTIFICATION' ? (
        <Card withBorder radius="md" padding="sm" data-testid="invoice-customer">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div style={{ minWidth: 0 }}>
              <Text fw={700} truncate>
                {customer.name}
              </Text>
              <Text size="sm" c="dimmed">
                {idType && i18n._(identificationTypeShort[idType])}
                {customer.identificationNumber && `: ${customer.identificationNumber}`}
              </Text>
              {(customer.phoneNumber || customer.email) && (
                <Text size="sm" c="dimmed" truncate>
                  {[formatPhone(customer.phoneNumber), customer.email].filter(Boolean).join(' · ')}
                </Text>
              )}
            </div>
            <Button variant="subtle" size="sm" leftSection={<IconX size={16} />} onClick={walkIn}>
              <Trans>Change</Trans>
            </Button>
          </Group>
          {saved?.syncState === 'failed' && saved.syncError && (
            <Alert color="red" variant="light" mt="xs">
              {saved.syncError.message}
            </Alert>
          )}
          {problems.map((problem) => (
            <Text key={problem} c="red" size="sm" role="alert">
              {problem}
            </Text>
          ))}
        </Card>
      ) : adding ? (
        <NewCustomerForm
          companyId={companyId}
          onSaved={pick}
          onCancel={() => setAdding(false)}
          onTyping={onTyping}
          unsaved={unsaved}
        />
      ) : (
        <>
          <CustomerSearch companyId={companyId} onPick={pick} />
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              <Trans>Or leave it as a walk-in customer, with no identification.</Trans>
            </Text>
            <Button
              variant="light"
              size="sm"
              leftSection={<IconUserPlus size={16} />}
              onClick={() => setAdding(true)}
            >
              <Trans>New customer</Trans>
            </Button>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <TextInput
              label={t`Walk-in customer name (optional)`}
              maxLength={100}
              {...form.getInputProps('customer.name')}
            />
            <TextInput
              label={t`Walk-in customer phone (optional)`}
              type="tel"
              inputMode="tel"
              {...form.getInputProps('customer.phoneNumber')}
            />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
