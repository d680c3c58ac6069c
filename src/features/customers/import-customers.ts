// The customer CSV import, behind the import screen. The file is read and checked in the
// worker (the domain's rules, plus the customers this phone already has). Then, with the
// server reachable, the file itself is uploaded to the server's import (one transaction there,
// its Idempotency-Key the file's SHA-256, so a repeated upload never imports twice) and the new
// customers come back through the next pull; with no server, the valid rows are stored on the
// phone in one transaction and reach the server through the outbox. docs/ARCHITECTURE.md says
// why both ways exist.
import { duplicateProblem, type CsvRowProblem } from '../../../domain/customer-csv';
import { api, uploadingFetch } from '../../api/client';
import { readFailure, type ApiFailure } from '../../api/errors';
import {
  customerImportMarker,
  noteCustomerImport,
  readCustomerImport,
  type CustomerImportRecord,
} from '../../db/customer-imports';
import { importCustomersLocally, knownCustomerKeys } from '../../db/customers';
import type { CustomerFileCheck } from '../../workers/customer-csv';
import { customerCsvWorker } from '../../workers/customer-csv-client';

/** A row left out, ready to show: the message is in the user's language. */
export interface RowProblem {
  row: number;
  column: string | null;
  message: string;
}

export type CheckedFile = CustomerFileCheck & {
  /** What this phone remembers of importing the very same file before. */
  previous: CustomerImportRecord | null;
};

export async function checkCustomerFile(companyId: string, file: File): Promise<CheckedFile> {
  const known = await knownCustomerKeys(companyId);
  const check = await customerCsvWorker().checkFile(file, known);
  const previous = check.ok ? await readCustomerImport(companyId, check.fingerprint) : null;
  return { ...check, previous };
}

export interface ImportResult {
  /** 'server': uploaded and stored by the server; 'phone': stored here, for the outbox. */
  via: 'server' | 'phone';
  imported: number;
  problems: RowProblem[];
  /** The server had already imported this same file: its first answer, nothing added. */
  replayed: boolean;
}

interface ServerImportAnswer {
  total: number;
  imported: number;
  failed: RowProblem[];
}

export const importKey = (fingerprint: string) => `customer-import-${fingerprint}`;

/**
 * Uploads the file. Resolves with the server's answer, or rejects with the failure to show;
 * a failure without an answer is remembered, so only the same upload may follow.
 */
export async function uploadCustomerFile(
  companyId: string,
  file: File,
  fingerprint: string,
  /** Share of the file sent so far, 0 to 1. */
  onUploaded: (share: number) => void = () => undefined,
): Promise<ImportResult> {
  const form = new FormData();
  form.set('file', file, file.name);
  try {
    const response = await api.post(
      `v1/accounting/customers/import?companyId=${encodeURIComponent(companyId)}`,
      {
        body: form,
        headers: { 'Idempotency-Key': importKey(fingerprint) },
        timeout: 180_000,
        fetch: uploadingFetch((sent, total) => onUploaded(total > 0 ? sent / total : 0)),
      },
    );
    const answer = await response.json<ServerImportAnswer>();
    await noteCustomerImport(companyId, fingerprint, {
      status: 'sent',
      at: Date.now(),
      imported: answer.imported,
    });
    return {
      via: 'server',
      imported: answer.imported,
      problems: answer.failed,
      replayed: response.headers.get('Idempotent-Replayed') === 'true',
    };
  } catch (error) {
    const failure = await readFailure(error);
    // No answer (or a gateway's): the server may have stored the file all the same.
    if (failure.kind === 'network') {
      await noteCustomerImport(companyId, fingerprint, {
        status: 'unanswered',
        at: Date.now(),
        imported: null,
      });
    }
    throw failure;
  }
}

export function isApiFailure(error: unknown): error is ApiFailure {
  return typeof error === 'object' && error !== null && 'kind' in error && 'message' in error;
}

/** Stores the checked rows on this phone; they reach the server through the outbox. */
export async function storeCustomerRows(
  companyId: string,
  check: Extract<CustomerFileCheck, { ok: true }>,
  onProgress: (stored: number) => void,
): Promise<{ imported: number; problems: CsvRowProblem[] }> {
  const outcome = await importCustomersLocally(companyId, check.rows, {
    marker: (imported) =>
      customerImportMarker(companyId, check.fingerprint, {
        status: 'stored',
        at: Date.now(),
        imported,
      }),
    onProgress,
  });
  return {
    imported: outcome.imported,
    problems: outcome.duplicates.map(({ row, column }) =>
      duplicateProblem(row, column, 'customer_already_registered'),
    ),
  };
}
