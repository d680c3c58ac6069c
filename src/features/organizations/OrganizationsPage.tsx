// /organizations: platform admins see and create every organization and enable or disable it
// (with a confirmation), found by name or owner and shown a page at a time; an organization
// admin sees their own.
import { useDeferredValue, useState } from 'react';
import { Badge, Button, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm, type GetInputPropsReturnType } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { organizationSchema, type OrganizationInput } from '../../../domain/schemas/organization';
import {
  createOrganization,
  updateOrganization,
  fetchOrganizations,
  setOrganizationActive,
  type Organization,
} from '../../api/admin';
import { readFailure } from '../../api/errors';
import { notifyFailure, notifySuccess } from '../../app/notify';
import { usePageTitle } from '../../app/usePageTitle';
import { submitToServer } from '../../forms/submit';
import { valibotValidate } from '../../forms/valibot';
import { useSession } from '../../stores/session';
import { MobileInput } from '../../forms/MobileInput';
import { LoadState } from '../admin/LoadState';
import { ListMore } from '../admin/ListMore';
import { useServerPages } from '../admin/useServerData';
import classes from '../admin/admin.module.css';
import { ConfirmDialog } from '../invoices/ConfirmDialog';
import { useLeaveGuard } from '../../app/shell/useLeaveGuard';
import { FormModal } from '../../app/shell/FormModal';

export function OrganizationFields({
  form,
  path = '',
}: {
  form: { getInputProps(path: string): GetInputPropsReturnType };
  path?: string;
}) {
  const { t } = useLingui();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput label={t`Organization name`} required {...form.getInputProps(`${path}name`)} />
      <TextInput label={t`Owner's name`} required {...form.getInputProps(`${path}ownerName`)} />
      <MobileInput label={t`Owner's phone`} required {...form.getInputProps(`${path}ownerPhone`)} />
      <TextInput
        label={t`Owner's email`}
        type="email"
        inputMode="email"
        required
        {...form.getInputProps(`${path}ownerEmail`)}
      />
    </SimpleGrid>
  );
}

/** A new organization, or the details of one to correct (a typo in the owner's email). */
function OrganizationForm({
  organization,
  onSaved,
  onCancel,
}: {
  organization?: Organization;
  onSaved(name: string): void;
  onCancel(): void;
}) {
  const form = useForm<OrganizationInput>({
    initialValues: organization
      ? {
          name: organization.name,
          ownerName: organization.ownerName,
          ownerPhone: organization.ownerPhone,
          ownerEmail: organization.ownerEmail,
        }
      : { name: '', ownerName: '', ownerPhone: '', ownerEmail: '' },
    validate: valibotValidate(organizationSchema),
  });
  const leave = useLeaveGuard(() => form.isDirty());
  const submit = form.onSubmit(async (values) => {
    const save = () =>
      organization ? updateOrganization(organization.id, values) : createOrganization(values);
    if (await submitToServer(form, save)) onSaved(values.name.trim());
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <OrganizationFields form={form} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={form.submitting}>
            {organization ? <Trans>Save</Trans> : <Trans>Create the organization</Trans>}
          </Button>
        </Group>
      </Stack>
      {leave.dialog}
    </form>
  );
}

export function OrganizationsPage() {
  const { t } = useLingui();
  usePageTitle(t`Organizations`);
  const platform = useSession((state) => state.user?.role === 'platform_admin');
  const [text, setText] = useState('');
  const search = useDeferredValue(text.trim());
  const organizations = useServerPages(
    (offset) => fetchOrganizations({ search, offset }),
    [search],
  );
  /** The organization in the dialog: 'new', or one being corrected. */
  const [editing, setEditing] = useState<Organization | 'new' | null>(null);
  const [toggling, setToggling] = useState<Organization | null>(null);
  const [busy, setBusy] = useState(false);
  const name = toggling?.name ?? '';
  const editingName = editing !== null && editing !== 'new' ? editing.name : '';

  const toggle = async () => {
    if (!toggling) return;
    setBusy(true);
    try {
      const updated = await setOrganizationActive(toggling.id, !toggling.active);
      notifySuccess(updated.active ? t`${name} is enabled.` : t`${name} is disabled.`);
      setToggling(null);
      organizations.reload();
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
    <Stack gap="md" maw={1000}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          <Trans>Organizations</Trans>
        </Title>
        {platform && (
          <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
            <Trans>New organization</Trans>
          </Button>
        )}
      </Group>
      {platform && (
        <TextInput
          type="search"
          label={t`Search`}
          placeholder={t`Name, owner, phone or email`}
          leftSection={<IconSearch size={18} />}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
      )}
      <LoadState
        loading={organizations.loading && !organizations.items}
        failure={organizations.failure}
        onRetry={organizations.reload}
      />
      {organizations.items?.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          {search ? (
            <Trans>No organization matches this search.</Trans>
          ) : (
            <Trans>No organization here yet.</Trans>
          )}
        </Text>
      )}
      <Stack gap="xs" role="list" aria-label={t`Organizations`}>
        {organizations.items?.map((organization) => {
          const organizationName = organization.name;
          return (
            <div key={organization.id} className={classes.row} role="listitem">
              <Group justify="space-between" gap="xs">
                <div style={{ minWidth: 0, flex: '1 1 12rem' }}>
                  <Text fw={600} truncate>
                    {organization.name}
                  </Text>
                  <Text size="sm" c="dimmed" truncate>
                    {organization.ownerName} · +255 {organization.ownerPhone} ·{' '}
                    {organization.ownerEmail}
                  </Text>
                </div>
                <Group gap="xs" wrap="nowrap" ml="auto" style={{ flexShrink: 0 }}>
                  <Badge color={organization.active ? 'green' : 'gray'} variant="light">
                    {organization.active ? <Trans>Enabled</Trans> : <Trans>Disabled</Trans>}
                  </Badge>
                  <Button
                    size="xs"
                    variant="subtle"
                    onClick={() => setEditing(organization)}
                    aria-label={t`Edit ${organizationName}`}
                  >
                    <Trans>Edit</Trans>
                  </Button>
                  {platform && (
                    <Button size="xs" variant="subtle" onClick={() => setToggling(organization)}>
                      {organization.active ? <Trans>Disable</Trans> : <Trans>Enable</Trans>}
                    </Button>
                  )}
                </Group>
              </Group>
            </div>
          );
        })}
      </Stack>
      <ListMore list={organizations} />
      <FormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t`New organization` : t`Edit ${editingName}`}
        size="lg"
      >
        {editing !== null && (
          <OrganizationForm
            {...(editing !== 'new' ? { organization: editing } : {})}
            onSaved={(saved) => {
              setEditing(null);
              notifySuccess(t`${saved} is saved.`);
              organizations.reload();
            }}
            onCancel={() => setEditing(null)}
          />
        )}
      </FormModal>
      <ConfirmDialog
        opened={toggling !== null}
        title={toggling?.active ? t`Disable ${name}?` : t`Enable ${name}?`}
        confirmLabel={toggling?.active ? t`Disable` : t`Enable`}
        {...(toggling?.active ? { color: 'red' } : {})}
        busy={busy}
        onConfirm={() => void toggle()}
        onClose={() => setToggling(null)}
      >
        {toggling?.active ? (
          <Trans>
            Its admins are signed out at once and cannot work until it is enabled again.
          </Trans>
        ) : (
          <Trans>Its admins can sign in and work again.</Trans>
        )}
      </ConfirmDialog>
    </Stack>
  );
}
