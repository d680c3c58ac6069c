// A company's recorded details, as TRA and its customers know it.
import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Company } from '../../api/admin';
import { calendarDateText } from '../../../domain/calendar-date';

export function CompanyDetails({ company }: { company: Company }) {
  const { t } = useLingui();
  const facts: [string, string][] = [
    [t`TIN`, company.tin],
    [t`VAT registration number (VRN)`, company.vrn ?? '—'],
    [t`VFD serial number`, company.serial],
    [t`Email`, company.email],
    [t`Phone`, `+255 ${company.phone}`],
    [t`Address`, company.address],
    [t`Paid until`, company.paidUntil ? calendarDateText(company.paidUntil) : t`Not paid yet`],
  ];
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="company-title">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="h3" id="company-title">
            <Trans>Details</Trans>
          </Title>
          <Badge
            color={company.active ? 'green' : 'gray'}
            variant="light"
            data-testid="company-active"
          >
            {company.active ? <Trans>Enabled</Trans> : <Trans>Disabled</Trans>}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {facts.map(([label, value]) => (
            <div key={label}>
              <Text size="sm" c="dimmed">
                {label}
              </Text>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
