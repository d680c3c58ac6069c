// The expense form (spec §3 Expense, §5 rules): receipt code, date DD-MM-YYYY and time, the
// seller (a saved vendor or typed), category, currency and its rate to shillings, whether the
// amounts include VAT, the items and the payments, with net, VAT, total and balance computed
// as the person types. The rules are the domain schema's, so the phone refuses what the server
// would. Saving works offline: the expense (and any files chosen) is stored on the phone and
// queued for the server.
import { useEffect, useMemo, useState } from 'react';
import {
  ActionIcon,
  Button,
  Card,
  Divider,
  FileButton,
  Grid,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconCash, IconPaperclip, IconPlus, IconTrash } from '@tabler/icons-react';
import { WARNING_TEXT } from '../../app/theme';
import { ATTACHMENT_ACCEPT } from '../../../domain/attachments';
import { CURRENCIES, HOME_CURRENCY } from '../../../domain/currency';
import {
  AMOUNT_TYPES,
  amountTypeLabels,
  EXPENSE_PAYMENT_METHODS,
  EXPENSE_TAX_TYPES,
  expensePaymentMethodLabels,
  expenseTaxTypeLabel,
} from '../../../domain/expense';
import { formatAmount, parseAmount, type Cents } from '../../../domain/money';
import { expenseMessages, expenseSchema } from '../../../domain/schemas/expense';
import type { LocalExpense } from '../../db/db';
import type { NewAttachment } from '../../db/expense-attachments';
import { saveExpense } from '../../db/expenses';
import { useExpenseCategories } from '../../db/useExpenseCategories';
import { useVendors } from '../../db/useVendors';
import { RecordValidationError } from '../../db/validation';
import { notifyFailure } from '../../app/notify';
import { useLeaveGuard } from '../../app/shell/useLeaveGuard';
import { typedDayCalendar } from '../../forms/DayInput';
import { valibotValidate } from '../../forms/valibot';
import { useSession } from '../../stores/session';
import {
  emptyExpenseItem,
  emptyExpensePayment,
  expenseFormValues,
  expenseInput,
  liveTotals,
  type ExpenseFormValues,
} from './expense-form';
import { categoryName } from './labels';
import { SuggestCategory } from './SuggestCategory';

/** "1500" becomes "1,500.00" when the field is left; text that is not an amount stays. */
const tidy = (text: string) => {
  const amount = parseAmount(text);
  return amount === null ? text : formatAmount(amount);
};

function LineFigures({ net, vat }: { net: string; vat: string }) {
  return (
    <Trans>
      Net {net} · VAT {vat}
    </Trans>
  );
}

export interface ExpenseFormProps {
  companyId: string;
  /** The expense to edit (or a receipt just read, to review); null for a new one. */
  expense: LocalExpense | null;
  /** Files chosen before the form opened (an uploaded receipt without a QR code). */
  initialFiles?: NewAttachment[];
  onSaved(expense: LocalExpense): void;
  /** Cancel was pressed: `release` lets the page be left without the leave question. */
  onCancel(release: () => void): void;
}

export function ExpenseForm({
  companyId,
  expense,
  initialFiles,
  onSaved,
  onCancel,
}: ExpenseFormProps) {
  const { t, i18n } = useLingui();
  const user = useSession((state) => state.user);
  const form = useForm<ExpenseFormValues>({
    initialValues: expenseFormValues(expense),
    validate: (values) => valibotValidate(expenseSchema)(expenseInput(values)),
  });
  const [firstFiles] = useState<NewAttachment[]>(initialFiles ?? []);
  const [files, setFiles] = useState(firstFiles);
  const [saving, setSaving] = useState(false);
  // A file chosen is work too: one added or removed, or the upload this new expense came with.
  const leave = useLeaveGuard(
    () => form.isDirty() || files !== firstFiles || (!expense && files.length > 0),
  );
  const vendors = useVendors(companyId, '', true);
  const categories = useExpenseCategories(companyId, true);

  // A record the server refused opens with the server's message under each field it named.
  const refusedFields = expense?.syncState === 'failed' ? expense.syncError?.fields : undefined;
  useEffect(() => {
    if (refusedFields) form.setErrors(refusedFields);
    // Only when the form opens: later edits clear these messages field by field.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const values = form.values;
  const live = useMemo(() => liveTotals(values), [values]);
  const taxed = values.amountType !== 'NO_TAX';
  const currency = values.currency;
  const foreign = currency !== HOME_CURRENCY;
  const currencyLabel = foreign ? values.currency : 'Tsh';
  const money = (amount: Cents) => `${currencyLabel} ${formatAmount(amount)}`;
  const total = live.totals?.totalAmount ?? (0 as Cents);
  const balance = (total - live.paid) as Cents;

  const categoryOptions = (categories ?? [])
    .map((category) => ({ value: category.id, label: categoryName(i18n, category) }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const vendorOptions = (vendors ?? []).map((vendor) => ({
    value: vendor.id,
    label: `${vendor.name} · ${vendor.tin}`,
  }));

  const pickVendor = (id: string | null) => {
    const vendor = vendors?.find((candidate) => candidate.id === id);
    form.setFieldValue(
      'vendor',
      vendor
        ? {
            vendorId: vendor.id,
            name: vendor.name,
            tin: vendor.tin,
            vrn: vendor.vrn ?? '',
            phone: vendor.phone ?? '',
            serial: vendor.serial ?? '',
          }
        : { ...values.vendor, vendorId: '' },
    );
  };

  /** Typing over a saved vendor's details makes it a seller of its own. */
  const vendorField = (field: 'name' | 'tin' | 'vrn' | 'phone' | 'serial') => ({
    ...form.getInputProps(`vendor.${field}`),
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      form.setFieldValue(`vendor.${field}`, event.currentTarget.value);
      if (values.vendor.vendorId) form.setFieldValue('vendor.vendorId', '');
    },
  });

  const payRest = (index: number) => {
    const own = parseAmount(values.payments[index]!.amount) ?? 0;
    const rest = Math.max(0, total - (live.paid - own)) as Cents;
    form.setFieldValue(`payments.${index}.amount`, formatAmount(rest));
    form.clearFieldError('payments');
  };

  const submit = form.onSubmit(async (typed) => {
    setSaving(true);
    try {
      const saved = await saveExpense(
        companyId,
        { ...expenseInput(typed), id: expense?.id, source: expense?.source ?? 'manual' },
        {
          files,
          author: user
            ? { id: user.id, name: `${user.firstname} ${user.lastname}`.trim() }
            : undefined,
        },
      );
      leave.release();
      onSaved(saved);
    } catch (error) {
      if (error instanceof RecordValidationError) {
        const { _: general, ...fields } = error.fields;
        form.setErrors(
          Object.fromEntries(Object.entries(fields).map(([field, id]) => [field, i18n._(id)])),
        );
        if (general) notifyFailure({ code: 'expense_refused', message: i18n._(general) });
        else
          notifyFailure({
            code: 'validation_failed',
            message: t`Please check the highlighted fields`,
          });
        return;
      }
      console.error(error);
      notifyFailure({ code: 'expense_not_saved', message: t`The expense could not be saved.` });
    } finally {
      setSaving(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Card withBorder radius="lg" padding="md">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
              <TextInput
                label={t`Receipt code`}
                description={t`The verification code printed on the receipt`}
                required
                autoComplete="off"
                autoCapitalize="characters"
                maxLength={255}
                {...form.getInputProps('receiptCode')}
              />
              <TextInput
                label={t`Date`}
                placeholder={t`DD-MM-YYYY`}
                required
                inputMode="numeric"
                autoComplete="off"
                {...form.getInputProps('date')}
                {...typedDayCalendar(values.date, (date) => form.setFieldValue('date', date))}
              />
              <TextInput
                label={t`Time`}
                placeholder={t`HH:mm`}
                required
                inputMode="numeric"
                {...form.getInputProps('time')}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <Stack gap={4}>
                <Select
                  label={t`Category`}
                  placeholder={t`Choose a category`}
                  data={categoryOptions}
                  searchable
                  clearable
                  nothingFoundMessage={t`No category matches`}
                  comboboxProps={{ withinPortal: true }}
                  {...form.getInputProps('categoryId')}
                  value={values.categoryId || null}
                  onChange={(value) => form.setFieldValue('categoryId', value ?? '')}
                />
                <SuggestCategory
                  companyId={companyId}
                  categories={categories ?? []}
                  descriptions={values.items.map((item) => item.description)}
                  vendorName={values.vendor.name}
                  onSuggested={(categoryId) => form.setFieldValue('categoryId', categoryId)}
                  onRefused={(message) => form.setFieldError('categoryId', message)}
                />
              </Stack>
              <Select
                label={t`Amounts on the receipt`}
                data={AMOUNT_TYPES.map((type) => ({
                  value: type,
                  label: i18n._(amountTypeLabels[type]),
                }))}
                allowDeselect={false}
                required
                {...form.getInputProps('amountType')}
                onChange={(value) => value && form.setFieldValue('amountType', value)}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 2 }} spacing="sm">
              <Select
                label={t`Currency`}
                data={[...CURRENCIES]}
                searchable
                allowDeselect={false}
                {...form.getInputProps('currency')}
                onChange={(value) => value && form.setFieldValue('currency', value)}
              />
              {foreign && (
                <TextInput
                  label={t`Rate to TZS`}
                  description={t`Shillings for 1 ${currency}`}
                  inputMode="decimal"
                  required
                  {...form.getInputProps('currencyRate')}
                />
              )}
            </SimpleGrid>
          </Stack>
        </Card>

        <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="vendor">
          <Stack gap="sm">
            <Title order={2} fz="h4" id="vendor">
              <Trans>Vendor</Trans>
            </Title>
            {vendorOptions.length > 0 && (
              <Select
                label={t`Saved vendor`}
                placeholder={t`Choose a saved vendor, or type the seller below`}
                data={vendorOptions}
                searchable
                clearable
                value={values.vendor.vendorId || null}
                onChange={pickVendor}
                comboboxProps={{ withinPortal: true }}
              />
            )}
            <TextInput
              label={t`Vendor name`}
              required
              maxLength={255}
              autoComplete="off"
              {...vendorField('name')}
            />
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
              <TextInput label={t`TIN`} inputMode="numeric" {...vendorField('tin')} />
              <TextInput label={t`VAT number`} {...vendorField('vrn')} />
              <TextInput label={t`Serial`} {...vendorField('serial')} />
              <TextInput label={t`Phone`} inputMode="tel" {...vendorField('phone')} />
            </SimpleGrid>
          </Stack>
        </Card>

        <Stack gap="xs" component="section" aria-labelledby="expense-items">
          <Title order={2} fz="h4" id="expense-items">
            <Trans>Items</Trans>
          </Title>
          <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {values.items.map((item, index) => {
              const number = index + 1;
              const line = live.lines[index];
              return (
                <Card
                  key={item.key}
                  withBorder
                  radius="md"
                  padding="sm"
                  component="li"
                  data-testid="expense-item"
                >
                  <Stack gap="xs">
                    <Group gap="xs" wrap="nowrap" align="flex-start">
                      <TextInput
                        label={t`Item ${number}`}
                        placeholder={t`What was bought`}
                        required
                        maxLength={255}
                        style={{ flex: 1 }}
                        {...form.getInputProps(`items.${index}.description`)}
                      />
                      {values.items.length > 1 && (
                        <Tooltip label={t`Remove item ${number}`}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            size="lg"
                            mt={30}
                            aria-label={t`Remove item ${number}`}
                            onClick={() => form.removeListItem('items', index)}
                          >
                            <IconTrash size={20} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </Group>
                    <Grid gap="xs">
                      <Grid.Col span={{ base: 4, sm: 3 }}>
                        <TextInput
                          label={t`Quantity`}
                          inputMode="decimal"
                          required
                          {...form.getInputProps(`items.${index}.quantity`)}
                        />
                      </Grid.Col>
                      <Grid.Col span={{ base: 8, sm: 4 }}>
                        <TextInput
                          label={t`Unit amount`}
                          inputMode="decimal"
                          required
                          leftSection={<Text size="xs">{currencyLabel}</Text>}
                          leftSectionWidth={44}
                          {...form.getInputProps(`items.${index}.unitAmount`)}
                          onBlur={(event) =>
                            form.setFieldValue(
                              `items.${index}.unitAmount`,
                              tidy(event.currentTarget.value),
                            )
                          }
                        />
                      </Grid.Col>
                      {taxed && (
                        <Grid.Col span={{ base: 12, sm: 5 }}>
                          <Select
                            label={t`Tax type`}
                            data={EXPENSE_TAX_TYPES.map((type) => ({
                              value: type,
                              label: i18n._(expenseTaxTypeLabel(type)),
                            }))}
                            allowDeselect={false}
                            comboboxProps={{ withinPortal: true }}
                            {...form.getInputProps(`items.${index}.taxType`)}
                            onChange={(value) =>
                              value && form.setFieldValue(`items.${index}.taxType`, value)
                            }
                          />
                        </Grid.Col>
                      )}
                    </Grid>
                    {line && (
                      <Group justify="space-between" gap="xs" data-testid="expense-item-totals">
                        <Text size="sm" c="dimmed">
                          <LineFigures net={money(line.netAmount)} vat={money(line.vatAmount)} />
                        </Text>
                        <Text size="sm" fw={700}>
                          {money(line.amount)}
                        </Text>
                      </Group>
                    )}
                  </Stack>
                </Card>
              );
            })}
          </Stack>
          <Group>
            <Button
              variant="light"
              leftSection={<IconPlus size={18} />}
              onClick={() => form.insertListItem('items', emptyExpenseItem())}
            >
              <Trans>Add item</Trans>
            </Button>
          </Group>
        </Stack>

        <Stack gap="xs" component="section" aria-labelledby="expense-payments">
          <Title order={2} fz="h4" id="expense-payments">
            <Trans>Payments</Trans>
          </Title>
          {values.payments.map((payment, index) => {
            const number = index + 1;
            return (
              <Group
                key={payment.key}
                gap="xs"
                align="flex-end"
                wrap="nowrap"
                data-testid="expense-payment"
              >
                <Select
                  label={t`Payment ${number}`}
                  data={EXPENSE_PAYMENT_METHODS.map((method) => ({
                    value: method,
                    label: i18n._(expensePaymentMethodLabels[method]),
                  }))}
                  allowDeselect={false}
                  style={{ flex: '0 0 38%' }}
                  {...form.getInputProps(`payments.${index}.method`)}
                  onChange={(value) =>
                    value && form.setFieldValue(`payments.${index}.method`, value)
                  }
                />
                <TextInput
                  label={t`Amount`}
                  inputMode="decimal"
                  style={{ flex: 1, minWidth: 0 }}
                  rightSection={
                    <Tooltip label={t`Pay the rest`}>
                      <ActionIcon
                        variant="light"
                        size={30}
                        aria-label={t`Pay the rest with payment ${number}`}
                        onClick={() => payRest(index)}
                      >
                        <IconCash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  }
                  rightSectionWidth={38}
                  {...form.getInputProps(`payments.${index}.amount`)}
                  onBlur={(event) =>
                    form.setFieldValue(`payments.${index}.amount`, tidy(event.currentTarget.value))
                  }
                />
                <Tooltip label={t`Remove payment ${number}`}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size={42}
                    aria-label={t`Remove payment ${number}`}
                    onClick={() => form.removeListItem('payments', index)}
                  >
                    <IconTrash size={20} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            );
          })}
          <Group>
            <Button
              variant="light"
              leftSection={<IconPlus size={18} />}
              onClick={() => {
                const rest = Math.max(0, balance) as Cents;
                form.insertListItem(
                  'payments',
                  emptyExpensePayment(rest > 0 ? formatAmount(rest) : ''),
                );
              }}
            >
              <Trans>Add payment</Trans>
            </Button>
          </Group>
          {form.errors.payments && (
            <Text c="red" size="sm" role="alert" data-testid="payments-error">
              {form.errors.payments}
            </Text>
          )}
        </Stack>

        <Card withBorder radius="lg" padding="md" role="group" aria-label={t`Totals`}>
          <Stack gap={6}>
            {live.tooLarge && (
              <Text c="red.8" size="sm" role="alert" data-testid="expense-too-large">
                {i18n._(expenseMessages.amountsTooLarge)}
              </Text>
            )}
            {[
              [t`Net amount`, live.totals?.netAmount ?? 0, 'expense-net'],
              [t`VAT`, live.totals?.totalVat ?? 0, 'expense-vat'],
              [t`Total`, total, 'expense-total'],
              [t`Paid`, live.paid, 'expense-paid'],
            ].map(([label, amount, testId]) => (
              <Group key={testId as string} justify="space-between" wrap="nowrap">
                <Text size="sm">{label as string}</Text>
                <Text
                  size="sm"
                  fw={testId === 'expense-total' ? 700 : 500}
                  data-testid={testId as string}
                >
                  {money(amount as Cents)}
                </Text>
              </Group>
            ))}
            <Divider />
            <Group justify="space-between" wrap="nowrap">
              <Text fw={700}>
                <Trans>Balance</Trans>
              </Text>
              <Text
                fw={700}
                c={balance === 0 ? undefined : WARNING_TEXT}
                data-testid="expense-balance"
              >
                {money(balance)}
              </Text>
            </Group>
            {balance !== 0 && live.totals && (
              <Text size="xs" c="dimmed">
                {i18n._(expenseMessages.paymentsMustEqualTotal)}
              </Text>
            )}
          </Stack>
        </Card>

        {!expense && (
          <Stack gap="xs">
            <Group gap="xs">
              <FileButton
                multiple
                accept={ATTACHMENT_ACCEPT}
                onChange={(chosen) =>
                  setFiles((previous) => [
                    ...previous,
                    ...chosen.map((file) => ({ blob: file, name: file.name, type: file.type })),
                  ])
                }
              >
                {(props) => (
                  <Button variant="default" leftSection={<IconPaperclip size={18} />} {...props}>
                    <Trans>Attach the receipt</Trans>
                  </Button>
                )}
              </FileButton>
              <Text size="xs" c="dimmed">
                <Trans>PDF, PNG or JPG, at most 5 MB</Trans>
              </Text>
            </Group>
            {files.map(({ name: fileName }, index) => (
              <Group key={`${fileName}-${index}`} gap="xs" wrap="nowrap" data-testid="chosen-file">
                <Text size="sm" truncate style={{ flex: 1 }}>
                  {fileName}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t`Remove ${fileName}`}
                  onClick={() => setFiles((previous) => previous.filter((_, i) => i !== index))}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            ))}
            {form.errors.files && (
              <Text c="red" size="sm" role="alert">
                {form.errors.files}
              </Text>
            )}
          </Stack>
        )}

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => onCancel(leave.release)} disabled={saving}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={saving} data-testid="save-expense">
            <Trans>Save expense</Trans>
          </Button>
        </Group>
      </Stack>
      {leave.dialog}
    </form>
  );
}
