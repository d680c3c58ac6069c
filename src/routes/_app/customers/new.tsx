import { createFileRoute } from '@tanstack/react-router';
import { NewCustomerPage } from './-components/NewCustomerPage';

export const Route = createFileRoute('/_app/customers/new')({
  component: NewCustomerPage,
});
