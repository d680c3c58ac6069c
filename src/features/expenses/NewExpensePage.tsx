// Adding an expense (spec §2 /expenses, §1 "under 30 seconds to record one"), four ways in:
// scan the receipt's QR code, type its code and time, upload a PDF or picture of it (a QR code
// found in it is used), or enter it by hand. A scanned or typed code is saved at once as a
// pending expense and read from TRA's verification by the server; the form then opens filled
// in, to review and save. Linkable: /expenses/new?method=scan|code|upload|manual, and
// ?id=<expense> to go on with one started on this phone.
import { useState, type ReactNode } from 'react';
import { Alert, Button, FileButton, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  IconFileUpload,
  IconInfoCircle,
  IconKeyboard,
  IconPencil,
  IconQrcode,
} from '@tabler/icons-react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import {
  ATTACHMENT_ACCEPT,
  checkAttachmentContent,
  SIGNATURE_BYTES,
} from '../../../domain/attachments';
import { canEditExpense } from '../../../domain/expense';
import { isExpenseFilled } from '../../../domain/expense-record';
import type { ScannedReceipt } from '../../../domain/receipt-code';
import type { LocalExpense } from '../../db/db';
import type { NewAttachment } from '../../db/expense-attachments';
import {
  changeExpenseStatus,
  expenseWithReceiptCode,
  recordScannedReceipt,
} from '../../db/expenses';
import { useExpense } from '../../db/useExpense';
import { RecordValidationError } from '../../db/validation';
import { BackLink } from '../../app/BackLink';
import { notifyFailure, notifySuccess } from '../../app/notify';
import { useCompanyId } from '../../app/useCompanyId';
import { usePageTitle } from '../../app/usePageTitle';
import { useSession } from '../../stores/session';
import { receiptQrWorker } from '../../workers/receipt-qr-client';
import { ConfirmDialog } from '../invoices/ConfirmDialog';
import { ExpenseForm } from './ExpenseForm';
import { entryMethodLabels } from './labels';
import { LookupStatusCard } from './LookupStatusCard';
import { readPdfQr } from './pdf-qr';
import { ReceiptCodeForm } from './ReceiptCodeForm';
import { ScanReceipt } from './ScanReceipt';
import { ENTRY_METHODS, type EntryMethod } from './search';
import { useReceiptLookup } from './useReceiptLookup';
import { WRAPPING_BUTTON } from './wrapping-button';

const routeApi = getRouteApi('/_app/expenses/new');

const methodIcons: Record<EntryMethod, ReactNode> = {
  scan: <IconQrcode size={18} />,
  code: <IconKeyboard size={18} />,
  upload: <IconFileUpload size={18} />,
  manual: <IconPencil size={18} />,
};

/** What the upload found: a receipt's code in the file, or nothing (enter by hand). */
type UploadOutcome = { file: NewAttachment; receipt: ScannedReceipt | null };

async function readUpload(file: File): Promise<UploadOutcome | { problem: string }> {
  const head = new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer());
  const check = checkAttachmentContent({ name: file.name, type: file.type, size: file.size }, head);
  if (!check.ok) return { problem: check.message.id };
  const attachment = { blob: file, name: file.name, type: file.type };
  const reading =
    check.kind === 'pdf'
      ? await readPdfQr(file).catch(() => ({ found: false as const }))
      : await receiptQrWorker()
          .decodeImage(file)
          .catch(() => ({ found: false as const }));
  return { file: attachment, receipt: reading.found ? reading.receipt : null };
}

export function NewExpensePage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`New expense`);
  const companyId = useCompanyId();
  const search = routeApi.useSearch();
  const navigate = useNavigate();
  const user = useSession((state) => state.user);
  const method: EntryMethod = search.method ?? 'scan';
  const started = useExpense(companyId, search.id ?? null);
  const [byHand, setByHand] = useState(false);
  const [busy, setBusy] = useState(false);
  const [upload, setUpload] = useState<UploadOutcome | null>(null);
  const [codeOnly, setCodeOnly] = useState<{ receiptCode: string; file?: NewAttachment } | null>(
    null,
  );
  /** Cancel pressed on a receipt already recorded: it is asked whether to cancel the expense. */
  const [canceling, setCanceling] = useState<{ release(): void } | null>(null);
  useReceiptLookup(companyId, started);

  if (!companyId) return null;
  const author = user
    ? { id: user.id, name: `${user.firstname} ${user.lastname}`.trim() }
    : undefined;

  const choose = (next: EntryMethod) => {
    setUpload(null);
    setCodeOnly(null);
    setByHand(false);
    void navigate({ to: '/expenses/new', search: { method: next }, replace: true });
  };

  /**
   * Records the code at once and follows its lookup on this page. A code whose reading failed
   * is read again in the same expense, with the code or time as corrected: from its card, or
   * typed again from the start.
   */
  const lookUp = async (
    input: { receiptCode: string; time: string },
    source: 'qr' | 'code' | 'upload',
    file?: NewAttachment,
    retrying?: string,
  ): Promise<Record<string, string> | void> => {
    setBusy(true);
    try {
      const known = await expenseWithReceiptCode(
        companyId,
        input.receiptCode.replace(/\s/g, '').toUpperCase(),
      );
      const failedBefore =
        known?.lookup?.status === 'failed' &&
        !isExpenseFilled(known) &&
        canEditExpense(known.status);
      const id =
        retrying ?? (known && (known.id === search.id || failedBefore) ? known.id : undefined);
      const saved = await recordScannedReceipt(
        companyId,
        { ...input, source: source === 'upload' ? 'code' : source, ...(id ? { id } : {}) },
        { files: file ? [file] : [], author },
      );
      setCodeOnly(null);
      setUpload(null);
      void navigate({ to: '/expenses/new', search: { method, id: saved.id }, replace: true });
    } catch (error) {
      if (error instanceof RecordValidationError) {
        const { _: general, ...fields } = error.fields;
        if (general) notifyFailure({ code: 'expense_refused', message: i18n._(general) });
        return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, i18n._(v)]));
      }
      console.error(error);
      notifyFailure({ code: 'expense_not_saved', message: t`The expense could not be saved.` });
    } finally {
      setBusy(false);
    }
  };

  const onScanned = (receipt: ScannedReceipt, picture?: File) => {
    const file = picture ? { blob: picture, name: picture.name, type: picture.type } : undefined;
    if (receipt.time)
      void lookUp({ receiptCode: receipt.receiptCode, time: receipt.time }, 'qr', file);
    else setCodeOnly({ receiptCode: receipt.receiptCode, ...(file ? { file } : {}) });
  };

  const onUpload = async (file: File | null) => {
    if (!file) return;
    setBusy(true);
    try {
      const outcome = await readUpload(file);
      if ('problem' in outcome) {
        notifyFailure({ code: 'attachment_type', message: i18n._(outcome.problem) });
        return;
      }
      if (outcome.receipt?.time) {
        await lookUp(
          { receiptCode: outcome.receipt.receiptCode, time: outcome.receipt.time },
          'upload',
          outcome.file,
        );
      } else if (outcome.receipt) {
        setCodeOnly({ receiptCode: outcome.receipt.receiptCode, file: outcome.file });
      } else {
        setUpload(outcome);
      }
    } finally {
      setBusy(false);
    }
  };

  /** A receipt is recorded as soon as its code is read; Cancel marks that expense canceled. */
  const cancelStarted = async (expense: LocalExpense) => {
    setBusy(true);
    try {
      await changeExpenseStatus(companyId, expense.id, 'canceled');
      canceling?.release();
      setCanceling(null);
      notifySuccess(t`The expense is canceled.`);
      void navigate({ to: '/expenses' });
    } catch (error) {
      if (!(error instanceof RecordValidationError)) throw error;
      notifyFailure({ code: 'expense_refused', message: i18n._(error.fields._ ?? error.message) });
    } finally {
      setBusy(false);
    }
  };

  const uploadName = upload?.file.name ?? '';
  const saved = (expense: LocalExpense) =>
    void navigate({ to: '/expenses/$expenseId', params: { expenseId: expense.id } });

  // Going on with an expense started from a receipt code.
  if (started) {
    const lookup = started.lookup;
    const review = byHand || !lookup || lookup.status === 'done' || started.items.length > 0;
    const startedCode = started.receiptCode;
    return (
      <Stack gap="md" maw={820}>
        <BackLink to="/expenses">{t`Expenses`}</BackLink>
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          {review ? <Trans>Check and save the expense</Trans> : <Trans>New expense</Trans>}
        </Title>
        {!review && (
          <LookupStatusCard
            expense={started}
            busy={busy}
            onRetry={(values) => lookUp(values, 'code', undefined, started.id)}
            onEnterByHand={() => setByHand(true)}
          />
        )}
        {review && lookup?.status === 'done' && (
          <Alert
            color="green"
            variant="light"
            icon={<IconInfoCircle size={20} />}
            data-testid="lookup-done"
          >
            <Trans>
              Filled in from TRA’s verification of the receipt. Choose a category and check the
              payments.
            </Trans>
          </Alert>
        )}
        {review && (
          <ExpenseForm
            companyId={companyId}
            expense={started}
            onSaved={saved}
            onCancel={(release) => setCanceling({ release })}
          />
        )}
        <ConfirmDialog
          opened={canceling !== null}
          onClose={() => setCanceling(null)}
          busy={busy}
          color="red"
          title={t`Cancel this expense?`}
          confirmLabel={t`Cancel expense`}
          onConfirm={() => void cancelStarted(started)}
        >
          <Trans>
            Receipt {startedCode} was recorded in your expenses when its code was read, and stays
            there, pending, if you only leave this page. A canceled expense stays in the list but is
            left out of reports, and cannot be edited again.
          </Trans>
        </ConfirmDialog>
      </Stack>
    );
  }

  return (
    <Stack gap="md" maw={820}>
      <BackLink to="/expenses">{t`Expenses`}</BackLink>
      <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
        <Trans>New expense</Trans>
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" role="group" aria-label={t`Way in`}>
        {ENTRY_METHODS.map((value) => (
          <Button
            key={value}
            variant={value === method ? 'filled' : 'default'}
            aria-pressed={value === method}
            leftSection={methodIcons[value]}
            onClick={() => choose(value)}
            {...WRAPPING_BUTTON}
          >
            {i18n._(entryMethodLabels[value])}
          </Button>
        ))}
      </SimpleGrid>
      {codeOnly ? (
        <Stack gap="sm">
          <Text size="sm">
            <Trans>
              The QR code gives the receipt code but not its time. Type the time printed on the
              receipt.
            </Trans>
          </Text>
          <ReceiptCodeForm
            initial={{ receiptCode: codeOnly.receiptCode }}
            busy={busy}
            onSubmit={(values) => lookUp(values, 'code', codeOnly.file)}
          />
        </Stack>
      ) : method === 'scan' ? (
        <ScanReceipt onScanned={onScanned} />
      ) : method === 'code' ? (
        <ReceiptCodeForm busy={busy} onSubmit={(values) => lookUp(values, 'code')} />
      ) : method === 'upload' && !upload ? (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            <Trans>
              A PDF, PNG or JPG of the receipt, at most 5 MB. Its QR code is read when it has one;
              the file is kept with the expense.
            </Trans>
          </Text>
          <Group>
            <FileButton accept={ATTACHMENT_ACCEPT} onChange={(file) => void onUpload(file)}>
              {(props) => (
                <Button
                  leftSection={<IconFileUpload size={18} />}
                  loading={busy}
                  {...props}
                  data-testid="upload-receipt"
                >
                  <Trans>Choose the file</Trans>
                </Button>
              )}
            </FileButton>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          {upload && (
            <Alert color="yellow" variant="light" data-testid="upload-no-qr">
              <Trans>
                No receipt QR code was found in {uploadName}. Enter the expense by hand; the file is
                kept with it.
              </Trans>
            </Alert>
          )}
          <ExpenseForm
            key={upload?.file.name ?? 'manual'}
            companyId={companyId}
            expense={null}
            initialFiles={upload ? [upload.file] : []}
            onSaved={saved}
            onCancel={(release) => {
              release();
              void navigate({ to: '/expenses' });
            }}
          />
        </Stack>
      )}
    </Stack>
  );
}
