// The people of companies: /operators (admins: every company they reach), /operator (a company
// owner: their operators) and /users (the users of the company being worked in). Create and
// invite, edit, make active, inactive or blocked with a confirmation, invite again.
import { useDeferredValue, useState } from 'react';
import { Badge, Button, Group, Menu, Stack, Text, TextInput, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { IconDots, IconPlus, IconSearch } from '@tabler/icons-react';
import type { UserStatus } from '../../../domain/roles';
import { operatorTypeLabels, userStatusLabels } from '../../../domain/schemas/user';
import {
  fetchOperators,
  reinviteOperator,
  setOperatorStatus,
  type Operator,
  type OperatorSaved,
} from '../../api/admin';
import { readFailure } from '../../api/errors';
import { notifyFailure, notifySuccess } from '../../app/notify';
import { usePageTitle } from '../../app/usePageTitle';
import { useSession } from '../../stores/session';
import { ConfirmDialog } from '../invoices/ConfirmDialog';
import { FilterControl } from '../admin/FilterControl';
import { LoadState } from '../admin/LoadState';
import { ListMore } from '../admin/ListMore';
import { useServerPages } from '../admin/useServerData';
import classes from '../admin/admin.module.css';
import { OperatorForm } from './OperatorForm';
import { FormModal } from '../../app/shell/FormModal';
import { calendarDateText } from '../../../domain/calendar-date';

export type PeopleScope = 'reach' | 'owner' | 'company';

const statusColor: Record<UserStatus, string> = {
  active: 'green',
  inactive: 'gray',
  blocked: 'red',
};

interface Pending {
  operator: Operator;
  action: UserStatus | 'invite';
}

export function PeoplePage({
  scope,
  company,
}: {
  scope: PeopleScope;
  /** The company the list is of (owner's own, or the one worked in); none: all in reach. */
  company: { id: string; organizationId: string; name: string } | null;
}) {
  const { t, i18n } = useLingui();
  const title = scope === 'company' ? t`Users` : t`Operators`;
  usePageTitle(title);
  const me = useSession((state) => state.user);
  const [text, setText] = useState('');
  const [status, setStatus] = useState<UserStatus | 'all'>('all');
  const search = useDeferredValue(text.trim());
  const people = useServerPages(
    (offset) =>
      fetchOperators({
        companyId: company?.id,
        search,
        status: status === 'all' ? undefined : status,
        offset,
      }),
    [company?.id, search, status],
  );
  const [editing, setEditing] = useState<Operator | 'new' | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);

  const saved = (result: OperatorSaved, created: boolean) => {
    setEditing(null);
    people.reload();
    const name = `${result.operator.firstName} ${result.operator.lastName}`;
    const email = result.operator.email;
    if (!created) notifySuccess(t`${name} is saved.`);
    else if (result.invitation === 'failed') {
      notifyFailure({
        code: 'invitation_failed',
        message: t`${name} is created, but the invitation email could not be sent. Send it again from the list.`,
      });
    } else notifySuccess(t`${name} is created. The invitation was sent to ${email}.`);
  };

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      if (pending.action === 'invite') {
        const result = await reinviteOperator(pending.operator.id);
        const email = result.operator.email;
        if (result.invitation === 'failed') {
          notifyFailure({
            code: 'invitation_failed',
            message: t`The invitation email could not be sent. Please try again.`,
          });
        } else notifySuccess(t`A new invitation was sent to ${email}.`);
      } else {
        await setOperatorStatus(pending.operator.id, pending.action);
        const label = i18n._(userStatusLabels[pending.action]);
        notifySuccess(t`The status is now: ${label}.`);
      }
      setPending(null);
      people.reload();
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

  const companyName = company?.name ?? '';
  const items = people.items ?? [];
  return (
    <Stack gap="md" maw={1000}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
            {title}
          </Title>
          {company && (
            <Text c="dimmed" size="sm">
              {companyName}
            </Text>
          )}
        </div>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
          {scope === 'company' ? <Trans>New user</Trans> : <Trans>New operator</Trans>}
        </Button>
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          type="search"
          label={t`Search`}
          placeholder={t`Name, username, email or phone`}
          leftSection={<IconSearch size={18} />}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
        />
        <FilterControl<UserStatus | 'all'>
          value={status}
          onChange={setStatus}
          data={[
            { value: 'all', label: t`All` },
            { value: 'active', label: i18n._(userStatusLabels.active) },
            { value: 'inactive', label: i18n._(userStatusLabels.inactive) },
            { value: 'blocked', label: i18n._(userStatusLabels.blocked) },
          ]}
          aria-label={t`Status`}
        />
      </Group>
      <LoadState
        loading={people.loading && !people.items}
        failure={people.failure}
        onRetry={people.reload}
      />
      {people.items && items.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          <Trans>No one here yet.</Trans>
        </Text>
      )}
      <Stack gap="xs" role="list" aria-label={title}>
        {items.map((person) => (
          <div key={person.id} className={classes.row} role="listitem" data-testid="person-row">
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} truncate>
                  {person.firstName} {person.lastName}
                </Text>
                <Text size="sm" c="dimmed" truncate>
                  {person.username} · {person.email}
                </Text>
                <Group gap={6} mt={6}>
                  <Badge variant="light" color={statusColor[person.status]}>
                    {i18n._(userStatusLabels[person.status])}
                  </Badge>
                  <Badge variant="outline" color="gray">
                    {i18n._(operatorTypeLabels[person.userType])}
                  </Badge>
                  {person.invitationPending && (
                    <Badge variant="light" color="yellow">
                      <Trans>Invited</Trans>
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed" mt={4}>
                  {scope === 'reach' && `${person.companyName} · `}
                  <SinceText day={person.entranceDay} />
                </Text>
              </div>
              {person.id !== me?.id && (
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <Button
                      variant="subtle"
                      px="xs"
                      aria-label={actionsLabel(i18n, person.username)}
                      data-testid="person-actions"
                    >
                      <IconDots size={20} />
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item onClick={() => setEditing(person)}>
                      <Trans>Edit</Trans>
                    </Menu.Item>
                    {(['active', 'inactive', 'blocked'] as const)
                      .filter((next) => next !== person.status)
                      .map((next) => (
                        <Menu.Item
                          key={next}
                          color={next === 'active' ? undefined : 'red'}
                          onClick={() => setPending({ operator: person, action: next })}
                        >
                          {next === 'active' ? (
                            <Trans>Make active</Trans>
                          ) : next === 'inactive' ? (
                            <Trans>Make inactive</Trans>
                          ) : (
                            <Trans>Block</Trans>
                          )}
                        </Menu.Item>
                      ))}
                    <Menu.Item onClick={() => setPending({ operator: person, action: 'invite' })}>
                      <Trans>Send the invitation again</Trans>
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              )}
            </Group>
          </div>
        ))}
      </Stack>
      <ListMore list={people} />

      <FormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? (scope === 'company' ? t`New user` : t`New operator`) : t`Edit`}
        size="lg"
      >
        {editing !== null && (
          <OperatorForm
            {...(editing !== 'new' ? { operator: editing } : {})}
            company={company}
            ownerOnlyOperators={scope === 'owner'}
            onSaved={(result) => saved(result, editing === 'new')}
            onCancel={() => setEditing(null)}
          />
        )}
      </FormModal>

      <ConfirmDialog
        opened={pending !== null}
        title={pending ? confirmTitle(pending, i18n) : ''}
        confirmLabel={pending?.action === 'invite' ? t`Send` : t`Confirm`}
        color={
          pending && pending.action !== 'active' && pending.action !== 'invite' ? 'red' : undefined
        }
        busy={busy}
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      >
        {pending?.action === 'invite' ? (
          <Trans>
            A new one-time password is emailed; the current password and every open session stop
            working.
          </Trans>
        ) : pending?.action === 'active' ? (
          <Trans>They can sign in and work again.</Trans>
        ) : (
          <Trans>They are signed out at once and can do nothing until made active again.</Trans>
        )}
      </ConfirmDialog>
    </Stack>
  );
}

/** Names who the action is about: blocking or inviting the wrong person is hard to undo. */
function confirmTitle(pending: Pending, i18n: I18n): string {
  const name = `${pending.operator.firstName} ${pending.operator.lastName}`;
  switch (pending.action) {
    case 'invite':
      return i18n._(msg`Send ${name} a new invitation?`);
    case 'active':
      return i18n._(msg`Make ${name} active?`);
    case 'inactive':
      return i18n._(msg`Make ${name} inactive?`);
    default:
      return i18n._(msg`Block ${name}?`);
  }
}

function SinceText({ day: iso }: { day: string }) {
  const day = calendarDateText(iso);
  return <Trans>Since {day}</Trans>;
}

function actionsLabel(i18n: I18n, username: string): string {
  return i18n._(msg`Actions for ${username}`);
}
