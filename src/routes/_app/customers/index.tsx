import { createFileRoute } from '@tanstack/react-router';
import { CustomersPage } from '../../../features/customers/CustomersPage';
import { customerListSearch } from '../../../features/customers/search';

export const Route = createFileRoute('/_app/customers/')({
  validateSearch: customerListSearch,
  // Not awaited: the first rows are read while the page's code loads, and the page finds them.
  loader: () => {
    void import('../../../features/customers/list-read-ahead')
      .then((ahead) => ahead.readCustomerListAhead())
      .catch(() => undefined);
  },
  component: CustomersPage,
});
