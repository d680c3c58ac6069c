// /v1/accounting/integrations: the company's Xero and QuickBooks connections. Owners and the
// organization or platform admins who reach the company manage them; operators record sales
// and have no part here (403 on every call, the status included).
import { Hono, type Context } from 'hono';
import { isIntegrationProvider, type IntegrationProvider } from '../../domain/integrations';
import { requireAuth, requireRole } from '../auth/middleware';
import type { AppEnv, Deps } from '../context';
import { appError } from '../http/app-error';
import { bodyLimit, KB, openBody } from '../http/body';
import { companyContext } from '../http/company';
import { parseWith, readJson } from '../http/validate';
import { publicBaseUrl } from '../invoices/routes';
import {
  callbackSchema,
  disconnect,
  finishConnect,
  integrationStatuses,
  runImport,
  startConnect,
} from './service';

export const INTEGRATIONS_PATH = '/apps-integration';

function providerOf(c: Context): IntegrationProvider {
  const provider = c.req.param('provider');
  if (!isIntegrationProvider(provider)) throw appError(404, 'not_found');
  return provider;
}

/** The page the provider sends the person back to; the same address at connect and callback. */
const redirectUri = (c: Context, deps: Deps) => `${publicBaseUrl(c, deps)}${INTEGRATIONS_PATH}`;

export function integrationRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use(
    '*',
    bodyLimit(4 * KB),
    requireAuth(deps),
    requireRole('company_owner', 'org_admin', 'platform_admin'),
  );

  app.get('/', async (c) => {
    const ctx = await companyContext(c, deps);
    return c.json({ providers: await integrationStatuses(deps, ctx.companyId, c.get('locale')) });
  });

  app.post('/:provider/connect', async (c) => {
    const provider = providerOf(c);
    const ctx = await companyContext(c, deps);
    await openBody(c);
    return c.json(await startConnect(deps, ctx, provider, redirectUri(c, deps)));
  });

  // The company comes from the state, which was bound to it when the connection began.
  app.post('/:provider/callback', async (c) => {
    const provider = providerOf(c);
    const input = parseWith(callbackSchema, await readJson(c));
    return c.json(
      await finishConnect(
        deps,
        c.get('user'),
        provider,
        input,
        redirectUri(c, deps),
        c.get('locale'),
      ),
    );
  });

  app.post('/:provider/import', async (c) => {
    const provider = providerOf(c);
    const ctx = await companyContext(c, deps);
    await openBody(c);
    return c.json(await runImport(deps, ctx.companyId, provider, ctx.userId, c.get('locale')));
  });

  app.delete('/:provider', async (c) => {
    const provider = providerOf(c);
    const ctx = await companyContext(c, deps);
    await openBody(c);
    return c.json(await disconnect(deps, ctx.companyId, provider, ctx.userId, c.get('locale')));
  });

  return app;
}
