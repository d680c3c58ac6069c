// The frame of the public pages (landing, contact, tax tips, help): header with the main
// links and the language switch, a drawer on phones, and a footer with every public page.
// The Mantine sheets of the public pages' own parts (first-paint-styles has the sign-in pages').
import '../../app/public-styles';
import { Box, Burger, Container, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { BrowserOnly } from '../../app/BrowserOnly';
import { firstPageShown } from '../../app/first-page';
import { useSession } from '../../stores/session';
import { LanguageSwitch } from '../../app/LanguageSwitch';
import { Logo } from '../../app/Logo';
import { USSD_CODE } from './constants';
import { AnchorLink, ButtonLink } from '../../app/links';

// The drawer comes once the page is shown: its parts are not needed for the first paint.
const MenuDrawer = lazy(async () => {
  await firstPageShown;
  return import('./MenuDrawer');
});

function HeaderLinks({ onNavigate, vertical }: { onNavigate?: () => void; vertical?: boolean }) {
  const links = [
    { to: '/tax-tips' as const, label: <Trans>Tax tips</Trans> },
    { to: '/help' as const, label: <Trans>Help</Trans> },
    { to: '/contact-us' as const, label: <Trans>Contact us</Trans> },
  ];
  return links.map((link) => (
    <AnchorLink
      key={link.to}
      to={link.to}
      onClick={onNavigate}
      c="dark.6"
      fw={600}
      fz={vertical ? 'lg' : 'sm'}
      py={vertical ? 6 : 0}
    >
      {link.label}
    </AnchorLink>
  ));
}

function AccountButton({ fullWidth }: { fullWidth?: boolean }) {
  const signedIn = useSession((state) => state.user !== null);
  return signedIn ? (
    <ButtonLink to="/dashboard" fullWidth={fullWidth}>
      <Trans>Open Risiti</Trans>
    </ButtonLink>
  ) : (
    <ButtonLink to="/login" fullWidth={fullWidth}>
      <Trans>Log in</Trans>
    </ButtonLink>
  );
}

export function PublicLayout() {
  const { t } = useLingui();
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box
        component="header"
        pos="sticky"
        top={0}
        bg="white"
        style={{ zIndex: 100, borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      >
        <Container size="lg" h={64}>
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Link to="/" aria-label={t`Risiti home`} style={{ textDecoration: 'none' }}>
              <Logo size={30} />
            </Link>
            <Group gap="lg" visibleFrom="md" wrap="nowrap">
              <HeaderLinks />
              <LanguageSwitch />
              <AccountButton />
            </Group>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="md"
              aria-label={opened ? t`Close the menu` : t`Open the menu`}
            />
          </Group>
        </Container>
      </Box>
      <Suspense fallback={null}>
        <BrowserOnly>
          <MenuDrawer
            opened={opened}
            onClose={close}
            position="right"
            size="80%"
            title={<Logo size={26} />}
            hiddenFrom="md"
            closeButtonProps={{ 'aria-label': t`Close the menu` }}
          >
            <Stack gap="xs">
              <HeaderLinks vertical onNavigate={close} />
              <Divider my="sm" />
              <LanguageSwitch size="sm" />
              <Box mt="md" onClick={close}>
                <AccountButton fullWidth />
              </Box>
            </Stack>
          </MenuDrawer>
        </BrowserOnly>
      </Suspense>

      <Box component="main" style={{ flex: 1 }}>
        <Outlet />
      </Box>

      <Box component="footer" bg="gray.0" py="xl" mt="xl">
        <Container size="lg">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            <Stack gap={6}>
              <Logo size={26} />
              <Text size="sm" c="dimmed">
                <Trans>Fiscal invoices and receipts for TRA, online or offline.</Trans>
              </Text>
              <Text size="sm" c="dimmed">
                <Trans>USSD: dial {USSD_CODE}</Trans>
              </Text>
            </Stack>
            <Stack gap={6}>
              <Text fw={700} size="sm">
                <Trans>Learn</Trans>
              </Text>
              <AnchorLink to="/tax-tips" size="sm">
                <Trans>Tax tips</Trans>
              </AnchorLink>
              <AnchorLink to="/help" size="sm">
                <Trans>Help</Trans>
              </AnchorLink>
              <AnchorLink to="/help/FAQs" size="sm">
                <Trans>Frequently asked questions</Trans>
              </AnchorLink>
            </Stack>
            <Stack gap={6}>
              <Text fw={700} size="sm">
                <Trans>Risiti</Trans>
              </Text>
              <AnchorLink to="/contact-us" size="sm">
                <Trans>Contact us</Trans>
              </AnchorLink>
              <AnchorLink to="/help/license-agreement" size="sm">
                <Trans>Licence agreement</Trans>
              </AnchorLink>
              <AnchorLink to="/help/privacy-policy" size="sm">
                <Trans>Privacy policy</Trans>
              </AnchorLink>
            </Stack>
          </SimpleGrid>
        </Container>
      </Box>
    </Box>
  );
}
