// POST /v1/accounting/contact-requests: the public contact form. No sign-in; rate-limited per
// address.
import { Hono } from 'hono';
import { contactRequestSchema } from '../../domain/schemas/contact';
import type { AppEnv, Deps } from '../context';
import { clientAddress } from '../http/address';
import { jsonBodyLimit, parseJson } from '../http/validate';
import { submitContactRequest } from './service';

export function contactRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.post('/contact-requests', jsonBodyLimit(64 * 1024), async (c) => {
    const input = await parseJson(c, contactRequestSchema);
    const result = await submitContactRequest(deps, input, {
      address: clientAddress(c, deps.config.trustProxy),
      locale: c.get('locale'),
    });
    return c.json(result, 201);
  });
  return app;
}
