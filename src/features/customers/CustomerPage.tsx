// One customer: details, where it stands with the server, its invoices, edit and delete.
import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { isLocale } from '../../../domain/i18n';
import { invoiceStatusLabels, INVOICE_STATUSES } from '../../../domain/invoice-status';
import { formatTsh, type Cents } from '../../../domain/money';
import type { Customer } from '../../../domain/schemas/customer';
import {
  customerChanges,
  deleteCustomer,
  keepRefusedCustomer,
  settleCustomerChange,
} from '../../db/customers';
import type { LocalCustomer } from '../../db/db';
import { conflictOf } from '../../db/record-changes';
import { useCustomer } from '../../db/useCustomer';
import { useCustomerInvoices } from '../../db/useCustomerInvoices';
import { RecordValidationError } from '../../db/validation';
import { BackLink } from '../../app/BackLink';
import { formatDateTime } from '../../app/dates';
import { ButtonLink } from '../../app/links';
import { notifySuccess } from '../../app/notify';
import { useCompanyId } from '../../app/useCompanyId';
import { usePageTitle } from '../../app/usePageTitle';
import { formatPhone } from './format';
import { identificationTypeLabels } from './labels';
import { compareFields, RecordConflict } from '../sync/RecordConflict';
import { RecordSyncBadge } from '../sync/RecordSyncBadge';
import { CustomerNotFound } from './CustomerNotFound';

const routeApi = getRouteApi('/_app/customers/$customerId/');

function Detail({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500}>{value || '—'}</Text>
    </div>
  );
}

function CustomerInvoices({ companyId, customerId }: { companyId: string; customerId: string }) {
  const { t, i18n } = useLingui();
  const invoices = useCustomerInvoices(companyId, customerId);
  if (invoices === undefined) return null;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="invoices">
      <Title order={2} fz="h3" id="invoices" mb="sm">
        <Trans>Invoices</Trans>
      </Title>
      {invoices.length === 0 ? (
        <Text c="dimmed">
          <Trans>No invoices for this customer yet.</Trans>
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t`Date`}</Table.Th>
                <Table.Th>{t`Receipt number`}</Table.Th>
                <Table.Th>{t`Status`}</Table.Th>
                <Table.Th ta="right">{t`Total`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoices.map((invoice) => (
                <Table.Tr key={invoice.id}>
                  <Table.Td>{invoice.date ?? '—'}</Table.Td>
                  <Table.Td>{invoice.receiptNumber ?? '—'}</Table.Td>
                  <Table.Td>
                    {(INVOICE_STATUSES as readonly string[]).includes(invoice.status)
                      ? i18n._(
                          invoiceStatusLabels[invoice.status as keyof typeof invoiceStatusLabels],
                        )
                      : invoice.status}
                  </Table.Td>
                  <Table.Td ta="right">
                    {invoice.total === null ? '—' : formatTsh(invoice.total as Cents)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

function DeleteCustomer({ companyId, customer }: { companyId: string; customer: LocalCustomer }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const name = customer.name;

  const confirm = async () => {
    setDeleting(true);
    try {
      await deleteCustomer(companyId, customer.id);
      notifySuccess(t`${name} is deleted.`);
      await navigate({ to: '/customers' });
    } catch (error) {
      setRefusal(
        error instanceof RecordValidationError
          ? i18n._(error.fields._ ?? error.message)
          : t`The customer could not be deleted. Please try again.`,
      );
    } finally {
      setDeleting(false);
    }
  };

  return (
    <>
      <Button
        color="red"
        variant="light"
        leftSection={<IconTrash size={18} />}
        onClick={() => {
          setRefusal(null);
          setOpened(true);
        }}
      >
        <Trans>Delete</Trans>
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t`Delete this customer?`}
        centered
        closeButtonProps={{ 'aria-label': t`Close` }}
      >
        <Stack gap="md">
          <Text>
            <Trans>
              {name} is removed from this phone now, and from the server as soon as it is reached.
            </Trans>
          </Text>
          {refusal && (
            <Alert color="red" role="alert">
              {refusal}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setOpened(false)}>
              <Trans>Keep the customer</Trans>
            </Button>
            <Button color="red" onClick={confirm} loading={deleting} disabled={refusal !== null}>
              <Trans>Delete the customer</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

export function CustomerPage() {
  const { t, i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const { customerId } = routeApi.useParams();
  const companyId = useCompanyId();
  const customer = useCustomer(companyId, customerId);
  usePageTitle(customer?.name ?? t`Customer`);
  if (!companyId || customer === undefined) return null;
  if (customer === null) return <CustomerNotFound />;

  const refusedDeletion = customer.syncError?.code === 'customer_has_invoices';
  const conflict = conflictOf(customerChanges, customer);
  const shownFields = (c: Customer) => ({
    name: { label: t`Customer name`, value: c.name },
    identificationType: {
      label: t`Identification type`,
      value: i18n._(identificationTypeLabels[c.identificationType]),
    },
    identificationNumber: { label: t`Identification number`, value: c.identificationNumber },
    phoneNumber: { label: t`Phone number`, value: formatPhone(c.phoneNumber) },
    email: { label: t`Email`, value: c.email },
    vatRegistrationNumber: {
      label: t`VAT registration number (VRN)`,
      value: c.vatRegistrationNumber,
    },
  });
  return (
    <Stack gap="md" maw={960}>
      <BackLink to="/customers">
        <Trans>Customers</Trans>
      </BackLink>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={1} fz={{ base: 'h2', sm: 'h1' }} style={{ overflowWrap: 'anywhere' }}>
            {customer.name}
          </Title>
          <Group gap="xs">
            <RecordSyncBadge state={customer.syncState} />
            {customer.version === 0 && (
              <Badge variant="outline" color="gray">
                <Trans>Not yet on the server</Trans>
              </Badge>
            )}
          </Group>
        </Stack>
        <Group gap="xs">
          <ButtonLink
            to="/customers/$customerId/edit"
            params={{ customerId }}
            leftSection={<IconPencil size={18} />}
          >
            <Trans>Edit</Trans>
          </ButtonLink>
          <DeleteCustomer companyId={companyId} customer={customer} />
        </Group>
      </Group>

      {conflict ? (
        <RecordConflict
          fields={compareFields(
            shownFields(customer),
            shownFields(conflict.theirs),
            conflict.fields,
          )}
          onChoose={(choice) => settleCustomerChange(companyId, customerId, choice)}
        />
      ) : (
        customer.syncState === 'failed' &&
        customer.syncError && (
          <Alert
            color="red"
            role="alert"
            title={
              refusedDeletion
                ? t`The server did not delete this customer`
                : t`The server did not accept this customer`
            }
          >
            <Stack gap="xs">
              <Text size="sm">{customer.syncError.message}</Text>
              {refusedDeletion ? (
                <Group>
                  <Button
                    size="compact-sm"
                    variant="white"
                    color="red"
                    onClick={() => void keepRefusedCustomer(companyId, customerId)}
                  >
                    <Trans>Keep the customer</Trans>
                  </Button>
                </Group>
              ) : (
                <Text size="sm">
                  <Trans>Correct it and save it again, or delete it.</Trans>
                </Text>
              )}
            </Stack>
          </Alert>
        )
      )}

      <Card withBorder radius="lg" padding="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Detail
            label={t`Identification type`}
            value={i18n._(identificationTypeLabels[customer.identificationType])}
          />
          <Detail label={t`Identification number`} value={customer.identificationNumber} />
          <Detail label={t`Phone number`} value={formatPhone(customer.phoneNumber)} />
          <Detail label={t`Email`} value={customer.email} />
          <Detail label={t`VAT registration number (VRN)`} value={customer.vatRegistrationNumber} />
          <Detail
            label={t`Last changed`}
            value={formatDateTime(new Date(customer.updatedAt), locale)}
          />
        </SimpleGrid>
      </Card>

      <CustomerInvoices companyId={companyId} customerId={customerId} />
    </Stack>
  );
}
