import { createFileRoute } from '@tanstack/react-router';
import { newInvoiceSearch } from '../../features/invoices/search';
import { NewInvoicePage } from '../../features/invoices/NewInvoicePage';

export const Route = createFileRoute('/_app/new-invoice')({
  staticData: { company: true },
  validateSearch: newInvoiceSearch,
  component: NewInvoicePage,
});
