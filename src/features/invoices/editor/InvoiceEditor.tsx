// The invoice editor (spec §2 /new-invoice and /edit-invoice/{id}; DESIGN.md "The main job").
// Everything typed is kept on the phone at every change (the editor's draft), so a reload or a
// crashed tab loses nothing; Save stores the draft invoice and queues it, online or not; Submit
// asks first, because a submitted invoice can never be changed or taken back.
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Grid,
  Group,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconAlertTriangle, IconDeviceFloppy, IconPlus, IconSend } from '@tabler/icons-react';
import { errorMessages } from '../../../../domain/errors';
import { invoiceStatusLabels } from '../../../../domain/invoice-status';
import { formatTsh } from '../../../../domain/money';
import type { LocalInvoice } from '../../../db/db';
import {
  acknowledgeReplacedDraft,
  keepEditorDraft,
  saveInvoiceDraft,
  submitInvoice,
  type InvoiceContext,
} from '../../../db/invoices';
import { RecordValidationError } from '../../../db/validation';
import { notifyFailure, notifySuccess } from '../../../app/notify';
import { i18n as appI18n } from '../../../i18n/i18n';
import { useConnection } from '../../../stores/connection';
import { BlockedBanner } from '../BlockedBanner';
import { ConfirmDialog } from '../ConfirmDialog';
import { emptyItem, formProblems, liveTotals, readForm, type InvoiceFormValues } from '../form';
import { CustomerSection } from './CustomerSection';
import { ItemCard } from './ItemCard';
import { PaymentsSection } from './PaymentsSection';
import { TotalsCard } from './TotalsCard';
import classes from './editor.module.css';

export interface InvoiceEditorProps {
  context: InvoiceContext;
  invoiceId: string;
  /** The saved draft being edited; null for an invoice never saved. */
  saved: LocalInvoice | null;
  initial: InvoiceFormValues;
  /** The saved version the typing started from (null: never saved). */
  baseVersion: number | null;
  /** When what is shown was restored from the editor's draft (typed but not saved). */
  restoredAt: number | null;
  /** The receipt number of the invoice this one corrects, when it is a correction. */
  corrects?: { receiptNumber: number | null } | null;
  onSaved(invoice: LocalInvoice): void;
  onSubmitted(invoice: LocalInvoice): void;
  /** Throws away what was typed since the last save. */
  onDiscard?(): void;
  /** Extra actions of a saved draft (print, cancel). */
  actions?: React.ReactNode;
}

const translate = (problems: Record<string, string>) =>
  Object.fromEntries(Object.entries(problems).map(([field, id]) => [field, appI18n._(id)]));

export function InvoiceEditor({
  context,
  invoiceId,
  saved,
  initial,
  baseVersion,
  restoredAt,
  corrects,
  onSaved,
  onSubmitted,
  onDiscard,
  actions,
}: InvoiceEditorProps) {
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState<'save' | 'submit' | null>(null);
  const [confirmSubmit, setConfirmSubmit] = useState(false);
  // A new customer typed in the customer section is not on the invoice until it is saved: the
  // invoice is neither saved nor submitted meanwhile (it would go out as a walk-in customer).
  const [customerTyping, setCustomerTyping] = useState(false);
  const [customerUnsaved, setCustomerUnsaved] = useState(false);
  const base = useRef(baseVersion);
  const form = useForm<InvoiceFormValues>({
    initialValues: initial,
    validate: (values) => translate(formProblems(values)),
    validateInputOnBlur: true,
    onValuesChange: (values) => {
      // Kept at every change: the tab may be closed or crash before Save.
      void keepEditorDraft({
        id: invoiceId,
        companyId: context.companyId,
        baseVersion: base.current,
        form: values,
      });
    },
  });

  // A draft the server refused opens with the server's message under each field it named.
  const refusedFields = saved?.syncState === 'failed' ? saved.syncError?.fields : undefined;
  useEffect(() => {
    if (refusedFields) form.setErrors(refusedFields);
    // Only when the editor opens: later edits clear these messages field by field.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const live = useMemo(() => liveTotals(form.values), [form.values]);
  const blocked = context.blockedByTra;
  const [acknowledged, setAcknowledged] = useState(false);
  // Another device saved this draft after the typing here started: a pull said so, or the
  // restored typing is older than the saved draft, which this device did not write.
  const replaced =
    !acknowledged &&
    saved !== null &&
    (saved.replacedAt != null ||
      (restoredAt !== null &&
        baseVersion !== null &&
        saved.version > baseVersion &&
        saved.writtenHere === 0));
  const total = formatTsh(live.totals.totalIncludingTax);
  const itemsError = form.errors.items;
  const correctedNumber = corrects?.receiptNumber ?? null;

  /** Shows the repository's refusal under the fields it names, and the rest as a notification. */
  const showRefusal = (error: unknown) => {
    if (!(error instanceof RecordValidationError)) {
      console.error(error);
      notifyFailure({
        code: 'invoice_not_saved',
        message: i18n._(errorMessages.invoice_not_saved),
      });
      return;
    }
    const { _: general, ...fields } = error.fields;
    form.setErrors(translate(fields));
    notifyFailure({
      code: 'invoice_refused',
      message: i18n._(general ?? errorMessages.validation_failed.id),
    });
  };

  const checked = (): boolean => {
    setCustomerUnsaved(customerTyping);
    if (customerTyping) {
      notifyFailure({
        code: 'customer_not_saved',
        message: t`Save the new customer or cancel it first.`,
      });
      document.querySelector('[data-testid="new-customer-form"]')?.scrollIntoView({
        block: 'center',
      });
      return false;
    }
    const result = form.validate();
    if (result.hasErrors) {
      notifyFailure({
        code: 'validation_failed',
        message: i18n._(errorMessages.validation_failed),
      });
      return false;
    }
    return true;
  };

  const save = async () => {
    if (!checked()) return;
    setBusy('save');
    try {
      const { input } = readForm(form.getValues());
      const record = await saveInvoiceDraft(
        context,
        { ...input, id: invoiceId },
        { baseVersion: base.current },
      );
      if (saved?.replacedAt) await acknowledgeReplacedDraft(invoiceId);
      setAcknowledged(false);
      form.resetDirty();
      // Online it goes to the server at once; only without a connection is there a wait to tell.
      notifySuccess(
        useConnection.getState().status === 'offline'
          ? t`Invoice saved. It is sent to the server when there is a connection.`
          : t`Invoice saved.`,
      );
      onSaved(record);
    } catch (error) {
      showRefusal(error);
    } finally {
      setBusy(null);
    }
  };

  const askSubmit = () => {
    if (checked()) setConfirmSubmit(true);
  };

  const submit = async () => {
    setBusy('submit');
    try {
      const { input } = readForm(form.getValues());
      const record = await submitInvoice(
        context,
        { ...input, id: invoiceId },
        { baseVersion: base.current },
      );
      setConfirmSubmit(false);
      onSubmitted(record);
    } catch (error) {
      setConfirmSubmit(false);
      showRefusal(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="md" maw={1200}>
      {blocked && <BlockedBanner />}
      <Group justify="space-between" align="center" gap="xs">
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          {saved ? <Trans>Edit invoice</Trans> : <Trans>New invoice</Trans>}
        </Title>
        <Badge variant="light" color="gray" size="lg">
          {i18n._(invoiceStatusLabels.draft)}
        </Badge>
      </Group>

      {saved?.syncState === 'failed' && saved.syncError && (
        <Alert color="red" icon={<IconAlertTriangle />} role="alert" data-testid="invoice-refused">
          <Text fw={600}>
            <Trans>The server did not accept this invoice:</Trans>
          </Text>
          <Text>{saved.syncError.message}</Text>
        </Alert>
      )}
      {replaced && (
        <Alert color="orange" icon={<IconAlertTriangle />} data-testid="draft-replaced">
          <Stack gap="xs">
            <Text>
              <Trans>
                This draft was changed on another device after you started. Saving here replaces
                that version.
              </Trans>
            </Text>
            <Group gap="xs">
              {onDiscard && (
                <Button size="xs" variant="white" color="orange" onClick={onDiscard}>
                  <Trans>Show the other version</Trans>
                </Button>
              )}
              <Button
                size="xs"
                variant="subtle"
                color="orange"
                onClick={() => {
                  base.current = saved?.version ?? base.current;
                  setAcknowledged(true);
                  void acknowledgeReplacedDraft(invoiceId);
                }}
              >
                <Trans>I understand</Trans>
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {restoredAt !== null && !replaced && (
        <Alert color="blue" data-testid="draft-restored">
          <Group justify="space-between" gap="xs">
            <Text size="sm">
              <Trans>What you typed earlier and did not save is back.</Trans>
            </Text>
            {onDiscard && (
              <Button size="xs" variant="subtle" onClick={onDiscard}>
                <Trans>Discard it</Trans>
              </Button>
            )}
          </Group>
        </Alert>
      )}
      {form.values.correctsInvoiceId && (
        <Alert color="gray" data-testid="correction-note">
          {correctedNumber !== null ? (
            <Trans>This invoice corrects receipt number {correctedNumber}.</Trans>
          ) : (
            <Trans>This invoice corrects an earlier invoice.</Trans>
          )}
        </Alert>
      )}

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <CustomerSection
              form={form}
              companyId={context.companyId}
              onTyping={setCustomerTyping}
              unsaved={customerUnsaved}
            />

            <Stack gap="xs" component="section" aria-labelledby="invoice-items">
              <Group justify="space-between" gap="xs">
                <Title order={2} fz="h4" id="invoice-items">
                  <Trans>Items</Trans>
                </Title>
                <Switch
                  label={t`Prices include VAT`}
                  {...form.getInputProps('amountsIncludeTax', { type: 'checkbox' })}
                />
              </Group>
              <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {form.values.items.map((item, index) => (
                  <ItemCard
                    key={item.id}
                    form={form}
                    index={index}
                    companyId={context.companyId}
                    totals={live.lines[index] ?? null}
                    removable={form.values.items.length > 1}
                  />
                ))}
              </Stack>
              {itemsError && (
                <Text c="red" size="sm" role="alert">
                  {itemsError}
                </Text>
              )}
              <Box>
                <Button
                  variant="light"
                  leftSection={<IconPlus size={18} />}
                  onClick={() => {
                    const last = form.values.items.at(-1);
                    form.insertListItem('items', emptyItem(last?.taxType));
                  }}
                >
                  <Trans>Add item</Trans>
                </Button>
              </Box>
            </Stack>

            <PaymentsSection
              form={form}
              total={live.totals.totalInvoice}
              paid={live.paid}
              balance={live.balance}
              overpaid={live.overpaid}
            />

            <Stack gap="xs" component="section" aria-labelledby="invoice-more">
              <Title order={2} fz="h4" id="invoice-more">
                <Trans>References</Trans>
              </Title>
              <Grid gap="xs">
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <TextInput
                    label={t`Reference (e.g. order number)`}
                    maxLength={100}
                    {...form.getInputProps('reference')}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <TextInput
                    label={t`Accounting package number (Xero or QuickBooks)`}
                    maxLength={50}
                    {...form.getInputProps('accountingNumber')}
                  />
                </Grid.Col>
              </Grid>
            </Stack>
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card
            withBorder
            radius="lg"
            padding="md"
            style={{ position: 'sticky', top: 76 }}
            data-testid="invoice-totals"
          >
            <Stack gap="md">
              <TotalsCard totals={live.totals} tooLarge={live.tooLarge} />
              <Stack gap="xs">
                <Button
                  size="lg"
                  leftSection={<IconSend size={20} />}
                  onClick={askSubmit}
                  data-tour="submit"
                  disabled={blocked}
                  loading={busy === 'submit'}
                >
                  <Trans>Submit to TRA</Trans>
                </Button>
                <Button
                  variant="default"
                  leftSection={<IconDeviceFloppy size={20} />}
                  onClick={() => void save()}
                  disabled={blocked}
                  loading={busy === 'save'}
                >
                  <Trans>Save draft</Trans>
                </Button>
                {actions}
              </Stack>
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>

      <Box hiddenFrom="md" className={classes.mobileBar}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed">
              <Trans>Total</Trans>
            </Text>
            <Text fw={700} data-testid="mobile-total" style={{ whiteSpace: 'nowrap' }}>
              {total}
            </Text>
          </div>
          <Group gap="xs" wrap="nowrap">
            <ActionIcon
              variant="default"
              size={42}
              aria-label={t`Save draft`}
              onClick={() => void save()}
              disabled={blocked}
              loading={busy === 'save'}
            >
              <IconDeviceFloppy size={20} />
            </ActionIcon>
            <Button
              leftSection={<IconSend size={18} />}
              onClick={askSubmit}
              data-tour="submit"
              disabled={blocked}
              loading={busy === 'submit'}
            >
              <Trans>Submit</Trans>
            </Button>
          </Group>
        </Group>
      </Box>

      <ConfirmDialog
        opened={confirmSubmit}
        title={t`Submit this invoice to TRA?`}
        confirmLabel={t`Submit`}
        busy={busy === 'submit'}
        onConfirm={() => void submit()}
        onClose={() => setConfirmSubmit(false)}
      >
        <Trans>
          The invoice of {total} gets its fiscal receipt number and is sent to TRA. After that it
          cannot be changed or taken back; a mistake is corrected with a new invoice.
        </Trans>
      </ConfirmDialog>
    </Stack>
  );
}
