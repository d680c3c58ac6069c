// Sync bookkeeping shared by every synced table: the per-company change counter behind the
// changes feed, tombstones of deleted records, and stored answers for Idempotency-Key replays.
import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './core';

/**
 * One row per company. Every write of a synced record bumps `last_seq` in its own transaction
 * and stamps the record with the new value; the row lock orders the company's writers, so a
 * sequence number becomes visible only after every smaller one has (see server/sync/changes.ts).
 */
export const changeCounters = pgTable('change_counters', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
});

/**
 * A deleted record, kept so devices that last synced before the deletion hear of it. Keyed by
 * company like the records themselves: another company's deletion of the same id is not this one's.
 */
export const tombstones = pgTable(
  'tombstones',
  {
    entity: text('entity').notNull(),
    id: uuid('id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.entity, t.id] }),
    index('tombstones_company_seq_idx').on(t.companyId, t.seq),
  ],
);

/**
 * The first answer to each Idempotency-Key within a scope (a company), returned again for a
 * replay. `status` is null while the first request is still running; `locked_until` lets
 * another process take over a request whose process died.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    responseBody: text('response_body'),
    responseType: text('response_type'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    index('idempotency_keys_expiry_idx').on(t.scope, t.expiresAt),
  ],
);
