import type { ContactRequestInput } from '../../domain/schemas/contact';
import { publicApi } from './client';

export const sendContactRequest = (input: ContactRequestInput) =>
  publicApi.post('v1/accounting/contact-requests', { json: input }).json<{ id: string }>();
