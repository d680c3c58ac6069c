import { createFileRoute } from '@tanstack/react-router';
import { COMPANY_ROLES } from '../../../app/roles';

// Customers belong to a company: its owner and operators work with them (spec §6).
export const Route = createFileRoute('/_app/customers')({
  staticData: { roles: COMPANY_ROLES },
});
