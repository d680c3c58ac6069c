import { createFileRoute } from '@tanstack/react-router';
import { NewCustomerPage } from '../../../features/customers/NewCustomerPage';

export const Route = createFileRoute('/_app/customers/new')({
  component: NewCustomerPage,
});
