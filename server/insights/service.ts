// AI business insights (spec §4): consent first, then generation in the background with its
// status polled and a failed task retried, within a daily quota of AI requests per user.
// - A user has one task queued or running at a time: a second request is 'Too many requests'.
// - The same user's question (company, type, period, language) asked again on the same EAT
//   day is answered from its completed task (cached), which costs no request; `fresh` asks
//   again regardless.
// - A task is its asker's: anyone else is told it does not exist.
import crypto from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { eatDate } from '../../domain/dates';
import type { Locale } from '../../domain/i18n';
import type {
  InsightQuota,
  InsightRequest,
  InsightState,
  InsightTaskView,
} from '../../domain/schemas/insight';
import { assertCompanyAccess } from '../auth/company-access';
import type { AuthUser, Deps } from '../context';
import type { DbOrTx } from '../db/client';
import { aiConsents, insightTasks } from '../db/schema';
import { appError } from '../http/app-error';

type TaskRow = typeof insightTasks.$inferSelect;

export function taskView(row: TaskRow, cached = false): InsightTaskView {
  const period = { preset: row.preset, firstDay: row.firstDay, lastDay: row.lastDay };
  const generatedAt = (row.finishedAt ?? row.createdAt).toISOString();
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    period,
    insights:
      row.status === 'completed' && row.insights
        ? row.insights.map((insight) => ({ ...insight, period, cached, generatedAt }))
        : null,
    error: row.status === 'failed' ? (row.error ?? 'ai_failed') : null,
    cached,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export async function consentOf(db: DbOrTx, userId: string): Promise<boolean | null> {
  const [row] = await db
    .select({ granted: aiConsents.granted })
    .from(aiConsents)
    .where(eq(aiConsents.userId, userId));
  return row?.granted ?? null;
}

export async function setConsent(deps: Deps, userId: string, granted: boolean): Promise<void> {
  const decidedAt = deps.clock.now();
  await deps.db
    .insert(aiConsents)
    .values({ userId, granted, decidedAt })
    .onConflictDoUpdate({ target: aiConsents.userId, set: { granted, decidedAt } });
}

async function quotaOf(deps: Deps, db: DbOrTx, userId: string): Promise<InsightQuota> {
  const day = eatDate(deps.clock.now());
  const [row] = await db
    .select({ used: sql<string | null>`sum(${insightTasks.requests})` })
    .from(insightTasks)
    .where(and(eq(insightTasks.userId, userId), eq(insightTasks.day, day)));
  return { used: Number(row?.used ?? 0), limit: deps.config.ai.dailyLimit };
}

export async function insightState(
  deps: Deps,
  userId: string,
  companyId: string,
): Promise<InsightState> {
  const [latest] = await deps.db
    .select()
    .from(insightTasks)
    .where(and(eq(insightTasks.userId, userId), eq(insightTasks.companyId, companyId)))
    .orderBy(desc(insightTasks.createdAt))
    .limit(1);
  return {
    consent: await consentOf(deps.db, userId),
    quota: await quotaOf(deps, deps.db, userId),
    latest: latest ? taskView(latest) : null,
    engine: deps.config.ai.llm ? 'outside' : 'own',
  };
}

async function requireConsent(deps: Deps, userId: string): Promise<void> {
  if ((await consentOf(deps.db, userId)) !== true) throw appError(403, 'ai_consent_required');
}

/**
 * Checks, in the transaction that then writes the task, that the user has no task under way
 * and a request left today. The user's consent row is locked first, so two requests of one
 * user at once take their turns and cannot both pass.
 */
async function checkRoom(deps: Deps, tx: DbOrTx, userId: string): Promise<void> {
  await tx.select().from(aiConsents).where(eq(aiConsents.userId, userId)).for('update');
  const [busy] = await tx
    .select({ id: insightTasks.id })
    .from(insightTasks)
    .where(
      and(eq(insightTasks.userId, userId), inArray(insightTasks.status, ['queued', 'running'])),
    )
    .limit(1);
  if (busy) throw appError(429, 'ai_rate_limited');
  const quota = await quotaOf(deps, tx, userId);
  if (quota.used >= quota.limit) throw appError(429, 'ai_daily_limit');
}

export async function requestInsights(
  deps: Deps,
  user: AuthUser,
  companyId: string,
  request: InsightRequest & { firstDay: string; lastDay: string },
  locale: Locale,
  fresh: boolean,
): Promise<{ task: InsightTaskView; created: boolean }> {
  await requireConsent(deps, user.id);
  const now = deps.clock.now();
  const day = eatDate(now);
  if (!fresh) {
    const [done] = await deps.db
      .select()
      .from(insightTasks)
      .where(
        and(
          eq(insightTasks.userId, user.id),
          eq(insightTasks.companyId, companyId),
          eq(insightTasks.type, request.type),
          eq(insightTasks.firstDay, request.firstDay),
          eq(insightTasks.lastDay, request.lastDay),
          eq(insightTasks.locale, locale),
          eq(insightTasks.day, day),
          eq(insightTasks.status, 'completed'),
        ),
      )
      .orderBy(desc(insightTasks.finishedAt))
      .limit(1);
    if (done) return { task: taskView(done, true), created: false };
  }
  const row = await deps.db.transaction(async (tx) => {
    await checkRoom(deps, tx, user.id);
    const [inserted] = await tx
      .insert(insightTasks)
      .values({
        id: crypto.randomUUID(),
        companyId,
        userId: user.id,
        type: request.type,
        preset: request.preset,
        firstDay: request.firstDay,
        lastDay: request.lastDay,
        locale,
        status: 'queued',
        day,
        createdAt: now,
        queuedAt: now,
      })
      .returning();
    return inserted!;
  });
  return { task: taskView(row), created: true };
}

/**
 * A task the user asked for, about a company they still reach: one moved to another company
 * since no longer reads (or asks again about) the former one's figures. Any other task answers
 * as one that does not exist.
 */
async function ownTask(db: DbOrTx, user: AuthUser, id: string): Promise<TaskRow> {
  const [row] = await db
    .select()
    .from(insightTasks)
    .where(and(eq(insightTasks.id, id), eq(insightTasks.userId, user.id)));
  if (!row) throw appError(404, 'not_found');
  try {
    await assertCompanyAccess(db, user, row.companyId);
  } catch {
    throw appError(404, 'not_found');
  }
  return row;
}

export async function getInsightTask(
  deps: Deps,
  user: AuthUser,
  id: string,
): Promise<InsightTaskView> {
  return taskView(await ownTask(deps.db, user, id));
}

/** A failed task asked again: one more AI request, counted in today's quota. */
export async function retryInsightTask(
  deps: Deps,
  user: AuthUser,
  id: string,
): Promise<InsightTaskView> {
  const userId = user.id;
  await ownTask(deps.db, user, id);
  await requireConsent(deps, userId);
  const row = await deps.db.transaction(async (tx) => {
    const task = await ownTask(tx, user, id);
    if (task.status !== 'failed') return task;
    await checkRoom(deps, tx, userId);
    const today = eatDate(deps.clock.now());
    const [updated] = await tx
      .update(insightTasks)
      .set({
        status: 'queued',
        error: null,
        leaseUntil: null,
        finishedAt: null,
        queuedAt: deps.clock.now(),
        // Counted on the day it is retried: the first of that day, or one more.
        requests: task.day === today ? task.requests + 1 : 1,
        day: today,
      })
      .where(eq(insightTasks.id, id))
      .returning();
    return updated!;
  });
  return taskView(row);
}
