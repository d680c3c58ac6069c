// The top of the dashboard: who is working, in which role and company, on which day (East Africa
// Time), and the blocked banner when TRA blocked the company. It renders from the stored user,
// so it opens without a connection.
import { useEffect, useState } from 'react';
import { Alert, Badge, Group, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconLock } from '@tabler/icons-react';
import { errorMessages } from '../../../domain/errors';
import { isLocale } from '../../../domain/i18n';
import type { SessionUser } from '../../../domain/roles';
import { formatLongDate } from '../../app/dates';
import { AnchorLink } from '../../app/links';
import { roleLabels } from '../../app/roles';

/** The date, re-read every minute so a phone left open past midnight shows the new day. */
export function useToday(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

export function DashboardHeader({ user }: { user: SessionUser }) {
  const { i18n } = useLingui();
  const today = useToday();
  const firstname = user.firstname;
  return (
    <div>
      <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
        <Trans>Welcome, {firstname}</Trans>
      </Title>
      <Group gap="xs" mt={6}>
        <Badge variant="light" size="lg" radius="sm">
          {i18n._(roleLabels[user.role])}
        </Badge>
        {user.company && (
          <Text size="sm" fw={600} data-testid="company-name">
            {user.company.name}
          </Text>
        )}
        <Text size="sm" c="dimmed" data-testid="today">
          {formatLongDate(today, isLocale(i18n.locale) ? i18n.locale : 'en')}
        </Text>
      </Group>
      {user.company?.blockedByTra && (
        <Alert color="red" variant="filled" icon={<IconLock />} role="alert" mt="md">
          {i18n._(errorMessages.company_blocked)}{' '}
          <AnchorLink to="/contact-us" c="white" td="underline">
            <Trans>Contact us</Trans>
          </AnchorLink>
        </Alert>
      )}
    </div>
  );
}
