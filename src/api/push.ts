// Calls of /v1/accounting/push: this browser's subscription to the server's notifications.
import type { PushSubscriptionInput } from '../../domain/push';
import { api } from './client';

const BASE = 'v1/accounting/push';

export const fetchPushKey = () => api.get(`${BASE}/key`).json<{ publicKey: string }>();

export const savePushSubscription = (subscription: PushSubscriptionInput) =>
  api.put(`${BASE}/subscription`, { json: subscription }).json<{ subscribed: boolean }>();

export const deletePushSubscription = (endpoint: string) =>
  api.delete(`${BASE}/subscription`, { json: { endpoint } });
