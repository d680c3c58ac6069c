// The dashboard's frame: who is working, for which company, on which day (East Africa Time).
// It renders from the stored user, so it opens without a connection.
import { useEffect, useState } from 'react';
import {
  Alert,
  Badge,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  IconBuildingStore,
  IconCalendar,
  IconFileInvoice,
  IconFilePlus,
  IconLock,
} from '@tabler/icons-react';

import { errorMessages } from '../../../../domain/errors';
import { isLocale } from '../../../../domain/i18n';
import { formatLongDate } from '../../../app/dates';
import { roleLabels } from '../../../app/roles';
import { usePageTitle } from '../../../app/usePageTitle';
import { useSession } from '../../../stores/session';
import { AnchorLink, ButtonLink } from '../../../app/links';
import { worksInCompany } from '../../../../domain/roles';

/** The date, re-read every minute so a phone left open past midnight shows the new day. */
function useToday(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

export function DashboardFrame() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Dashboard`);
  const user = useSession((state) => state.user);
  const today = useToday();
  if (!user) return null;
  const firstname = user.firstname;
  const tin = user.company?.tin;

  return (
    <Stack gap="lg" maw={960}>
      <div>
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          <Trans>Welcome, {firstname}</Trans>
        </Title>
        <Group gap="xs" mt={6}>
          <Badge variant="light" size="lg" radius="sm">
            {i18n._(roleLabels[user.role])}
          </Badge>
        </Group>
      </div>

      {user.company?.blockedByTra && (
        <Alert color="red" variant="filled" icon={<IconLock />} role="alert">
          {i18n._(errorMessages.company_blocked)}{' '}
          <AnchorLink to="/contact-us" c="white" td="underline">
            <Trans>Contact us</Trans>
          </AnchorLink>
        </Alert>
      )}

      {worksInCompany(user.role) && (
        <Group gap="sm">
          <ButtonLink to="/new-invoice" size="lg" leftSection={<IconFilePlus size={20} />}>
            <Trans>New invoice</Trans>
          </ButtonLink>
          <ButtonLink
            to="/invoices"
            size="lg"
            variant="light"
            leftSection={<IconFileInvoice size={20} />}
          >
            <Trans>Invoices</Trans>
          </ButtonLink>
        </Group>
      )}

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Card withBorder radius="lg" padding="lg">
          <Group gap="md" wrap="nowrap" align="flex-start">
            <ThemeIcon size={44} radius="md" variant="light">
              <IconBuildingStore size={24} />
            </ThemeIcon>
            <div>
              <Text size="sm" c="dimmed">
                {user.company ? <Trans>Company</Trans> : <Trans>Working for</Trans>}
              </Text>
              <Text fw={700} fz="lg" data-testid="company-name">
                {user.company ? user.company.name : <Trans>Risiti platform administration</Trans>}
              </Text>
              {tin && (
                <Text size="sm" c="dimmed">
                  <Trans>TIN {tin}</Trans>
                </Text>
              )}
            </div>
          </Group>
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Group gap="md" wrap="nowrap" align="flex-start">
            <ThemeIcon size={44} radius="md" variant="light">
              <IconCalendar size={24} />
            </ThemeIcon>
            <div>
              <Text size="sm" c="dimmed">
                <Trans>Today (East Africa Time)</Trans>
              </Text>
              <Text fw={700} fz="lg" data-testid="today">
                {formatLongDate(today, isLocale(i18n.locale) ? i18n.locale : 'en')}
              </Text>
            </div>
          </Group>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
