import { createFileRoute } from '@tanstack/react-router';
import { CustomerPage } from '../-components/CustomerPage';

export const Route = createFileRoute('/_app/customers/$customerId/')({
  component: CustomerPage,
});
