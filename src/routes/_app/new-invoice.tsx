import { createFileRoute } from '@tanstack/react-router';
import { newInvoiceSearch } from '../../features/invoices/search';
import { COMPANY_ROLES } from '../../app/roles';
import { NewInvoicePage } from './-components/NewInvoicePage';

export const Route = createFileRoute('/_app/new-invoice')({
  staticData: { roles: COMPANY_ROLES },
  validateSearch: newInvoiceSearch,
  component: NewInvoicePage,
});
