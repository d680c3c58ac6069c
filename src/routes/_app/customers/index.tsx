import { createFileRoute } from '@tanstack/react-router';
import { CustomersPage } from './-components/CustomersPage';
import { customerListSearch } from './-components/search';

export const Route = createFileRoute('/_app/customers/')({
  validateSearch: customerListSearch,
  component: CustomersPage,
});
