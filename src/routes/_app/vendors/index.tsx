import { createFileRoute } from '@tanstack/react-router';
import { VendorsPage } from '../../../features/expenses/VendorsPage';
import { vendorListSearch } from '../../../features/expenses/search';

export const Route = createFileRoute('/_app/vendors/')({
  validateSearch: vendorListSearch,
  component: VendorsPage,
});
