// AI business insights (spec §3, §4): each user's consent to AI processing of the company's
// figures, and the generation tasks. A task is the queue's row and, once completed, the cache:
// the same company, type, period and language asked again the same day is answered from it
// without a new AI request (per user, as tasks are). The daily quota counts the AI requests of
// a user's tasks.
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { DATE_PRESETS } from '../../../domain/date-range';
import {
  INSIGHT_TASK_STATUSES,
  INSIGHT_TYPES,
  type ProviderInsights,
} from '../../../domain/schemas/insight';
import { companies, users } from './core';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** One row per user who answered the question; no row means not asked yet. */
export const aiConsents = pgTable('ai_consents', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  granted: boolean('granted').notNull(),
  decidedAt: at('decided_at').notNull(),
});

export const insightTasks = pgTable(
  'insight_tasks',
  {
    id: uuid('id').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type', { enum: INSIGHT_TYPES }).notNull(),
    preset: text('preset', { enum: DATE_PRESETS }).notNull(),
    firstDay: date('first_day').notNull(),
    lastDay: date('last_day').notNull(),
    locale: text('locale', { enum: ['en', 'sw'] }).notNull(),
    status: text('status', { enum: INSIGHT_TASK_STATUSES }).notNull(),
    /** AI requests made for this task: 1 when asked, one more for each retry. */
    requests: integer('requests').notNull().default(1),
    /** A worker holds a running task until then; after that another may take it over. */
    leaseUntil: at('lease_until'),
    insights: jsonb('insights').$type<ProviderInsights['insights']>(),
    /** The error code of a failed task (domain/errors.ts). */
    error: text('error'),
    /** The EAT day the task was asked on: the quota's and the cache's day. */
    day: date('day').notNull(),
    createdAt: at('created_at').notNull(),
    /** When it was last asked for: when created, or retried (null on tasks from before it). */
    queuedAt: at('queued_at'),
    finishedAt: at('finished_at'),
  },
  (t) => [
    index('insight_tasks_user_day_idx').on(t.userId, t.day),
    index('insight_tasks_cache_idx')
      .on(t.companyId, t.type, t.firstDay, t.lastDay, t.locale, t.day)
      .where(sql`${t.status} = 'completed'`),
    index('insight_tasks_due_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('queued', 'running')`),
  ],
);
