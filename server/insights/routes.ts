// /v1/accounting/insights: AI business insights for the people who see a company's figures
// (its owner, and the admins who reach it; operators are refused before a body is read).
//   GET  /                  consent, today's quota and the latest task
//   PUT  /consent           { granted }
//   POST /tasks             { type, preset | custom from/to, fresh? } → 202 queued, 200 cached
//   GET  /tasks/:id         the task's status, and its insights once completed
//   POST /tasks/:id/retry   a failed task asked again
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { resolveDateRange } from '../../domain/date-range';
import { errorMessages } from '../../domain/errors';
import { REPORT_MAX_DAYS, daysBetween, reportMessages } from '../../domain/sales-report';
import { insightConsentSchema, insightRequestSchema } from '../../domain/schemas/insight';
import { requireAuth } from '../auth/middleware';
import type { AppEnv, Deps } from '../context';
import { appError, AppError } from '../http/app-error';
import { bodyLimit, KB } from '../http/body';
import { companyContext } from '../http/company';
import { idParam } from '../http/id-param';
import { parseWith, readJson } from '../http/validate';
import {
  getInsightTask,
  insightState,
  requestInsights,
  retryInsightTask,
  setConsent,
} from './service';

const freshSchema = v.object({ fresh: v.optional(v.boolean(), false) });

function seesFigures(c: Context<AppEnv>): void {
  if (c.get('user').role === 'operator') throw appError(403, 'forbidden');
}

export function insightRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  // The largest body is a request's type, period and flag.
  app.use('*', bodyLimit(2 * KB));
  app.use('*', requireAuth(deps));
  app.use('*', async (c, next) => {
    seesFigures(c);
    await next();
  });

  app.get('/', async (c) => {
    const { companyId } = await companyContext(c, deps);
    return c.json(await insightState(deps, c.get('user').id, companyId));
  });

  app.put('/consent', async (c) => {
    const { granted } = parseWith(insightConsentSchema, await readJson(c));
    await setConsent(deps, c.get('user').id, granted);
    return c.json({ consent: granted });
  });

  app.post('/tasks', async (c) => {
    const { companyId } = await companyContext(c, deps);
    const body = await readJson(c);
    const request = parseWith(insightRequestSchema, body);
    const { fresh } = parseWith(freshSchema, body);
    const range = resolveDateRange(request, deps.clock.now());
    if (daysBetween(range.firstDay, range.lastDay).length > REPORT_MAX_DAYS) {
      throw new AppError(422, 'validation_failed', errorMessages.validation_failed, {
        fields: { to: reportMessages.periodTooLong.id },
      });
    }
    const { task, created } = await requestInsights(
      deps,
      c.get('user'),
      companyId,
      { ...request, firstDay: range.firstDay, lastDay: range.lastDay },
      c.get('locale'),
      fresh,
    );
    return c.json(task, created ? 202 : 200);
  });

  app.get('/tasks/:id', async (c) => {
    const id = idParam(c);
    return c.json(await getInsightTask(deps, c.get('user'), id));
  });

  app.post('/tasks/:id/retry', async (c) => {
    const id = idParam(c);
    return c.json(await retryInsightTask(deps, c.get('user'), id), 202);
  });

  return app;
}
