// /v1/accounting/tax-tips (read by anyone, saved by admins) and /v1/accounting/product-updates
// (read by anyone signed in, written by the platform admin).
import { Hono } from 'hono';
import * as v from 'valibot';
import { productUpdateSchema, taxTipsSchema } from '../../domain/schemas/content';
import { requireAuth, requireRole } from '../auth/middleware';
import { pageQuery } from '../companies/routes';
import type { AppEnv, Deps } from '../context';
import { idParam } from '../http/id-param';
import { jsonBodyLimit, parseJson, parseWith } from '../http/validate';
import {
  createProductUpdate,
  deleteProductUpdate,
  editProductUpdate,
  listProductUpdates,
  listTaxTips,
  saveTaxTips,
} from './service';

export function taxTipRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.json(await listTaxTips(deps));
  });
  app.put(
    '/',
    requireAuth(deps),
    requireRole('platform_admin', 'org_admin'),
    jsonBodyLimit(512 * 1024),
    async (c) => {
      const input = await parseJson(c, taxTipsSchema);
      return c.json(await saveTaxTips(deps, c.get('user'), input.tips));
    },
  );
  return app;
}

export function productUpdateRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use('*', requireAuth(deps));
  const writer = [requireRole('platform_admin'), jsonBodyLimit(64 * 1024)] as const;

  app.get('/', async (c) => {
    const query = parseWith(v.object(pageQuery), c.req.query());
    return c.json(await listProductUpdates(deps, query));
  });
  app.post('/', ...writer, async (c) => {
    const input = await parseJson(c, productUpdateSchema);
    return c.json(await createProductUpdate(deps, c.get('user'), input), 201);
  });
  app.put('/:id', ...writer, async (c) => {
    const id = idParam(c);
    const input = await parseJson(c, productUpdateSchema);
    return c.json(await editProductUpdate(deps, c.get('user'), id, input));
  });
  app.delete('/:id', requireRole('platform_admin'), async (c) => {
    await deleteProductUpdate(deps, c.get('user'), idParam(c));
    return c.body(null, 204);
  });
  return app;
}
