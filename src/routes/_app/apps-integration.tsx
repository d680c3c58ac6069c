import { createFileRoute } from '@tanstack/react-router';
import { IntegrationsPage } from '../../features/integrations/IntegrationsPage';
import { integrationReturnSearch } from '../../features/integrations/search';

// Spec §2: the accounting integrations, and where Xero and QuickBooks send the user back.
export const Route = createFileRoute('/_app/apps-integration')({
  staticData: { roles: ['company_owner', 'org_admin', 'platform_admin'], company: true },
  validateSearch: integrationReturnSearch,
  component: IntegrationsPage,
});
