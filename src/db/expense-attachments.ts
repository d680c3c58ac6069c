// Files attached to expenses, kept on the phone as Blobs in IndexedDB and uploaded by the
// outbox after the expense they belong to: one PUT per file, under the id the phone gave it and
// with its own Idempotency-Key, so a repeated upload lands once. A file is checked here exactly
// as the server checks it (name, declared type, first bytes, 5 MB), before anything is stored.
import {
  attachmentMessages,
  checkAttachmentContent,
  MAX_ATTACHMENTS,
  SIGNATURE_BYTES,
} from '../../domain/attachments';
import { errorMessages } from '../../domain/errors';
import { canEditExpense } from '../../domain/expense';
import type { ExpenseAttachmentRecord } from '../../domain/expense-record';
import { db, type LocalExpenseAttachment, type OutboxEntry } from './db';
import { addToOutbox, notifyOutboxChange } from './outbox';
import { RecordValidationError } from './validation';

export interface NewAttachment {
  blob: Blob;
  name: string;
  /** The declared type (File.type); may be empty. */
  type: string;
}

const path = (expenseId: string, id: string) =>
  `/v1/accounting/expenses/${expenseId}/attachments/${id}`;

export function syncedAttachment(
  record: ExpenseAttachmentRecord,
  companyId: string,
  previous?: LocalExpenseAttachment,
): LocalExpenseAttachment {
  return {
    ...record,
    companyId,
    nameKey: record.name.toLowerCase(),
    searchText: record.name.toLowerCase(),
    syncState: 'synced',
    syncError: null,
    deleted: 0,
    // The bytes stay on the phone that took them; other phones fetch them when opened.
    blob: previous?.blob ?? null,
  };
}

const refuse = (message: { id: string }) =>
  new RecordValidationError({ files: message.id, _: message.id });

async function sha256(blob: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new Uint8Array(await blob.arrayBuffer()));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Whether the phone can keep `bytes` more within the storage the browser grants the app. */
async function fitsInStorage(bytes: number): Promise<boolean> {
  const estimate = await navigator.storage?.estimate?.().catch(() => null);
  if (!estimate?.quota || estimate.usage === undefined) return true;
  return estimate.usage + bytes <= estimate.quota;
}

/**
 * Checks the files and makes their records; `store` writes them and their uploads inside the
 * caller's transaction (which must include expenseAttachments and outbox), after the
 * expense's own entry.
 */
export async function attachmentRecords(
  companyId: string,
  expenseId: string,
  files: readonly NewAttachment[],
  now = Date.now(),
): Promise<{ records: LocalExpenseAttachment[]; store(now: number): Promise<void> }> {
  const records: LocalExpenseAttachment[] = [];
  for (const file of files) {
    const head = new Uint8Array(await file.blob.slice(0, SIGNATURE_BYTES).arrayBuffer());
    const check = checkAttachmentContent(
      { name: file.name, type: file.type, size: file.blob.size },
      head,
    );
    if (!check.ok) throw refuse(check.message);
    const at = new Date(now).toISOString();
    records.push({
      id: crypto.randomUUID(),
      version: 0,
      expenseId,
      name: file.name.slice(0, 255),
      kind: check.kind,
      mime: check.mime,
      size: file.blob.size,
      sha256: await sha256(file.blob),
      createdAt: at,
      updatedAt: at,
      companyId,
      nameKey: file.name.toLowerCase(),
      searchText: file.name.toLowerCase(),
      syncState: 'pending',
      syncError: null,
      deleted: 0,
      blob: file.blob,
    });
  }
  if (records.length && !(await fitsInStorage(records.reduce((sum, r) => sum + r.size, 0)))) {
    throw refuse(attachmentMessages.noSpace);
  }
  return {
    records,
    async store(at) {
      if (records.length === 0) return;
      const attached = await db.expenseAttachments
        .where('[companyId+expenseId]')
        .equals([companyId, expenseId])
        .filter((file) => !file.deleted)
        .count();
      if (attached + records.length > MAX_ATTACHMENTS) throw refuse(attachmentMessages.tooMany);
      await db.expenseAttachments.bulkPut(records);
      for (const record of records) {
        await addToOutbox(
          {
            companyId,
            entity: 'expense_attachment',
            recordId: record.id,
            action: 'upload',
            label: record.name,
            method: 'PUT',
            path: path(expenseId, record.id),
            body: null,
            headers: {
              'Content-Type': record.mime,
              'X-File-Name': encodeURIComponent(record.name),
            },
          },
          at,
        );
      }
    },
  };
}

/** Attaches files to a pending expense already recorded. */
export async function addExpenseAttachments(
  companyId: string,
  expenseId: string,
  files: readonly NewAttachment[],
): Promise<LocalExpenseAttachment[]> {
  const prepared = await attachmentRecords(companyId, expenseId, files);
  const now = Date.now();
  await db.transaction('rw', [db.expenses, db.expenseAttachments, db.outbox], async () => {
    const expense = await db.expenses.get(expenseId);
    if (!expense || expense.companyId !== companyId || expense.deleted) {
      throw new RecordValidationError({ _: errorMessages.expense_not_found.id });
    }
    if (!canEditExpense(expense.status)) {
      throw new RecordValidationError({ _: errorMessages.expense_locked.id });
    }
    await prepared.store(now);
  });
  notifyOutboxChange();
  return prepared.records;
}

/** Takes a file off a pending expense: hidden at once, removed on the server when it answers. */
export async function removeExpenseAttachment(companyId: string, id: string): Promise<void> {
  const queued = await db.transaction(
    'rw',
    [db.expenses, db.expenseAttachments, db.outbox],
    async () => {
      const file = await db.expenseAttachments.get(id);
      if (!file || file.companyId !== companyId || file.deleted) return false;
      const expense = await db.expenses.get(file.expenseId);
      if (expense && !canEditExpense(expense.status)) {
        throw new RecordValidationError({ _: errorMessages.expense_locked.id });
      }
      await db.expenseAttachments.update(id, { deleted: 1, syncState: 'pending', syncError: null });
      await addToOutbox({
        companyId,
        entity: 'expense_attachment',
        recordId: id,
        action: 'delete',
        label: file.name,
        method: 'DELETE',
        path: path(file.expenseId, id),
        body: null,
      });
      return true;
    },
  );
  if (queued) notifyOutboxChange();
}

/** The bytes an upload entry sends: the file as stored on this phone. */
export async function attachmentUploadBody(entry: OutboxEntry): Promise<Blob | undefined> {
  if (entry.action !== 'upload') return undefined;
  const file = await db.expenseAttachments.get(entry.recordId);
  return file?.blob ?? new Blob([]);
}

export async function findAttachments(
  companyId: string,
  expenseId: string,
): Promise<LocalExpenseAttachment[]> {
  const files = await db.expenseAttachments
    .where('[companyId+expenseId]')
    .equals([companyId, expenseId])
    .toArray();
  return files
    .filter((file) => !file.deleted)
    .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
}
