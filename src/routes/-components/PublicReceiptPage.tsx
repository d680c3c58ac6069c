// /r/{publicId}: the customer's own receipt page, reached from a shared link or the QR of an
// email, with no sign-in and no app shell. It shows the fiscal block (QR and verification code)
// once the server has numbered the receipt, and checks again while TRA has not confirmed it.
// The Mantine sheets beyond the first paint's (first-paint-styles): its badge's. Not the signed-in
// app's (app-styles), 19 KiB on the customer's line before the page may paint.
import '../../app/public-styles';
import { useCallback, useEffect, useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconCircleCheck, IconDownload, IconHourglass, IconPrinter } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { HTTPError } from 'ky';
import { publicApi } from '../../api/client';
import { LanguageSwitch } from '../../app/LanguageSwitch';
import { Logo } from '../../app/Logo';
import { usePageTitle } from '../../app/usePageTitle';
import { ThermalReceipt } from '../../features/invoices/print/ThermalReceipt';
import { receiptOfPublic, type PublicReceipt } from '../../features/invoices/receipt-view';
import receiptClasses from '../../features/invoices/print/receipt.module.css';

const route = getRouteApi('/r/$publicId');

/** While TRA has not confirmed the receipt, look again this often. */
const RECHECK_MS = 15_000;

type Loaded =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'unreachable' }
  | { state: 'ready'; receipt: PublicReceipt };

async function fetchReceipt(publicId: string): Promise<Loaded> {
  try {
    const receipt = await publicApi
      .get(`v1/accounting/public/receipts/${encodeURIComponent(publicId)}`)
      .json<PublicReceipt>();
    return { state: 'ready', receipt };
  } catch (error) {
    const missing = error instanceof HTTPError && error.response.status === 404;
    return { state: missing ? 'missing' : 'unreachable' };
  }
}

export function PublicReceiptPage() {
  const { t, i18n } = useLingui();
  const { publicId } = route.useParams();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });

  const load = useCallback(
    () =>
      fetchReceipt(publicId).then((next) =>
        // A receipt already shown stays on screen when a later check cannot reach the server.
        setLoaded((current) =>
          current.state === 'ready' && next.state === 'unreachable' ? current : next,
        ),
      ),
    [publicId],
  );

  useEffect(() => {
    void load();
  }, [load]);

  const pending = loaded.state === 'ready' && loaded.receipt.status !== 'issued';
  useEffect(() => {
    if (!pending && loaded.state !== 'unreachable') return;
    const timer = window.setInterval(() => void load(), RECHECK_MS);
    return () => window.clearInterval(timer);
  }, [pending, loaded.state, load]);

  const business = loaded.state === 'ready' ? loaded.receipt.business.name : '';
  usePageTitle(business ? t`Receipt from ${business}` : t`Receipt`);
  const pdf = `/v1/accounting/public/receipts/${encodeURIComponent(publicId)}/pdf?lang=${i18n.locale}`;

  return (
    <Container size={520} py="md" px="sm">
      <Group justify="space-between" mb="md" className={receiptClasses.screenOnly}>
        <Logo size={28} />
        <LanguageSwitch size="xs" />
      </Group>
      {loaded.state === 'loading' && (
        <Center py="xl">
          <Loader role="status" aria-label={t`Loading`} />
        </Center>
      )}
      {loaded.state === 'missing' && (
        <Alert color="orange" title={t`Receipt not found`}>
          <Trans>
            This link does not lead to a receipt. Check that it was copied whole, or ask the shop
            for a new one.
          </Trans>
        </Alert>
      )}
      {loaded.state === 'unreachable' && (
        <Alert color="orange" title={t`The receipt could not be loaded`}>
          <Trans>There is no connection to Risiti. The page tries again by itself.</Trans>
        </Alert>
      )}
      {loaded.state === 'ready' && (
        <Stack gap="md">
          <Stack gap={4} className={receiptClasses.screenOnly}>
            <Title order={1} fz="h3">
              <Trans>Receipt from {business}</Trans>
            </Title>
            {loaded.receipt.status === 'issued' ? (
              <Badge
                color="risiti"
                variant="light"
                leftSection={<IconCircleCheck size={14} />}
                data-testid="public-status"
              >
                <Trans>Confirmed by TRA</Trans>
              </Badge>
            ) : (
              <Group gap="xs">
                <Badge
                  color="yellow"
                  variant="light"
                  leftSection={<IconHourglass size={14} />}
                  data-testid="public-status"
                >
                  <Trans>Waiting for TRA's confirmation</Trans>
                </Badge>
              </Group>
            )}
          </Stack>
          <div style={{ overflowX: 'auto' }} data-testid="public-receipt">
            <ThermalReceipt view={receiptOfPublic(loaded.receipt)} width="80mm" />
          </div>
          <Group gap="xs" className={receiptClasses.screenOnly}>
            <Button
              component="a"
              href={pdf}
              variant="light"
              leftSection={<IconDownload size={18} />}
            >
              <Trans>Download PDF</Trans>
            </Button>
            <Button
              variant="default"
              leftSection={<IconPrinter size={18} />}
              onClick={() => window.print()}
            >
              <Trans>Print</Trans>
            </Button>
          </Group>
          {loaded.receipt.fiscal && (
            <Text size="sm" className={receiptClasses.screenOnly}>
              <Anchor href={loaded.receipt.fiscal.verificationUrl} target="_blank" rel="noopener">
                <Trans>Check this receipt on TRA's website</Trans>
              </Anchor>
            </Text>
          )}
        </Stack>
      )}
    </Container>
  );
}
