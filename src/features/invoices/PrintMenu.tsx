// Printing from an invoice: a thermal receipt (80 or 58 mm) or the A4 invoice, and the server's
// PDF when online. A draft or a receipt not yet numbered prints as a pro forma.
import { Button, Menu } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconChevronDown, IconDownload, IconPrinter } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import type { LocalInvoice } from '../../db/db';
import { downloadInvoicePdf } from './pdf';
import type { PrintLayout } from './print/PrintPage';
import { useOnline } from './useOnline';

export function PrintMenu({
  invoice,
  variant = 'default',
  fullWidth,
}: {
  invoice: LocalInvoice;
  variant?: 'default' | 'light' | 'filled';
  fullWidth?: boolean;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const online = useOnline();
  const print = (layout: PrintLayout) =>
    void navigate({
      to: '/print-invoice/$id',
      params: { id: invoice.id },
      search: { layout, print: true },
    });
  const proForma = !invoice.fiscal;

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant={variant}
          fullWidth={fullWidth}
          leftSection={<IconPrinter size={18} />}
          rightSection={<IconChevronDown size={16} />}
        >
          {proForma ? <Trans>Print pro forma</Trans> : <Trans>Print</Trans>}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => print('80mm')}>{t`Receipt 80 mm`}</Menu.Item>
        <Menu.Item onClick={() => print('58mm')}>{t`Receipt 58 mm`}</Menu.Item>
        <Menu.Item onClick={() => print('a4')}>{t`A4 invoice`}</Menu.Item>
        {invoice.version > 0 && (
          <>
            <Menu.Divider />
            <Menu.Item
              leftSection={<IconDownload size={16} />}
              disabled={!online}
              onClick={() => void downloadInvoicePdf(invoice, 'a4')}
            >
              {online ? t`Download PDF` : t`Download PDF (needs a connection)`}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
