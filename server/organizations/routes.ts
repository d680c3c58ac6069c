// /v1/accounting/organizations: list (a page, searched), create, read, edit, enable and disable.
import { Hono } from 'hono';
import * as v from 'valibot';
import { organizationSchema } from '../../domain/schemas/organization';
import { requireAuth, requireRole } from '../auth/middleware';
import { pageQuery } from '../companies/routes';
import type { AppEnv, Deps } from '../context';
import { idParam } from '../http/id-param';
import { KB } from '../http/body';
import { jsonBodyLimit, parseJson, parseWith } from '../http/validate';
import {
  createOrganization,
  getOrganization,
  listOrganizations,
  setOrganizationActive,
  updateOrganization,
} from './service';

const listQuery = v.object({
  search: v.optional(v.pipe(v.string(), v.maxLength(100))),
  ...pageQuery,
});

export function organizationRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use('*', requireAuth(deps), jsonBodyLimit(16 * KB));

  app.get('/', async (c) => {
    const query = parseWith(listQuery, c.req.query());
    return c.json(await listOrganizations(deps, c.get('user'), query));
  });

  app.post('/', requireRole('platform_admin'), async (c) => {
    const input = await parseJson(c, organizationSchema);
    return c.json(await createOrganization(deps, c.get('user'), input), 201);
  });

  app.get('/:id', async (c) => c.json(await getOrganization(deps, c.get('user'), idParam(c))));

  app.put('/:id', async (c) => {
    const id = idParam(c);
    await getOrganization(deps, c.get('user'), id);
    const input = await parseJson(c, organizationSchema);
    return c.json(await updateOrganization(deps, c.get('user'), id, input));
  });

  app.post('/:id/enable', async (c) =>
    c.json(await setOrganizationActive(deps, c.get('user'), idParam(c), true)),
  );
  app.post('/:id/disable', async (c) =>
    c.json(await setOrganizationActive(deps, c.get('user'), idParam(c), false)),
  );

  return app;
}
