import { createFileRoute } from '@tanstack/react-router';
import { COMPANY_ROLES } from '../../app/roles';
import { EditInvoicePage } from './-components/EditInvoicePage';

export const Route = createFileRoute('/_app/edit-invoice/$id')({
  staticData: { roles: COMPANY_ROLES },
  component: EditInvoicePage,
});
