// Calls of /v1/accounting/ussd: the signed-in user's USSD access, their PIN, and a try of the
// menus as their own phone would see them.
import type { UssdAccess, UssdReply } from '../../domain/ussd';
import { api } from './client';

export const fetchUssdAccess = () => api.get('v1/accounting/ussd').json<UssdAccess>();

export const saveUssdPin = (input: { currentPassword: string; pin: string; confirmPin: string }) =>
  api.put('v1/accounting/ussd/pin', { json: input }).json<UssdAccess>();

export const tryUssd = (sessionId: string, text: string) =>
  api
    .post('v1/accounting/ussd/try', { json: { sessionId, text } })
    .json<UssdReply & { screen: string }>();
