import { createFileRoute } from '@tanstack/react-router';
import { ApiInvoicePage } from '../../../../../features/developer/ApiInvoicePage';

// Spec §2: the API documentation needs a login.
export const Route = createFileRoute('/_app/developer/documentation/api/invoice')({
  component: ApiInvoicePage,
});
