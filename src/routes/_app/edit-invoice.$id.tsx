import { createFileRoute } from '@tanstack/react-router';
import { INVOICE_ROLES } from '../../features/invoices/roles';
import { EditInvoicePage } from './-components/EditInvoicePage';

export const Route = createFileRoute('/_app/edit-invoice/$id')({
  staticData: { roles: INVOICE_ROLES },
  component: EditInvoicePage,
});
