import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import type { SessionUser } from '../../../domain/roles';
import { useState } from 'react';
import { lostBySignOut, type UnsyncedChanges } from '../../db/local-data';
import { changesSignOutWouldLose, signOutAndForget } from '../../features/sync/sign-out';
import { SignOutDialog } from '../../features/sync/SignOutDialog';
import { MenuAfterPage } from '../OverlayAfterPage';
import { roleLabels } from '../roles';
import { useDrawnAfterPage } from '../useDrawnAfterPage';

const initials = (user: SessionUser) =>
  `${user.firstname.charAt(0)}${user.lastname.charAt(0)}`.toUpperCase() || '?';

export function UserMenu({ user }: { user: SessionUser }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const name = `${user.firstname} ${user.lastname}`.trim();
  const [unsynced, setUnsynced] = useState<UnsyncedChanges | null>(null);
  const dialogDrawn = useDrawnAfterPage() || unsynced !== null;
  const toLogin = () => navigate({ to: '/login', replace: true });

  /** Signs out at once, unless that would lose changes: then the user decides. */
  const requestSignOut = async () => {
    const changes = await changesSignOutWouldLose();
    if (lostBySignOut(changes) > 0) {
      setUnsynced(changes);
      return;
    }
    await signOutAndForget();
    await toLogin();
  };

  return (
    <>
      {/* The button is named by the user's name, as on screen; the initials are decoration. */}
      <MenuAfterPage
        position="bottom-end"
        width={240}
        withinPortal
        target={
          <UnstyledButton data-testid="user-menu">
            <Group gap={6} wrap="nowrap">
              <Avatar color="risiti" radius="xl" size={34} aria-hidden>
                {initials(user)}
              </Avatar>
              <Text size="sm" fw={600} visibleFrom="sm" maw={160} truncate>
                {name}
              </Text>
              <VisuallyHidden hiddenFrom="sm">{name}</VisuallyHidden>
              <IconChevronDown size={14} />
            </Group>
          </UnstyledButton>
        }
      >
        <Menu.Dropdown>
          <Menu.Label>
            <Text size="sm" fw={600} c="bright" truncate>
              {name}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {i18n._(roleLabels[user.role])}
              {user.company ? ` · ${user.company.name}` : ''}
            </Text>
          </Menu.Label>
          <Menu.Item
            leftSection={<IconUserCircle size={16} />}
            renderRoot={(props) => <Link to="/profile" {...props} />}
          >
            {t`Profile`}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={requestSignOut}>
            {t`Sign out`}
          </Menu.Item>
        </Menu.Dropdown>
      </MenuAfterPage>
      {dialogDrawn && (
        <SignOutDialog
          changes={unsynced}
          onClose={() => setUnsynced(null)}
          onSignedOut={async () => {
            setUnsynced(null);
            await toLogin();
          }}
        />
      )}
    </>
  );
}
