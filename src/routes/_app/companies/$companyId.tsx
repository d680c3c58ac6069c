import { createFileRoute } from '@tanstack/react-router';
import { CompanyAdminPage } from '../../../features/companies/CompanyAdminPage';

export const Route = createFileRoute('/_app/companies/$companyId')({
  component: function CompanyRoute() {
    const { companyId } = Route.useParams();
    return <CompanyAdminPage companyId={companyId} />;
  },
});
