import { createFileRoute } from '@tanstack/react-router';
import { CustomersPage } from '../../../features/customers/CustomersPage';
import { customerListSearch } from '../../../features/customers/search';

export const Route = createFileRoute('/_app/customers/')({
  validateSearch: customerListSearch,
  component: CustomersPage,
});
