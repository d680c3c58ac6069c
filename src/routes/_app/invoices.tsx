import { createFileRoute } from '@tanstack/react-router';
import { invoiceListSearch } from '../../features/invoices/search';
import { INVOICE_ROLES } from '../../features/invoices/roles';
import { InvoicesPage } from './-components/InvoicesPage';

export const Route = createFileRoute('/_app/invoices')({
  staticData: { roles: INVOICE_ROLES },
  validateSearch: invoiceListSearch,
  component: InvoicesPage,
});
