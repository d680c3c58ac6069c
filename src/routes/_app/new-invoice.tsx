import { createFileRoute } from '@tanstack/react-router';
import { newInvoiceSearch } from '../../features/invoices/search';
import { INVOICE_ROLES } from '../../features/invoices/roles';
import { NewInvoicePage } from './-components/NewInvoicePage';

export const Route = createFileRoute('/_app/new-invoice')({
  staticData: { roles: INVOICE_ROLES },
  validateSearch: newInvoiceSearch,
  component: NewInvoicePage,
});
