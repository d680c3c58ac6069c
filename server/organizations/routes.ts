// /v1/accounting/organizations: list, create, read, edit, enable and disable.
import { Hono } from 'hono';
import { organizationSchema } from '../../domain/schemas/organization';
import { requireAuth, requireRole } from '../auth/middleware';
import type { AppEnv, Deps } from '../context';
import { idParam } from '../http/id-param';
import { KB } from '../http/body';
import { jsonBodyLimit, parseJson } from '../http/validate';
import {
  createOrganization,
  getOrganization,
  listOrganizations,
  setOrganizationActive,
  updateOrganization,
} from './service';

export function organizationRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use('*', requireAuth(deps), jsonBodyLimit(16 * KB));

  app.get('/', async (c) => c.json(await listOrganizations(deps, c.get('user'))));

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
