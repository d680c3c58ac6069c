// The frame of sign-in, recovery and password pages: one narrow card, readable on a phone.
import { Box, Container, Group, Paper } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { Link, Outlet } from '@tanstack/react-router';
import { LanguageSwitch } from '../../app/LanguageSwitch';
import { Logo } from '../../app/Logo';

export function AuthLayout() {
  const { t } = useLingui();
  return (
    <Box mih="100dvh" bg="gray.0" py={{ base: 'md', sm: 48 }}>
      <Container size={460} px="sm">
        <Group justify="space-between" mb="lg" wrap="nowrap">
          <Link to="/" aria-label={t`Risiti home`} style={{ textDecoration: 'none' }}>
            <Logo size={32} />
          </Link>
          <LanguageSwitch />
        </Group>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', sm: 'xl' }} component="main">
          <Outlet />
        </Paper>
      </Container>
    </Box>
  );
}
