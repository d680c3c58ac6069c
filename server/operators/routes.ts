// /v1/accounting/operators: the people of the companies the user manages — list, read, create
// (invited by mail), edit, change status, send the invitation again. Sign-in is checked before
// any body is read, and bodies are small.
import { Hono } from 'hono';
import * as v from 'valibot';
import { USER_STATUSES } from '../../domain/roles';
import { operatorSchema, operatorStatusChangeSchema } from '../../domain/schemas/user';
import { requireAuth, requireRole } from '../auth/middleware';
import { pageQuery } from '../companies/routes';
import type { AppEnv, Deps } from '../context';
import { idParam } from '../http/id-param';
import { jsonBodyLimit, parseJson, parseWith } from '../http/validate';
import { publicBaseUrl } from '../invoices/routes';
import {
  createOperator,
  getOperator,
  listOperators,
  reinviteOperator,
  setOperatorStatus,
  updateOperator,
} from './service';

const listQuery = v.object({
  companyId: v.optional(v.pipe(v.string(), v.uuid())),
  organizationId: v.optional(v.pipe(v.string(), v.uuid())),
  status: v.optional(v.picklist(USER_STATUSES)),
  search: v.optional(v.pipe(v.string(), v.maxLength(100), v.excludes('\u0000'))),
  ...pageQuery,
});

export const OPERATOR_BODY_LIMIT = 16 * 1024;

export function operatorRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use(
    '*',
    requireAuth(deps),
    requireRole('platform_admin', 'org_admin', 'company_owner'),
    jsonBodyLimit(OPERATOR_BODY_LIMIT),
  );

  app.get('/', async (c) => {
    const query = parseWith(listQuery, c.req.query());
    return c.json(await listOperators(deps, c.get('user'), query));
  });

  app.post('/', async (c) => {
    const input = await parseJson(c, operatorSchema);
    const saved = await createOperator(deps, c.get('user'), input, {
      baseUrl: publicBaseUrl(c, deps),
    });
    return c.json(saved, 201);
  });

  app.get('/:id', async (c) => c.json(await getOperator(deps, c.get('user'), idParam(c))));

  app.put('/:id', async (c) => {
    const id = idParam(c);
    await getOperator(deps, c.get('user'), id);
    const input = await parseJson(c, operatorSchema);
    return c.json(await updateOperator(deps, c.get('user'), id, input));
  });

  app.post('/:id/status', async (c) => {
    const id = idParam(c);
    // The person must be within reach before their body is read, as for an edit (one's own
    // status is refused by setOperatorStatus whatever the body).
    if (id !== c.get('user').id) await getOperator(deps, c.get('user'), id);
    const input = await parseJson(c, operatorStatusChangeSchema);
    return c.json(await setOperatorStatus(deps, c.get('user'), id, input.status));
  });

  app.post('/:id/invitation', async (c) =>
    c.json(
      await reinviteOperator(deps, c.get('user'), idParam(c), {
        baseUrl: publicBaseUrl(c, deps),
      }),
    ),
  );

  return app;
}
