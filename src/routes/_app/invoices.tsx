import { createFileRoute } from '@tanstack/react-router';
import { invoiceListSearch } from '../../features/invoices/search';
import { COMPANY_ROLES } from '../../app/roles';
import { InvoicesPage } from './-components/InvoicesPage';

export const Route = createFileRoute('/_app/invoices')({
  staticData: { roles: COMPANY_ROLES },
  validateSearch: invoiceListSearch,
  component: InvoicesPage,
});
