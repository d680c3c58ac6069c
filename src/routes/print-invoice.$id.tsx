import { createFileRoute } from '@tanstack/react-router';
import { printSearch } from '../features/invoices/search';
import { PrintInvoicePage } from './-components/PrintInvoicePage';

// Outside the app's shell: the page is the paper.
export const Route = createFileRoute('/print-invoice/$id')({
  staticData: { company: true },
  validateSearch: printSearch,
  component: PrintInvoicePage,
});
