// /v1/accounting/changes: the pull half of sync (DESIGN.md "Sync rules").
import { Hono } from 'hono';
import * as v from 'valibot';
import { requireAuth } from '../auth/middleware';
import type { AppEnv, Deps } from '../context';
import { appError } from '../http/app-error';
import { companyContext } from '../http/company';
import { DEFAULT_PAGE, MAX_PAGE, readChanges } from './feed';
import { MAX_PULL_WAIT_MS, waitForReceipts } from './pull-wait';

const querySchema = v.object({
  since: v.optional(v.pipe(v.string(), v.regex(/^\d{1,15}$/)), '0'),
  limit: v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/)), String(DEFAULT_PAGE)),
  wait: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/))),
});

export function changesRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.get('/changes', requireAuth(deps), async (c) => {
    const ctx = await companyContext(c, deps);
    const query = v.safeParse(querySchema, c.req.query());
    if (!query.success) throw appError(422, 'cursor_invalid');
    const limit = Math.min(Math.max(Number(query.output.limit), 1), MAX_PAGE);
    const since = Number(query.output.since);
    if (query.output.wait === undefined) {
      return c.json(await readChanges(deps.db, ctx.companyId, since, limit));
    }
    // ?wait=ms: a phone that just sent invoices asks when their receipts are issued. With
    // nothing new yet and receipts of the company still on their way to TRA, the answer waits
    // for the next change (or the wait), and says whether receipts are still on their way.
    const wait = Math.min(Number(query.output.wait), MAX_PULL_WAIT_MS);
    const receiptsPending = await waitForReceipts(deps, ctx.companyId, since, wait);
    return c.json({
      ...(await readChanges(deps.db, ctx.companyId, since, limit)),
      receiptsPending,
    });
  });

  return app;
}
