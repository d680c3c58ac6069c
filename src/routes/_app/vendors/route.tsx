import { createFileRoute } from '@tanstack/react-router';
import { COMPANY_ROLES } from '../../../app/roles';

// The sellers a company's expenses name (spec §3 Vendor): its owner and operators keep them.
export const Route = createFileRoute('/_app/vendors')({
  staticData: { roles: COMPANY_ROLES },
});
