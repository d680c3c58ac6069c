import { createFileRoute } from '@tanstack/react-router';
import { COMPANY_ROLES } from '../../../app/roles';

// Expenses belong to a company: its owner and operators record them (spec §6).
export const Route = createFileRoute('/_app/expenses')({
  staticData: { roles: COMPANY_ROLES },
});
