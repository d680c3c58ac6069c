// /welcome: the first steps of a new company, each ticked off as it is done — the certificate
// registered with TRA, a product, a customer, and the first invoice issued.
import { Badge, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { fetchVfd } from '../../api/admin';
import { ButtonLink } from '../../app/links';
import { useCompanyId } from '../../app/useCompanyId';
import { usePageTitle } from '../../app/usePageTitle';
import { useCustomers } from '../../db/useCustomers';
import { useInvoiceIds } from '../../db/useInvoices';
import { useProducts } from '../../db/useProducts';
import { useServerData } from '../admin/useServerData';

function Step({
  done,
  title,
  children,
  action,
}: {
  done: boolean;
  title: ReactNode;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="lg" data-done={done} data-testid="welcome-step">
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ThemeIcon
          size={36}
          radius="xl"
          variant={done ? 'filled' : 'light'}
          color={done ? 'green' : 'gray'}
        >
          {done ? <IconCheck size={20} /> : <IconCircleDashed size={20} />}
        </ThemeIcon>
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={700}>{title}</Text>
            {done && (
              <Badge color="green" variant="light">
                <Trans>Done</Trans>
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {children}
          </Text>
          {!done && action}
        </Stack>
      </Group>
    </Card>
  );
}

export function WelcomePage() {
  const { t } = useLingui();
  usePageTitle(t`First steps`);
  const companyId = useCompanyId();
  const vfd = useServerData(
    () => (companyId ? fetchVfd(companyId) : Promise.resolve(null)),
    [companyId],
  );
  const products = useProducts(companyId);
  const customers = useCustomers(companyId);
  const issued = useInvoiceIds(companyId, { status: 'issued' });
  return (
    <Stack gap="md" maw={800}>
      <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
        <Trans>Welcome to Risiti</Trans>
      </Title>
      <Text c="dimmed">
        <Trans>Four steps take a new company from nothing to its first receipt sent to TRA.</Trans>
      </Text>
      <Step
        done={vfd.data?.status === 'registered'}
        title={<Trans>Certificate registered with TRA</Trans>}
        action={
          <ButtonLink to="/company" variant="light" size="sm" style={{ alignSelf: 'flex-start' }}>
            <Trans>See the company</Trans>
          </ButtonLink>
        }
      >
        <Trans>
          The certificate TRA issued for your VFD lets Risiti number and sign your receipts. Your
          organization's admin or Risiti uploads it.
        </Trans>
      </Step>
      <Step
        done={(products?.length ?? 0) > 0}
        title={<Trans>Add what you sell</Trans>}
        action={
          <ButtonLink
            to="/products/new"
            variant="light"
            size="sm"
            style={{ alignSelf: 'flex-start' }}
          >
            <Trans>New product or service</Trans>
          </ButtonLink>
        }
      >
        <Trans>Each product or service with its price and tax type, to pick on invoices.</Trans>
      </Step>
      <Step
        done={(customers?.length ?? 0) > 0}
        title={<Trans>Add your customers</Trans>}
        action={
          <ButtonLink
            to="/customers/new"
            variant="light"
            size="sm"
            style={{ alignSelf: 'flex-start' }}
          >
            <Trans>New customer</Trans>
          </ButtonLink>
        }
      >
        <Trans>One by one, or a whole list from a CSV file. Walk-in customers need none.</Trans>
      </Step>
      <Step
        done={(issued?.length ?? 0) > 0}
        title={<Trans>Issue your first invoice</Trans>}
        action={
          <ButtonLink to="/new-invoice" size="sm" style={{ alignSelf: 'flex-start' }}>
            <Trans>New invoice</Trans>
          </ButtonLink>
        }
      >
        <Trans>
          Submit it and Risiti sends the receipt to TRA, with its QR code for the customer.
        </Trans>
      </Step>
    </Stack>
  );
}
