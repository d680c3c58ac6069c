// /v1/accounting/changes: the pull half of sync (DESIGN.md "Sync rules").
import { Hono } from 'hono';
import * as v from 'valibot';
import { m } from '../../domain/messages';
import { requireAuth } from '../auth/middleware';
import type { AppEnv, Deps } from '../context';
import { appError } from '../http/app-error';
import { companyContext } from '../http/company';
import { parseWith } from '../http/validate';
import { DEFAULT_PAGE, MAX_PAGE, readChanges } from './feed';
import { MAX_PULL_WAIT_MS, waitForReceipts } from './pull-wait';

const sinceSchema = v.optional(v.pipe(v.string(), v.regex(/^\d{1,15}$/)), '0');

/** The page size and the wait, named under their own field when wrong. */
const querySchema = v.object({
  limit: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,4}$/, m.fieldInvalid.id)),
    String(DEFAULT_PAGE),
  ),
  wait: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, m.fieldInvalid.id))),
});

export function changesRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.get('/changes', requireAuth(deps), async (c) => {
    const ctx = await companyContext(c, deps);
    // A position the server did not give is cursor_invalid, on which a phone starts over.
    const position = v.safeParse(sinceSchema, c.req.query('since'));
    if (!position.success) throw appError(422, 'cursor_invalid');
    const { limit: size, wait: waitMs } = parseWith(querySchema, {
      limit: c.req.query('limit'),
      wait: c.req.query('wait'),
    });
    const limit = Math.min(Math.max(Number(size), 1), MAX_PAGE);
    const since = Number(position.output);
    if (waitMs === undefined) {
      return c.json(await readChanges(deps.db, ctx.companyId, since, limit));
    }
    // ?wait=ms: a phone that just sent invoices asks when their receipts are issued. With
    // nothing new yet and receipts of the company still on their way to TRA, the answer waits
    // for the next change (or the wait), and says whether receipts are still on their way.
    const wait = Math.min(Number(waitMs), MAX_PULL_WAIT_MS);
    const receiptsPending = await waitForReceipts(deps, ctx.companyId, since, wait);
    return c.json({
      ...(await readChanges(deps.db, ctx.companyId, since, limit)),
      receiptsPending,
    });
  });

  return app;
}
