import { createFileRoute } from '@tanstack/react-router';
import { EditInvoicePage } from '../../features/invoices/EditInvoicePage';

export const Route = createFileRoute('/_app/edit-invoice/$id')({
  staticData: { company: true },
  component: EditInvoicePage,
});
