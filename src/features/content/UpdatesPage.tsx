// /updates: what is new in Risiti, newest first, in the reader's language; the platform admin
// writes, edits and removes them here.
import { useState } from 'react';
import { Button, Card, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm, type GetInputPropsReturnType } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconPlus } from '@tabler/icons-react';
import { isLocale } from '../../../domain/i18n';
import { productUpdateSchema, type ProductUpdateInput } from '../../../domain/schemas/content';
import {
  deleteProductUpdate,
  editProductUpdate,
  fetchProductUpdates,
  publishProductUpdate,
  type ProductUpdate,
} from '../../api/admin';
import { readFailure } from '../../api/errors';
import { formatLongDate } from '../../app/dates';
import { notifyFailure } from '../../app/notify';
import { useLeaveGuard } from '../../app/shell/useLeaveGuard';
import { usePageTitle } from '../../app/usePageTitle';
import { submitToServer } from '../../forms/submit';
import { valibotValidate } from '../../forms/valibot';
import { useSession } from '../../stores/session';
import { LoadState } from '../admin/LoadState';
import { ListMore } from '../admin/ListMore';
import { useServerPages } from '../admin/useServerData';
import { ConfirmDialog } from '../invoices/ConfirmDialog';
import { FormModal } from '../../app/shell/FormModal';

export function BilingualFields({
  form,
}: {
  form: { getInputProps(path: string): GetInputPropsReturnType };
}) {
  const { t } = useLingui();
  return (
    <Stack gap="sm">
      <TextInput label={t`Title in English`} required {...form.getInputProps('titleEn')} />
      <Textarea
        label={t`Text in English`}
        autosize
        minRows={3}
        required
        {...form.getInputProps('bodyEn')}
      />
      <TextInput label={t`Title in Kiswahili`} required {...form.getInputProps('titleSw')} />
      <Textarea
        label={t`Text in Kiswahili`}
        autosize
        minRows={3}
        required
        {...form.getInputProps('bodySw')}
      />
    </Stack>
  );
}

function UpdateForm({
  update,
  onSaved,
  onCancel,
}: {
  update: ProductUpdate | null;
  onSaved(): void;
  onCancel(): void;
}) {
  const form = useForm<ProductUpdateInput>({
    initialValues: update ?? { titleEn: '', titleSw: '', bodyEn: '', bodySw: '' },
    validate: valibotValidate(productUpdateSchema),
  });
  const leave = useLeaveGuard(() => form.isDirty());
  const submit = form.onSubmit(async (values) => {
    const saved = await submitToServer(form, () =>
      update ? editProductUpdate(update.id, values) : publishProductUpdate(values),
    );
    if (saved) onSaved();
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <BilingualFields form={form} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={form.submitting}>
            <Trans>Publish</Trans>
          </Button>
        </Group>
      </Stack>
      {leave.dialog}
    </form>
  );
}

export function UpdatesPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`What is new`);
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const platform = useSession((state) => state.user?.role === 'platform_admin');
  const updates = useServerPages((offset) => fetchProductUpdates({ offset }), []);
  const [editing, setEditing] = useState<ProductUpdate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ProductUpdate | null>(null);
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteProductUpdate(deleting.id);
      setDeleting(null);
      updates.reload();
    } catch (error) {
      notifyFailure(await readFailure(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="md" maw={800}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          <Trans>What is new</Trans>
        </Title>
        {platform && (
          <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
            <Trans>New update</Trans>
          </Button>
        )}
      </Group>
      <LoadState
        loading={updates.loading && !updates.items}
        failure={updates.failure}
        onRetry={updates.reload}
      />
      {updates.items?.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          <Trans>Nothing new yet.</Trans>
        </Text>
      )}
      {updates.items?.map((update) => (
        <Card key={update.id} withBorder radius="lg" padding="lg" component="article">
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {formatLongDate(new Date(update.publishedAt), locale)}
            </Text>
            <Title order={2} fz="h3">
              {locale === 'sw' ? update.titleSw : update.titleEn}
            </Title>
            <Text style={{ whiteSpace: 'pre-line' }}>
              {locale === 'sw' ? update.bodySw : update.bodyEn}
            </Text>
            {platform && (
              <Group gap="xs">
                <Button size="xs" variant="subtle" onClick={() => setEditing(update)}>
                  <Trans>Edit</Trans>
                </Button>
                <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(update)}>
                  <Trans>Delete</Trans>
                </Button>
              </Group>
            )}
          </Stack>
        </Card>
      ))}
      <ListMore list={updates} />
      <FormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t`New update` : t`Edit`}
        size="lg"
      >
        {editing !== null && (
          <UpdateForm
            update={editing === 'new' ? null : editing}
            onSaved={() => {
              setEditing(null);
              updates.reload();
            }}
            onCancel={() => setEditing(null)}
          />
        )}
      </FormModal>
      <ConfirmDialog
        opened={deleting !== null}
        title={t`Delete this update?`}
        confirmLabel={t`Delete`}
        color="red"
        busy={busy}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
      >
        <Trans>It disappears from every user's list.</Trans>
      </ConfirmDialog>
    </Stack>
  );
}
