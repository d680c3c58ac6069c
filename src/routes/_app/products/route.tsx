import { createFileRoute } from '@tanstack/react-router';
import { COMPANY_ROLES } from '../../../app/roles';

// Products and services belong to a company: its owner and operators work with them (spec §6).
export const Route = createFileRoute('/_app/products')({
  staticData: { roles: COMPANY_ROLES },
});
