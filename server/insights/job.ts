// The insight tasks' worker: claims queued tasks (and running ones whose worker stopped past
// its lease) with FOR UPDATE SKIP LOCKED, so several server processes share the queue; reads
// the figures and asks the own engine, or the outside model when one is configured; records
// the insights in the asker's language, or the failure the user can retry, and tells the asker
// by push when that took long enough for them to have left the dashboard.
import { and, asc, eq, isNull, lt, or } from 'drizzle-orm';
import { generateInsights, type EngineInsight } from '../../domain/insights-engine';
import type { Locale, Message } from '../../domain/i18n';
import type { ProviderInsights } from '../../domain/schemas/insight';
import type { Deps } from '../context';
import { noticeInsightsDone } from '../push/notices';
import { startQueueLoop } from '../queue-loop';
import { insightTasks } from '../db/schema';
import { withDbPriority } from '../db/scheduler';
import { translate } from '../i18n';
import { insightFigures } from './figures';
import { askModel } from './llm';

const LEASE_MS = 120_000;

type Task = typeof insightTasks.$inferSelect;

function written(insight: EngineInsight, locale: Locale): ProviderInsights['insights'][number] {
  const values = Object.fromEntries(
    Object.entries(insight.values).map(([key, value]) => [
      key,
      typeof value === 'object' ? translate(locale, value as Message) : value,
    ]),
  );
  const say = (message: Message) => translate(locale, message, values);
  return {
    type: insight.type,
    title: say(insight.title).slice(0, 120),
    summary: say(insight.summary).slice(0, 1000),
    recommendedAction: say(insight.recommendedAction).slice(0, 500),
    confidence: insight.confidence,
    severityScore: insight.severityScore,
  };
}

async function claim(deps: Deps): Promise<Task | null> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: insightTasks.id })
      .from(insightTasks)
      .where(
        or(
          eq(insightTasks.status, 'queued'),
          and(
            eq(insightTasks.status, 'running'),
            or(isNull(insightTasks.leaseUntil), lt(insightTasks.leaseUntil, now)),
          ),
        ),
      )
      .orderBy(asc(insightTasks.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return null;
    const [task] = await tx
      .update(insightTasks)
      .set({ status: 'running', leaseUntil: new Date(now.getTime() + LEASE_MS) })
      .where(eq(insightTasks.id, due.id))
      .returning();
    return task ?? null;
  });
}

async function generate(deps: Deps, task: Task): Promise<ProviderInsights['insights']> {
  const period = { firstDay: task.firstDay, lastDay: task.lastDay };
  const figures = await insightFigures(deps, task.companyId, period);
  const llm = deps.config.ai.llm;
  if (llm) return askModel(llm, task.type, period, figures, task.locale);
  return generateInsights(task.type, figures).map((insight) => written(insight, task.locale));
}

/** Works through the due tasks; returns how many it finished. */
export async function runDueInsights(deps: Deps, limit = 10): Promise<number> {
  let done = 0;
  for (; done < limit; done++) {
    const task = await withDbPriority(() => claim(deps));
    if (!task) break;
    let outcome: Partial<Task>;
    try {
      outcome = { status: 'completed', insights: await generate(deps, task), error: null };
    } catch (error) {
      deps.log.info('An insight task failed', { task: task.id, error: String(error) });
      outcome = { status: 'failed', insights: null, error: 'ai_failed' };
    }
    // Recorded only if this worker still holds the task: one that took it over after the
    // lease ran out holds another lease.
    const now = deps.clock.now();
    await deps.db.transaction(async (tx) => {
      const recorded = await tx
        .update(insightTasks)
        .set({ ...outcome, leaseUntil: null, finishedAt: now })
        .where(
          and(
            eq(insightTasks.id, task.id),
            eq(insightTasks.status, 'running'),
            eq(insightTasks.leaseUntil, task.leaseUntil!),
          ),
        )
        .returning({ id: insightTasks.id });
      if (recorded.length === 0) return;
      await noticeInsightsDone(tx, {
        to: task.userId,
        companyId: task.companyId,
        ok: outcome.status === 'completed',
        askedAt: task.queuedAt ?? task.createdAt,
        at: now,
      });
    });
  }
  return done;
}

/** Reads the queue every `intervalMs`, and again at once while there are tasks. */
export function startInsightTasks(deps: Deps, intervalMs = 500) {
  return startQueueLoop(() => runDueInsights(deps), {
    intervalMs,
    log: deps.log,
    failure: 'Insight tasks failed',
  });
}
