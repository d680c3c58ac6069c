// /v1/accounting/payment: what the signed-in company pays and how (?companyId= for admins; an
// admin without one sees the prices and instructions only); the platform admin sets how to pay.
import { Hono } from 'hono';
import { paymentInstructionsSchema } from '../../domain/schemas/payment';
import { resolveCompany } from '../auth/company-access';
import { requireAuth, requireRole } from '../auth/middleware';
import type { AppEnv, Deps } from '../context';
import { jsonBodyLimit, parseJson } from '../http/validate';
import { paymentView, savePaymentInstructions } from './service';

export function paymentRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use('*', requireAuth(deps));
  app.get('/', async (c) => {
    const user = c.get('user');
    const requested = c.req.query('companyId');
    const companyId =
      user.companyId || requested ? await resolveCompany(deps.db, user, requested) : null;
    return c.json(await paymentView(deps, companyId));
  });
  app.put('/instructions', requireRole('platform_admin'), jsonBodyLimit(32 * 1024), async (c) => {
    const input = await parseJson(c, paymentInstructionsSchema);
    return c.json(await savePaymentInstructions(deps, c.get('user'), input));
  });
  return app;
}
