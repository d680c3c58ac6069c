// /v1/accounting/changes: the pull half of sync (DESIGN.md "Sync rules").
import { Hono } from 'hono';
import * as v from 'valibot';
import { requireAuth } from '../auth/middleware';
import type { AppEnv, Deps } from '../context';
import { appError } from '../http/app-error';
import { companyContext } from '../http/company';
import { DEFAULT_PAGE, MAX_PAGE, readChanges } from './feed';

const querySchema = v.object({
  since: v.optional(v.pipe(v.string(), v.regex(/^\d{1,15}$/)), '0'),
  limit: v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/)), String(DEFAULT_PAGE)),
});

export function changesRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.get('/changes', requireAuth(deps), async (c) => {
    const ctx = await companyContext(c, deps);
    const query = v.safeParse(querySchema, c.req.query());
    if (!query.success) throw appError(422, 'cursor_invalid');
    const limit = Math.min(Math.max(Number(query.output.limit), 1), MAX_PAGE);
    return c.json(await readChanges(deps.db, ctx.companyId, Number(query.output.since), limit));
  });

  return app;
}
