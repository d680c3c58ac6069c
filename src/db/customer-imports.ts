// What this device remembers of the customer files it imported, by their SHA-256: a file is
// imported once, either uploaded to the server (whose Idempotency-Key is that same hash) or
// stored on the phone for the outbox. Importing the same file twice would register every
// customer without identification twice, and nothing but this memory tells the two apart.
import { db, type MetaRow } from './db';

export interface CustomerImportRecord {
  /**
   * sent: the server answered the upload. unanswered: the upload got no answer, so the server
   * may have stored it; only a repeat of the same upload (a replay of its key) is safe.
   * stored: saved on this phone, to reach the server through the outbox.
   */
  status: 'sent' | 'unanswered' | 'stored';
  at: number;
  imported: number | null;
}

const key = (companyId: string, fingerprint: string) =>
  `customerImport:${companyId}:${fingerprint}`;

export function customerImportMarker(
  companyId: string,
  fingerprint: string,
  record: CustomerImportRecord,
): MetaRow {
  return { key: key(companyId, fingerprint), value: record };
}

export async function readCustomerImport(
  companyId: string,
  fingerprint: string,
): Promise<CustomerImportRecord | null> {
  return ((await db.meta.get(key(companyId, fingerprint)))?.value as CustomerImportRecord) ?? null;
}

export async function noteCustomerImport(
  companyId: string,
  fingerprint: string,
  record: CustomerImportRecord,
): Promise<void> {
  await db.meta.put(customerImportMarker(companyId, fingerprint, record));
}
