import { createFileRoute } from '@tanstack/react-router';
import { invoiceListSearch } from '../../features/invoices/search';
import { InvoicesPage } from '../../features/invoices/InvoicesPage';

export const Route = createFileRoute('/_app/invoices')({
  staticData: { company: true },
  validateSearch: invoiceListSearch,
  component: InvoicesPage,
});
