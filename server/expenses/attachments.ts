// Files attached to an expense (spec §5 Attachments: PDF, PNG or JPG, at most 5 MB each). The
// phone chooses each file's id, so an upload repeated after a lost answer lands on the same
// record; the same id with other bytes is refused, never overwritten. Bytes are checked (name,
// declared type and first bytes must agree) before anything is stored, and are kept under
// DATA_DIR/attachments/<company>/<id> or, with ATTACHMENT_STORE=database, in the database;
// they are only ever served to the people of that company.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, asc, count, eq } from 'drizzle-orm';
import {
  attachmentMessages,
  checkAttachmentContent,
  MAX_ATTACHMENTS,
  SIGNATURE_BYTES,
} from '../../domain/attachments';
import { canEditExpense } from '../../domain/expense';
import type { ExpenseAttachmentRecord } from '../../domain/expense-record';
import type { Message } from '../../domain/i18n';
import type { Deps } from '../context';
import type { DbOrTx, Tx } from '../db/client';
import { auditLog, expenseAttachmentBlobs, expenseAttachments, expenses } from '../db/schema';
import { AppError, appError } from '../http/app-error';
import type { CompanyContext } from '../http/company';
import { isTombstoned, recordTombstone, reserveChangeSeq } from '../sync/changes';
import { toAttachment, type AttachmentRow } from './records';
import { expenseNotFound } from './service';

export const attachmentNotFound = () => appError(404, 'attachment_not_found');

/** Where the bytes live. Writes happen inside the transaction that records the file. */
interface AttachmentStore {
  put(tx: Tx, companyId: string, id: string, bytes: Uint8Array): Promise<void>;
  get(db: DbOrTx, companyId: string, id: string): Promise<Buffer | null>;
  /** After the transaction that deleted the record committed. */
  remove(companyId: string, id: string): Promise<void>;
}

function fileStore(dataDir: string): AttachmentStore {
  const root = path.join(dataDir, 'attachments');
  // Ids are UUIDs checked by the routes; the path never takes text from a request otherwise.
  const fileOf = (companyId: string, id: string) => path.join(root, companyId, id);
  return {
    async put(_tx, companyId, id, bytes) {
      const target = fileOf(companyId, id);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${crypto.randomBytes(6).toString('hex')}.part`;
      await fs.writeFile(temporary, bytes);
      // Renamed before the commit: a crash in between leaves a file without a record, which
      // a repeated upload overwrites; never a record without its file.
      await fs.rename(temporary, target);
    },
    async get(_db, companyId, id) {
      try {
        return await fs.readFile(fileOf(companyId, id));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(companyId, id) {
      await fs.rm(fileOf(companyId, id), { force: true });
    },
  };
}

const databaseStore: AttachmentStore = {
  async put(tx, companyId, id, bytes) {
    await tx
      .insert(expenseAttachmentBlobs)
      .values({ attachmentId: id, companyId, bytes: Buffer.from(bytes) })
      .onConflictDoNothing();
  },
  async get(db, companyId, id) {
    const [row] = await db
      .select({ bytes: expenseAttachmentBlobs.bytes })
      .from(expenseAttachmentBlobs)
      .where(
        and(
          eq(expenseAttachmentBlobs.attachmentId, id),
          eq(expenseAttachmentBlobs.companyId, companyId),
        ),
      );
    return row?.bytes ?? null;
  },
  async remove() {
    // The blob row went with its attachment (ON DELETE CASCADE).
  },
};

export function attachmentStore(deps: Pick<Deps, 'config'>): AttachmentStore {
  return deps.config.attachmentStore === 'database'
    ? databaseStore
    : fileStore(deps.config.dataDir);
}

const fileError = (status: 413 | 422, code: string, message: Message) =>
  new AppError(status, code, message, { fields: { file: message.id } });

export interface IncomingFile {
  name: string;
  /** The declared Content-Type. */
  type: string;
  bytes: Uint8Array;
}

async function lockedExpenseOf(tx: Tx, companyId: string, expenseId: string) {
  const [expense] = await tx
    .select({ id: expenses.id, status: expenses.status })
    .from(expenses)
    .where(and(eq(expenses.companyId, companyId), eq(expenses.id, expenseId)))
    .for('update');
  if (!expense) throw expenseNotFound();
  return expense;
}

/**
 * Stores a file on a pending expense under the phone's id for it. The same file sent again
 * answers the stored record; a different file under the same id is refused.
 */
export async function storeAttachment(
  ctx: CompanyContext,
  expenseId: string,
  id: string,
  file: IncomingFile,
): Promise<{ attachment: ExpenseAttachmentRecord; created: boolean }> {
  const { deps, companyId, userId } = ctx;
  const check = checkAttachmentContent(
    { name: file.name, type: file.type, size: file.bytes.byteLength },
    file.bytes.subarray(0, SIGNATURE_BYTES),
  );
  if (!check.ok) {
    const tooLarge = check.message === attachmentMessages.tooLarge;
    throw fileError(
      tooLarge ? 413 : 422,
      tooLarge ? 'attachment_too_large' : 'attachment_type',
      check.message,
    );
  }
  const sha256 = crypto.createHash('sha256').update(file.bytes).digest('hex');
  const store = attachmentStore(deps);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const seq = await reserveChangeSeq(tx, companyId);
    const expense = await lockedExpenseOf(tx, companyId, expenseId);
    const [existing] = await tx
      .select()
      .from(expenseAttachments)
      .where(and(eq(expenseAttachments.companyId, companyId), eq(expenseAttachments.id, id)));
    if (existing) {
      if (existing.expenseId !== expenseId) throw attachmentNotFound();
      if (existing.sha256 === sha256) return { attachment: toAttachment(existing), created: false };
      throw appError(409, 'attachment_replaced');
    }
    if (await isTombstoned(tx, 'expense_attachment', id, companyId)) {
      throw appError(409, 'record_deleted');
    }
    if (!canEditExpense(expense.status)) throw appError(409, 'expense_locked');
    const [{ attached } = { attached: 0 }] = await tx
      .select({ attached: count() })
      .from(expenseAttachments)
      .where(
        and(
          eq(expenseAttachments.companyId, companyId),
          eq(expenseAttachments.expenseId, expenseId),
        ),
      );
    if (attached >= MAX_ATTACHMENTS) {
      throw fileError(422, 'attachment_too_many', attachmentMessages.tooMany);
    }
    const [row] = (await tx
      .insert(expenseAttachments)
      .values({
        id,
        companyId,
        expenseId,
        name: file.name.slice(0, 255),
        kind: check.kind,
        mime: check.mime,
        size: file.bytes.byteLength,
        sha256,
        createdById: userId,
        version: 1,
        seq,
        createdAt: now,
        updatedAt: now,
      })
      .returning()) as [AttachmentRow];
    await store.put(tx, companyId, id, file.bytes);
    await tx.insert(auditLog).values({
      companyId,
      userId,
      action: 'expense_attachment_added',
      entity: 'expense_attachment',
      entityId: id,
      data: { expenseId, size: row.size, kind: row.kind, sha256 },
      createdAt: now,
    });
    return { attachment: toAttachment(row), created: true };
  });
}

/** Removes a file from a pending expense; removing it again succeeds. */
export async function deleteAttachment(
  ctx: CompanyContext,
  expenseId: string,
  id: string,
): Promise<void> {
  const { deps, companyId, userId } = ctx;
  const now = deps.clock.now();
  const deleted = await deps.db.transaction(async (tx) => {
    const seq = await reserveChangeSeq(tx, companyId);
    const expense = await lockedExpenseOf(tx, companyId, expenseId);
    const [existing] = await tx
      .select({ id: expenseAttachments.id })
      .from(expenseAttachments)
      .where(
        and(
          eq(expenseAttachments.id, id),
          eq(expenseAttachments.companyId, companyId),
          eq(expenseAttachments.expenseId, expenseId),
        ),
      );
    if (!existing) {
      if (await isTombstoned(tx, 'expense_attachment', id, companyId)) return false;
      throw attachmentNotFound();
    }
    if (!canEditExpense(expense.status)) throw appError(409, 'expense_locked');
    await tx
      .delete(expenseAttachments)
      .where(and(eq(expenseAttachments.companyId, companyId), eq(expenseAttachments.id, id)));
    await recordTombstone(tx, { entity: 'expense_attachment', id, companyId, seq, at: now });
    await tx.insert(auditLog).values({
      companyId,
      userId,
      action: 'expense_attachment_deleted',
      entity: 'expense_attachment',
      entityId: id,
      data: { expenseId },
      createdAt: now,
    });
    return true;
  });
  if (deleted) await attachmentStore(deps).remove(companyId, id);
}

export async function listAttachments(
  db: DbOrTx,
  companyId: string,
  expenseId: string,
): Promise<ExpenseAttachmentRecord[]> {
  const rows = await db
    .select()
    .from(expenseAttachments)
    .where(
      and(eq(expenseAttachments.companyId, companyId), eq(expenseAttachments.expenseId, expenseId)),
    )
    .orderBy(asc(expenseAttachments.createdAt), asc(expenseAttachments.id));
  return rows.map(toAttachment);
}

/** The file and its bytes, for the people of its company only. */
export async function readAttachment(
  deps: Deps,
  companyId: string,
  expenseId: string,
  id: string,
): Promise<{ attachment: ExpenseAttachmentRecord; bytes: Buffer }> {
  const [row] = await deps.db
    .select()
    .from(expenseAttachments)
    .where(
      and(
        eq(expenseAttachments.id, id),
        eq(expenseAttachments.companyId, companyId),
        eq(expenseAttachments.expenseId, expenseId),
      ),
    );
  if (!row) throw attachmentNotFound();
  const bytes = await attachmentStore(deps).get(deps.db, companyId, id);
  if (!bytes) throw attachmentNotFound();
  return { attachment: toAttachment(row), bytes };
}
