import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import type { SessionUser } from '../../../domain/roles';
import { signOut } from '../../features/account/session';
import { roleLabels } from '../roles';

const initials = (user: SessionUser) =>
  `${user.firstname.charAt(0)}${user.lastname.charAt(0)}`.toUpperCase() || '?';

export function UserMenu({ user }: { user: SessionUser }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const name = `${user.firstname} ${user.lastname}`.trim();
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t`Account menu of ${name}`} data-testid="user-menu">
          <Group gap={6} wrap="nowrap">
            <Avatar color="risiti" radius="xl" size={34}>
              {initials(user)}
            </Avatar>
            <Text size="sm" fw={600} visibleFrom="sm" maw={160} truncate>
              {name}
            </Text>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
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
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} />}
          onClick={async () => {
            await signOut();
            await navigate({ to: '/login', replace: true });
          }}
        >
          {t`Sign out`}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
