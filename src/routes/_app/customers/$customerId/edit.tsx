import { createFileRoute } from '@tanstack/react-router';
import { EditCustomerPage } from '../../../../features/customers/EditCustomerPage';

export const Route = createFileRoute('/_app/customers/$customerId/edit')({
  component: EditCustomerPage,
});
