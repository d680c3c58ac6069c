// Calls of /v1/accounting/integrations: the company's Xero and QuickBooks connections.
import type {
  ImportSummary,
  IntegrationProvider,
  IntegrationStatus,
} from '../../domain/integrations';
import { api } from './client';

const BASE = 'v1/accounting/integrations';
const company = (companyId: string) => ({ searchParams: { companyId } });

export const fetchIntegrations = (companyId: string) =>
  api.get(BASE, company(companyId)).json<{ providers: IntegrationStatus[] }>();

/** The provider's sign-in address, with a fresh single-use state. */
export const startIntegration = (companyId: string, provider: IntegrationProvider) =>
  api.post(`${BASE}/${provider}/connect`, company(companyId)).json<{ url: string }>();

export const finishIntegration = (
  provider: IntegrationProvider,
  input: { code: string; state: string; realmId?: string },
) => api.post(`${BASE}/${provider}/callback`, { json: input }).json<IntegrationStatus>();

export const importFromIntegration = (companyId: string, provider: IntegrationProvider) =>
  api
    .post(`${BASE}/${provider}/import`, company(companyId))
    .json<IntegrationStatus & { result: ImportSummary }>();

export const disconnectIntegration = (companyId: string, provider: IntegrationProvider) =>
  api.delete(`${BASE}/${provider}`, company(companyId)).json<IntegrationStatus>();
