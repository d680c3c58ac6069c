import { createFileRoute } from '@tanstack/react-router';
import { VendorEditPage } from '../../../features/expenses/VendorEditPage';

export const Route = createFileRoute('/_app/vendors/new')({
  component: VendorEditPage,
});
