import { createFileRoute, redirect } from '@tanstack/react-router';
import { COMPANY_ROLES } from '../../app/roles';

// The old address of the customer list (spec §2) opens the list.
export const Route = createFileRoute('/_app/customers-old')({
  staticData: { roles: COMPANY_ROLES },
  beforeLoad: () => {
    throw redirect({ to: '/customers', replace: true });
  },
});
