// The printable invoice: a thermal receipt (58 or 80 mm) or an A4 invoice, drawn from the
// invoice on this phone and the business header kept with it, so it prints without a
// connection. The page is sized for the paper (@page) and opens the browser's print dialog.
// The Mantine sheets the first paint did not load (first-paint-styles has the public pages').
import '../../../app/app-styles';
import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconArrowLeft, IconDownload, IconPrinter } from '@tabler/icons-react';
import { WARNING_TEXT } from '../../../app/theme';
import { useBusinessProfile } from '../../../db/useBusinessProfile';
import { useInvoice } from '../../../db/useInvoice';
import { usePageTitle } from '../../../app/usePageTitle';
import { ButtonLink } from '../../../app/links';
import { Choices } from '../../../app/Choices';
import { refreshBusinessProfile } from '../business-profile';
import { downloadInvoicePdf } from '../pdf';
import { businessOf, receiptOfInvoice } from '../receipt-view';
import { useOnline } from '../useOnline';
import { A4Invoice } from './A4Invoice';
import { ThermalReceipt } from './ThermalReceipt';
import { pageRule, QR_SELECTOR } from './page-rule';
import classes from './print-page.module.css';

export type PrintLayout = 'a4' | '80mm' | '58mm';

const PX_PER_MM = 96 / 25.4;

/**
 * The @page rule for the paper: A4, or a roll as long as the receipt (thermal printers cut
 * where the page ends, so a fixed length would waste paper or split the receipt).
 */
function usePageSize(layout: PrintLayout, paper: HTMLElement | null, ready: boolean) {
  useLayoutEffect(() => {
    const style = document.createElement('style');
    const height = paper ? Math.ceil(paper.getBoundingClientRect().height / PX_PER_MM) + 2 : 297;
    style.textContent = pageRule(layout, height);
    document.head.appendChild(style);
    return () => style.remove();
  }, [layout, paper, ready]);
}

/**
 * On a screen narrower than the paper (an A4 page on a phone), the preview is shrunk to fit;
 * printing always uses the paper's real size.
 */
function useScreenZoom(layout: PrintLayout): number {
  const paperPx = (layout === 'a4' ? 210 : layout === '80mm' ? 80 : 58) * PX_PER_MM;
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return Math.min(1, (width - 16) / paperPx);
}

export interface PrintPageProps {
  companyId: string;
  invoiceId: string;
  layout: PrintLayout;
  /** Open the print dialog once the page is ready. */
  autoPrint: boolean;
  onLayout(layout: PrintLayout): void;
}

export function PrintPage({ companyId, invoiceId, layout, autoPrint, onLayout }: PrintPageProps) {
  const { t } = useLingui();
  usePageTitle(t`Print`);
  const invoice = useInvoice(companyId, invoiceId);
  const profile = useBusinessProfile(companyId);
  const online = useOnline();
  const [paper, setPaper] = useState<HTMLDivElement | null>(null);
  const printed = useRef(false);

  useEffect(() => {
    if (online) void refreshBusinessProfile(companyId);
  }, [companyId, online]);

  const zoom = useScreenZoom(layout);
  const qrReady = paper?.querySelector(QR_SELECTOR) !== null || !invoice?.fiscal;
  const ready = Boolean(invoice && profile !== undefined && paper);
  usePageSize(layout, paper, ready);

  useEffect(() => {
    if (!autoPrint || !ready || printed.current) return;
    // Wait for the QR image to be drawn: a receipt must not print without it.
    const timer = window.setTimeout(
      () => {
        printed.current = true;
        window.print();
      },
      qrReady ? 150 : 600,
    );
    return () => window.clearTimeout(timer);
  }, [autoPrint, ready, qrReady]);

  if (invoice === undefined) return null;
  if (invoice === null) {
    return (
      <Alert color="red" m="md">
        <Trans>This invoice is not on this phone.</Trans>
      </Alert>
    );
  }
  const view = receiptOfInvoice(invoice, businessOf(profile));

  return (
    <div className={classes.page}>
      <Group className={classes.toolbar} justify="space-between" gap="xs" p="sm">
        <ButtonLink
          to="/edit-invoice/$id"
          params={{ id: invoiceId }}
          variant="subtle"
          leftSection={<IconArrowLeft size={18} />}
        >
          <Trans>Back to the invoice</Trans>
        </ButtonLink>
        <Choices<PrintLayout>
          value={layout}
          onChange={onLayout}
          data={[
            { value: '80mm', label: t`80 mm` },
            { value: '58mm', label: t`58 mm` },
            { value: 'a4', label: 'A4' },
          ]}
          aria-label={t`Paper`}
        />
        <Group gap="xs">
          {invoice.version > 0 && (
            <Button
              variant="default"
              leftSection={<IconDownload size={18} />}
              disabled={!online}
              onClick={() => void downloadInvoicePdf(invoice, layout)}
            >
              PDF
            </Button>
          )}
          <Button leftSection={<IconPrinter size={18} />} onClick={() => window.print()}>
            <Trans>Print</Trans>
          </Button>
        </Group>
      </Group>
      {profile === null && (
        <Text className={classes.toolbar} c={WARNING_TEXT} ta="center" size="sm" pb="xs">
          <Trans>The business details print once the phone has reached the server one time.</Trans>
        </Text>
      )}
      <div
        ref={setPaper}
        className={classes.paper}
        data-layout={layout}
        style={{ '--screen-zoom': zoom } as CSSProperties}
      >
        {layout === 'a4' ? (
          <A4Invoice view={view} />
        ) : (
          <ThermalReceipt view={view} width={layout} />
        )}
      </div>
    </div>
  );
}
