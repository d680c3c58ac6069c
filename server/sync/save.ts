// Saving a synced record a device sends whole (POST to create, PUT of its client id to create
// or replace): the company's change position first (ordering its writers), the record's own
// uniqueness rules, the row and its audit entry, in one transaction. Saving the same content
// again answers the stored record without a new version, so a replay is harmless even after
// its Idempotency-Key expired.
import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client';
import { databaseError, UNIQUE_VIOLATION } from '../db/errors';
import { auditLog } from '../db/schema';
import { AppError, appError } from '../http/app-error';
import type { CompanyContext } from '../http/company';
import { isTombstoned, reserveChangeSeq, type SyncedEntity } from './changes';

type SyncedTable = PgTable & { id: PgColumn; companyId: PgColumn };
type SyncedRow = { id: string; companyId: string; version: number };

export interface SaveSpec<Row extends SyncedRow, Fields extends object> {
  table: SyncedTable;
  entity: SyncedEntity;
  notFound: () => AppError;
  same(row: Row, fields: Fields): boolean;
  /** The row as the API answers it (sent with a refusal of a change made on an older version). */
  toRecord(row: Row): unknown;
  /** Throws the record's own refusal when `fields` repeat another record of the company. */
  assertUnique(tx: Tx, companyId: string, id: string, fields: Fields): Promise<void>;
  /** The same refusal when a unique index caught what the check could not see. */
  uniqueRefusal(constraint: string | undefined): AppError | null;
}

/**
 * Refuses a change made on version `expected` of a record that is now at another version (the
 * request's If-Match, null when it named none): 412 `record_changed` with the record as stored,
 * so the device can show both versions and let its user choose. A change that leaves the record
 * as it is never comes here, so a replay of an accepted change is still answered the record.
 */
export function assertVersion(
  stored: { version: number } | undefined,
  expected: number | null,
  current: () => unknown,
): void {
  if (expected === null || stored?.version === expected) return;
  throw appError(412, 'record_changed', stored ? { current: current() } : {});
}

export interface Saved<Row> {
  row: Row;
  created: boolean;
}

export async function saveSyncedRecord<Row extends SyncedRow, Fields extends object>(
  ctx: CompanyContext,
  spec: SaveSpec<Row, Fields>,
  id: string,
  fields: Fields,
  mode: 'create' | 'upsert',
  /** The version the change was made on (If-Match); null saves over any version. */
  expected: number | null = null,
): Promise<Saved<Row>> {
  const { deps, companyId, userId } = ctx;
  const now = deps.clock.now();
  const { table } = spec;
  try {
    return await deps.db.transaction(async (tx) => {
      const seq = await reserveChangeSeq(tx, companyId);
      // Ids are the company's own (keyed by company and id): another company's record with the
      // same id is neither seen nor touched, so an answer never tells that it exists.
      const own = and(eq(table.companyId, companyId), eq(table.id, id));
      const [existing] = (await tx.select().from(table).where(own)) as Row[];
      if (!existing && (await isTombstoned(tx, spec.entity, id, companyId))) {
        throw mode === 'create' ? appError(409, 'record_deleted') : spec.notFound();
      }
      if (existing && spec.same(existing, fields)) return { row: existing, created: false };
      if (existing && mode === 'create') throw appError(409, 'conflict');
      assertVersion(existing, expected, () => spec.toRecord(existing!));
      await spec.assertUnique(tx, companyId, id, fields);
      const [row] = (
        existing
          ? await tx
              .update(table)
              .set({ ...fields, version: existing.version + 1, seq, updatedAt: now } as never)
              .where(own)
              .returning()
          : await tx
              .insert(table)
              .values({
                id,
                companyId,
                ...fields,
                version: 1,
                seq,
                createdAt: now,
                updatedAt: now,
              } as never)
              .returning()
      ) as Row[];
      await tx.insert(auditLog).values({
        companyId,
        userId,
        action: `${spec.entity}_${existing ? 'updated' : 'created'}`,
        entity: spec.entity,
        entityId: id,
        data: { version: row!.version },
        createdAt: now,
      });
      return { row: row!, created: !existing };
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    const info = databaseError(error);
    const refusal = info?.code === UNIQUE_VIOLATION ? spec.uniqueRefusal(info.constraint) : null;
    throw refusal ?? error;
  }
}
