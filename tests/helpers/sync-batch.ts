// The outbox's batch call as the sync tests make it: entries written as the phone's drain writes
// them, the batch sent for a company, and the check that every entry, sent alone with its key,
// is answered as a replay of what the batch answered.
import crypto from 'node:crypto';
import { expect } from 'vitest';
import {
  SYNC_BATCH_PATH,
  type SyncBatchAnswer,
  type SyncBatchEntry,
  type SyncBatchResult,
} from '../../domain/sync-batch';
import type { TestServer } from './server';

/** An entry as the phone's drain writes it: the path with the company, its own key. */
export function batchEntry(
  companyId: string,
  method: SyncBatchEntry['method'],
  path: string,
  body?: unknown,
  extra: Partial<SyncBatchEntry> = {},
): SyncBatchEntry {
  return {
    key: crypto.randomUUID(),
    method,
    path: `/v1/accounting${path}?companyId=${companyId}`,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    ...extra,
  };
}

/** The batch call of the company's entries, answered as it is (any status). */
export async function postBatch(
  server: TestServer,
  companyId: string,
  token: string,
  entries: readonly SyncBatchEntry[],
) {
  const response = await server.call('POST', `${SYNC_BATCH_PATH}?companyId=${companyId}`, {
    token,
    body: { entries },
  });
  return response as { status: number; body: SyncBatchResult & { code?: string } };
}

/** The answers of a batch call that must succeed. */
export async function batchAnswers(
  server: TestServer,
  companyId: string,
  token: string,
  entries: readonly SyncBatchEntry[],
): Promise<SyncBatchAnswer[]> {
  const response = await postBatch(server, companyId, token, entries);
  expect(response.status).toBe(200);
  return response.body.answers;
}

/** Each entry sent alone with its key answers, replayed, exactly what the batch answered. */
export async function expectAnsweredAloneAsInBatch(
  server: TestServer,
  token: string,
  entries: readonly SyncBatchEntry[],
  answers: readonly SyncBatchAnswer[],
): Promise<void> {
  for (const [index, one] of entries.entries()) {
    const single = await server.call(one.method, one.path, {
      token,
      headers: { 'Idempotency-Key': one.key, ...one.headers },
      ...(one.body ? { body: JSON.parse(one.body) } : {}),
    });
    expect(single.status).toBe(answers[index]!.status);
    expect(single.body).toEqual(answers[index]!.body);
    expect(single.headers.get('Idempotent-Replayed')).toBe('true');
  }
}
