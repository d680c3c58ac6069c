// /receipt-reissuing: find a receipt of the companies the admin reaches by its number or
// verification code, its customer or its day, and give the customer a copy — a PDF marked as a
// copy (to print or save), by email, or the receipt's own link to share. The receipts TRA has
// not accepted yet are one filter away, each with TRA's last answer.
import { useDeferredValue, useState } from 'react';
import {
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconCopy, IconSearch } from '@tabler/icons-react';
import { formatTsh } from '../../../domain/money';
import {
  emailReceiptCopy,
  findReceiptCopies,
  receiptCopyPdf,
  type ReceiptCopy,
} from '../../api/admin';
import { readFailure } from '../../api/errors';
import { DayInput } from '../../forms/DayInput';
import { notifyFailure, notifySuccess } from '../../app/notify';
import { usePageTitle } from '../../app/usePageTitle';
import { submitToServer } from '../../forms/submit';
import { FilterControl } from '../admin/FilterControl';
import { LoadState } from '../admin/LoadState';
import { ListMore } from '../admin/ListMore';
import { useServerPages } from '../admin/useServerData';
import classes from '../admin/admin.module.css';
import { shareReceiptLink } from './share-link';
import { calendarDateText } from '../../../domain/calendar-date';

type Filter = 'all' | 'pending' | 'rejected';

async function openPdf(receipt: ReceiptCopy, layout: 'a4' | '80mm') {
  try {
    const blob = await receiptCopyPdf(receipt, layout);
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `receipt-${receipt.receiptNumber}-copy${layout === 'a4' ? '' : `-${layout}`}.pdf`;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 30_000);
  } catch (error) {
    notifyFailure(await readFailure(error));
  }
}

function EmailCopy({ receipt, onDone }: { receipt: ReceiptCopy; onDone(): void }) {
  const { t } = useLingui();
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    const sent = await submitToServer(
      { setErrors: (errors) => setError(errors.to ?? errors['customer.email'] ?? null) },
      () => emailReceiptCopy(receipt, to.trim()),
    );
    setBusy(false);
    if (!sent) return;
    const address = sent.to;
    notifySuccess(t`The copy was sent to ${address}.`);
    onDone();
  };
  return (
    <Stack gap="md">
      <TextInput
        label={t`Customer's email`}
        type="email"
        inputMode="email"
        value={to}
        error={error}
        onChange={(event) => setTo(event.currentTarget.value)}
        data-autofocus
      />
      <Group justify="flex-end">
        <Button onClick={() => void send()} loading={busy}>
          <Trans>Send the copy</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

function StateBadge({ receipt }: { receipt: ReceiptCopy }) {
  if (receipt.traStatus === 'accepted') {
    return (
      <Badge color="green" variant="light">
        <Trans>Accepted by TRA</Trans>
      </Badge>
    );
  }
  if (receipt.traStatus === 'rejected') {
    return (
      <Badge color="red" variant="light">
        <Trans>Rejected by TRA</Trans>
      </Badge>
    );
  }
  return (
    <Badge color="yellow" variant="light">
      <Trans>Waiting for TRA</Trans>
    </Badge>
  );
}

export function ReceiptReissuePage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Receipt reissuing`);
  const [text, setText] = useState('');
  const [from, setFrom] = useState<string>();
  const [to, setTo] = useState<string>();
  const [filter, setFilter] = useState<Filter>('all');
  const q = useDeferredValue(text.trim());
  const receipts = useServerPages(
    (offset) =>
      findReceiptCopies({
        q,
        from,
        to,
        status: filter === 'all' ? undefined : filter,
        offset,
      }),
    [q, from, to, filter],
  );
  const [emailing, setEmailing] = useState<ReceiptCopy | null>(null);
  const emailingNumber = emailing?.receiptNumber ?? 0;

  return (
    <Stack gap="md" maw={1000}>
      <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
        <Trans>Receipt reissuing</Trans>
      </Title>
      <Text c="dimmed">
        <Trans>
          Find a receipt and give the customer a copy. Every copy is marked as a copy of the
          original receipt.
        </Trans>
      </Text>
      <TextInput
        type="search"
        label={t`Search`}
        placeholder={t`Receipt number, verification code, customer or phone`}
        leftSection={<IconSearch size={18} />}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <SimpleGrid cols={{ base: 2, sm: 3 }}>
        <DayInput label={t`From`} value={from} onChange={setFrom} />
        <DayInput label={t`To`} value={to} min={from} onChange={setTo} />
      </SimpleGrid>
      <FilterControl<Filter>
        value={filter}
        onChange={setFilter}
        aria-label={t`State at TRA`}
        data={[
          { value: 'all', label: t`All` },
          { value: 'pending', label: t`Waiting for TRA` },
          { value: 'rejected', label: t`Rejected by TRA` },
        ]}
      />
      <LoadState
        loading={receipts.loading && !receipts.items}
        failure={receipts.failure}
        onRetry={receipts.reload}
      />
      {receipts.items?.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          <Trans>No receipt matches.</Trans>
        </Text>
      )}
      <Stack gap="xs" role="list" aria-label={t`Receipts`}>
        {receipts.items?.map((receipt) => (
          <div key={receipt.id} className={classes.row} role="listitem" data-testid="receipt-row">
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={700}>
                  <ReceiptLabel number={receipt.receiptNumber} /> · {receipt.verificationCode}
                </Text>
                <Text size="sm" truncate>
                  {receipt.customerName || '—'} · {formatTsh(receipt.totalIncludingTax)}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {receipt.companyName} · {calendarDateText(receipt.date)}{' '}
                  {receipt.time.slice(0, 5)}
                </Text>
                <Group gap={6} mt={4}>
                  <StateBadge receipt={receipt} />
                </Group>
                {receipt.traStatus !== 'accepted' && receipt.traMessage && (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    <TraAnswer message={receipt.traMessage} />
                  </Text>
                )}
              </Stack>
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Button variant="light" size="sm" leftSection={<IconCopy size={16} />}>
                    <Trans>Copy</Trans>
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item onClick={() => void openPdf(receipt, 'a4')}>
                    <Trans>PDF (A4)</Trans>
                  </Menu.Item>
                  <Menu.Item onClick={() => void openPdf(receipt, '80mm')}>
                    <Trans>PDF for an 80 mm printer</Trans>
                  </Menu.Item>
                  <Menu.Item onClick={() => setEmailing(receipt)}>
                    <Trans>Email</Trans>
                  </Menu.Item>
                  <Menu.Item onClick={() => void shareReceiptLink(receipt, i18n)}>
                    <Trans>Share the link</Trans>
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Group>
          </div>
        ))}
      </Stack>
      <ListMore list={receipts} />
      <Modal
        opened={emailing !== null}
        onClose={() => setEmailing(null)}
        title={t`Email a copy of receipt ${emailingNumber}`}
      >
        {emailing && <EmailCopy receipt={emailing} onDone={() => setEmailing(null)} />}
      </Modal>
    </Stack>
  );
}

function ReceiptLabel({ number }: { number: number }) {
  return <Trans>Receipt {number}</Trans>;
}

function TraAnswer({ message }: { message: string }) {
  return <Trans>TRA's last answer: {message}</Trans>;
}
