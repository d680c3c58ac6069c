// The frame of every signed-in page: header with the menu button (phones), logo, sync state
// (connection state for people outside a company), language and account menu; the role's
// navigation; the page.
// The Mantine sheets the first paint did not load (first-paint-styles has the public pages').
import '../app-styles';
import { AppShell, Box, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useLingui } from '@lingui/react/macro';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { CompanySwitcher } from '../../features/admin/CompanySwitcher';
import { SyncBadge } from '../../features/sync/SyncBadge';
import { useSession, userCompanyId, workingCompanyId } from '../../stores/session';
import { ConnectionBadge } from '../ConnectionBadge';
import { LanguageSwitch } from '../LanguageSwitch';
import { NavLinkLink } from '../links';
import { Logo } from '../Logo';
import { useDrawnAfterPage } from '../useDrawnAfterPage';
import { navFor } from './nav';
import { UserMenu } from './UserMenu';
import { HelpMenu } from '../../features/tour/HelpMenu';

/** Below Mantine's `sm` breakpoint (48em), where the menu stays off screen until opened. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- a media query
const PHONE_QUERY = '(max-width: 47.99em)';
const wideScreen = () => !window.matchMedia(PHONE_QUERY).matches;

export function AppLayout() {
  const { t, i18n } = useLingui();
  const [opened, { toggle, close }] = useDisclosure(false);
  // A phone's menu, off screen until opened, has half a page's elements: they are drawn just
  // after the page. A wider screen shows the menu beside the page and draws it with the page.
  const menuDrawn = useDrawnAfterPage(wideScreen) || opened;
  const user = useSession((state) => state.user);
  const companyId = useSession(workingCompanyId);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  if (!user) return null;
  const items = navFor(user.role, companyId !== null);
  const admin = userCompanyId(user) === null;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap">
          {/* The name gives way first when the buttons on the right need the row. */}
          <Group gap={8} wrap="nowrap" miw={0}>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? t`Close the menu` : t`Open the menu`}
            />
            <Link
              to="/dashboard"
              aria-label={t`Risiti home`}
              style={{ textDecoration: 'none', minWidth: 0 }}
            >
              <Logo size={28} yielding />
            </Link>
          </Group>
          <Group gap={8} wrap="nowrap" style={{ flexShrink: 0 }}>
            {companyId ? <SyncBadge companyId={companyId} /> : <ConnectionBadge />}
            <Box visibleFrom="sm">
              <LanguageSwitch />
            </Box>
            <HelpMenu user={user} />
            <UserMenu user={user} />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label={t`Main menu`}>
        {admin && (
          <AppShell.Section pb="sm">
            <CompanySwitcher onPicked={close} />
          </AppShell.Section>
        )}
        {/* The browser's own scrolling: Mantine's ScrollArea measured itself and rendered again
            within the page's first commit. */}
        <AppShell.Section grow style={{ overflowY: 'auto' }}>
          {menuDrawn &&
            items.map((item) => (
              <NavLinkLink
                key={item.to}
                to={item.to}
                label={i18n._(item.label)}
                leftSection={<item.icon size={20} stroke={1.6} />}
                active={pathname === item.to || pathname.startsWith(`${item.to}/`)}
                onClick={close}
                styles={{ label: { fontSize: 'var(--mantine-font-size-md)' } }}
              />
            ))}
        </AppShell.Section>
        <AppShell.Section hiddenFrom="sm" pt="sm">
          <LanguageSwitch size="sm" />
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
