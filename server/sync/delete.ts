// Deleting a synced record: the delete, its tombstone for the changes feed and its audit row in
// one transaction that first takes the company's change position. Deleting an already deleted
// record succeeds, since it is a replay from a device that never saw the first answer.
import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { auditLog } from '../db/schema';
import { AppError } from '../http/app-error';
import type { CompanyContext } from '../http/company';
import { isTombstoned, recordTombstone, reserveChangeSeq, type SyncedEntity } from './changes';

type CompanyTable = PgTable & { id: PgColumn; companyId: PgColumn };

export interface DeleteOptions {
  table: CompanyTable;
  entity: SyncedEntity;
  id: string;
  notFound: () => AppError;
  /** The user's message when the database refuses (a table still refers to the record). */
  refusal: (error: unknown) => AppError | null;
}

export async function deleteSyncedRecord(
  ctx: CompanyContext,
  options: DeleteOptions,
): Promise<void> {
  const { deps, companyId, userId } = ctx;
  const { table, entity, id } = options;
  const now = deps.clock.now();
  try {
    await deps.db.transaction(async (tx) => {
      const seq = await reserveChangeSeq(tx, companyId);
      const deleted = await tx
        .delete(table)
        .where(and(eq(table.id, id), eq(table.companyId, companyId)))
        .returning({ id: table.id });
      if (!deleted.length) {
        if (await isTombstoned(tx, entity, id, companyId)) return;
        throw options.notFound();
      }
      await recordTombstone(tx, { entity, id, companyId, seq, at: now });
      await tx.insert(auditLog).values({
        companyId,
        userId,
        action: `${entity}_deleted`,
        entity,
        entityId: id,
        createdAt: now,
      });
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw options.refusal(error) ?? error;
  }
}
