// Calls of /v1/accounting/insights: consent, today's quota, and the generation tasks the app
// starts and polls. Online only: insights are written by the server.
import type { DateRangeInput } from '../../domain/date-range';
import type { InsightState, InsightTaskView, InsightType } from '../../domain/schemas/insight';
import { api } from './client';

const BASE = 'v1/accounting/insights';
/** An admin names the company; an owner's is their own. */
const company = (companyId: string | undefined) =>
  companyId ? { searchParams: { companyId } } : {};

export const fetchInsightState = (companyId: string | undefined) =>
  api.get(BASE, company(companyId)).json<InsightState>();

export const saveInsightConsent = (granted: boolean) =>
  api.put(`${BASE}/consent`, { json: { granted } }).json<{ consent: boolean }>();

export const requestInsights = (
  companyId: string | undefined,
  request: { type: InsightType; fresh?: boolean } & DateRangeInput,
) => api.post(`${BASE}/tasks`, { ...company(companyId), json: request }).json<InsightTaskView>();

export const fetchInsightTask = (id: string, signal?: AbortSignal) =>
  api.get(`${BASE}/tasks/${id}`, { signal }).json<InsightTaskView>();

export const retryInsightTask = (id: string) =>
  api.post(`${BASE}/tasks/${id}/retry`).json<InsightTaskView>();
