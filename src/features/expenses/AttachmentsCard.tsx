// The files of an expense: each with where its upload stands (waiting, the share sent, on the
// server), opened from the phone's own copy or fetched from the server for the people of the
// company; more can be added and removed while the expense is pending.
import { useState, useSyncExternalStore } from 'react';
import {
  ActionIcon,
  Button,
  Card,
  FileButton,
  Group,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconExternalLink, IconPaperclip, IconTrash } from '@tabler/icons-react';
import { ATTACHMENT_ACCEPT } from '../../../domain/attachments';
import { canEditExpense } from '../../../domain/expense';
import { api } from '../../api/client';
import type { LocalExpense, LocalExpenseAttachment } from '../../db/db';
import { addExpenseAttachments, removeExpenseAttachment } from '../../db/expense-attachments';
import { useExpenseAttachments } from '../../db/useExpenseAttachments';
import { RecordValidationError } from '../../db/validation';
import { notifyFailure } from '../../app/notify';
import { ConfirmDialog } from '../invoices/ConfirmDialog';
import { onUploadProgress, uploadProgress } from '../../sync/upload-progress';

function useProgress(id: string) {
  return useSyncExternalStore(onUploadProgress, () => uploadProgress(id));
}

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

function FileRow({
  file,
  companyId,
  editable,
}: {
  file: LocalExpenseAttachment;
  companyId: string;
  editable: boolean;
}) {
  const { t } = useLingui();
  const progress = useProgress(file.id);
  const [opening, setOpening] = useState(false);
  const [removing, setRemoving] = useState(false);
  const percent =
    progress && progress.total > 0 ? Math.round((progress.sent / progress.total) * 100) : 0;
  const name = file.name;

  const open = async () => {
    setOpening(true);
    const tab = window.open('', '_blank');
    try {
      const blob =
        file.blob ??
        (await api
          .get(`v1/accounting/expenses/${file.expenseId}/attachments/${file.id}`, {
            searchParams: { companyId },
          })
          .blob());
      const url = URL.createObjectURL(blob);
      if (tab) tab.location.href = url;
      else window.location.href = url;
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      tab?.close();
      notifyFailure({
        code: 'attachment_unavailable',
        message: t`The file could not be opened. Try again when the phone is online.`,
      });
    } finally {
      setOpening(false);
    }
  };

  return (
    <Stack gap={4} data-testid="expense-file" data-sync-state={file.syncState}>
      <Group gap="xs" wrap="nowrap">
        <IconPaperclip size={18} aria-hidden />
        <Text size="sm" truncate style={{ flex: 1 }}>
          {file.name}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {sizeText(file.size)}
        </Text>
        <ActionIcon
          variant="subtle"
          aria-label={t`Open ${name}`}
          onClick={() => void open()}
          loading={opening}
        >
          <IconExternalLink size={18} />
        </ActionIcon>
        {editable && (
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t`Remove ${name}`}
            onClick={() => setRemoving(true)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        )}
      </Group>
      {/* The bin sits beside the open button: a slip of the thumb must not delete the file. */}
      <ConfirmDialog
        opened={removing}
        title={t`Remove ${name}?`}
        confirmLabel={t`Remove`}
        color="red"
        onClose={() => setRemoving(false)}
        onConfirm={() => {
          setRemoving(false);
          void removeExpenseAttachment(companyId, file.id);
        }}
      >
        <Trans>The file is deleted from the phone and the server.</Trans>
      </ConfirmDialog>
      {file.syncState === 'pending' && (
        <Stack gap={2}>
          <Progress value={percent} size="sm" aria-label={t`Upload of ${name}`} />
          <Text size="xs" c="dimmed" data-testid="file-progress">
            {progress ? t`Uploading: ${percent}%` : t`Waiting to upload`}
          </Text>
        </Stack>
      )}
      {file.syncState === 'failed' && file.syncError && (
        <Text size="xs" c="red">
          {file.syncError.message}
        </Text>
      )}
    </Stack>
  );
}

export function AttachmentsCard({
  companyId,
  expense,
}: {
  companyId: string;
  expense: LocalExpense;
}) {
  const { i18n } = useLingui();
  const files = useExpenseAttachments(companyId, expense.id);
  const editable = canEditExpense(expense.status);

  const add = async (chosen: File[]) => {
    if (!chosen.length) return;
    try {
      await addExpenseAttachments(
        companyId,
        expense.id,
        chosen.map((file) => ({ blob: file, name: file.name, type: file.type })),
      );
    } catch (error) {
      if (error instanceof RecordValidationError) {
        notifyFailure({
          code: 'attachment_refused',
          message: i18n._(error.fields._ ?? error.message),
        });
        return;
      }
      throw error;
    }
  };

  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="expense-files">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="h4" id="expense-files">
            <Trans>Files</Trans>
          </Title>
          {editable && (
            <FileButton multiple accept={ATTACHMENT_ACCEPT} onChange={(chosen) => void add(chosen)}>
              {(props) => (
                <Button
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconPaperclip size={16} />}
                  {...props}
                >
                  <Trans>Attach a file</Trans>
                </Button>
              )}
            </FileButton>
          )}
        </Group>
        {files && files.length === 0 && (
          <Text size="sm" c="dimmed">
            <Trans>
              No files. Attach a photo or PDF of the receipt (PDF, PNG or JPG, at most 5 MB).
            </Trans>
          </Text>
        )}
        {files?.map((file) => (
          <FileRow key={file.id} file={file} companyId={companyId} editable={editable} />
        ))}
      </Stack>
    </Card>
  );
}
