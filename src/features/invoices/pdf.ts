// The server's PDF of an invoice (pdfkit: A4 invoice or thermal receipt), downloaded as a file.
import { api } from '../../api/client';
import { readFailure } from '../../api/errors';
import { notifyFailure } from '../../app/notify';
import type { LocalInvoice } from '../../db/db';

export type PdfLayout = 'a4' | '80mm' | '58mm';

export function pdfFileName(invoice: Pick<LocalInvoice, 'id' | 'fiscal'>, layout: PdfLayout) {
  const name = invoice.fiscal
    ? `receipt-${invoice.fiscal.receiptNumber}`
    : `invoice-${invoice.id.slice(0, 8)}`;
  return `${name}${layout === 'a4' ? '' : `-${layout}`}.pdf`;
}

export async function downloadInvoicePdf(
  invoice: Pick<LocalInvoice, 'id' | 'fiscal' | 'companyId'>,
  layout: PdfLayout,
): Promise<boolean> {
  try {
    const blob = await api
      .get(`v1/accounting/invoices/${invoice.id}/pdf`, {
        searchParams: { layout, companyId: invoice.companyId },
      })
      .blob();
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = pdfFileName(invoice, layout);
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 30_000);
    return true;
  } catch (error) {
    notifyFailure(await readFailure(error));
    return false;
  }
}
