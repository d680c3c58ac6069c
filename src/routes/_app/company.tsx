import { createFileRoute } from '@tanstack/react-router';
import { OwnerCompanyPage } from '../../features/companies/OwnerCompanyPage';

// Owner-company layout (spec §2): the owner's company, certificate and VFD state.
export const Route = createFileRoute('/_app/company')({
  staticData: { roles: ['company_owner'] },
  component: OwnerCompanyPage,
});
