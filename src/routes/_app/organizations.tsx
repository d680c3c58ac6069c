import { createFileRoute } from '@tanstack/react-router';
import { OrganizationsPage } from '../../features/organizations/OrganizationsPage';

export const Route = createFileRoute('/_app/organizations')({
  staticData: { roles: ['platform_admin', 'org_admin'] },
  component: OrganizationsPage,
});
