import { createFileRoute } from '@tanstack/react-router';
import { invoiceListSearch } from '../../features/invoices/search';
import { InvoicesPage } from '../../features/invoices/InvoicesPage';

export const Route = createFileRoute('/_app/invoices')({
  staticData: { company: true },
  validateSearch: invoiceListSearch,
  // Not awaited: the first rows are read while the page's code loads, and the page finds them.
  loaderDeps: ({ search: { status, period, from, to } }) => ({ status, period, from, to }),
  loader: ({ deps }) => {
    void import('../../features/invoices/list-read-ahead')
      .then((ahead) => ahead.readInvoiceListAhead(deps))
      .catch(() => undefined);
  },
  component: InvoicesPage,
});
