// Sends the outbox, oldest first (DESIGN.md "Sync rules"). Order matters: a customer must
// exist before the invoice that names it. Up to 200 changes go in one batch call, each with its
// own Idempotency-Key and its own answer, handled exactly as the answer to its own call; a file,
// or a change too large for a batch, goes on its own call. An entry leaves the outbox only when
// the server answered it: a success updates the record, a refusal (4xx) marks the record with
// the server's message and steps aside; no answer or a server error keeps the entry, waiting
// longer after each failure, and stops the drain so nothing overtakes it.
import type { ErrorBody } from '../../domain/errors';
import {
  SYNC_BATCH_HEADERS,
  SYNC_BATCH_MAX_ENTRIES,
  SYNC_BATCH_PATH,
  SYNC_BATCH_TARGET_BYTES,
  syncOutcome,
  type SyncBatchEntry,
  type SyncBatchResult,
  type SyncOutcome,
} from '../../domain/sync-batch';
import { db, type OutboxEntry, type RecordSyncError } from '../db/db';
import { backoffDelay } from './backoff';
import {
  CONNECTIVITY_KEY,
  changesRecord,
  entitySync,
  uploadProgressOf,
  type Connectivity,
  type LocalRecord,
} from './entities';
import type { SyncRequest, SyncResponse, SyncSend } from './transport';

export type DrainResult =
  | { status: 'done'; sent: number }
  | { status: 'offline'; sent: number; retryAt: number }
  | { status: 'waiting'; sent: number; retryAt: number }
  | { status: 'signed_out'; sent: number };

export interface DrainOptions {
  send: SyncSend;
  companyId: string;
  /** Try the first entry now even if it is backing off (the network just came back). */
  ignoreBackoff?: boolean;
  now?: () => number;
  random?: () => number;
  /** Send changes in batch calls (the default); false sends each on its own call. */
  batch?: boolean;
}

function errorBody(response: SyncResponse): ErrorBody {
  const body = response.body as Partial<ErrorBody> | null;
  return {
    code: typeof body?.code === 'string' ? body.code : `http_${response.status}`,
    message: typeof body?.message === 'string' ? body.message : `HTTP ${response.status}`,
    ...(body?.fields ? { fields: body.fields } : {}),
    ...(body?.current !== undefined ? { current: body.current } : {}),
  };
}

export function classify(response: SyncResponse): SyncOutcome {
  return syncOutcome(response.status, response.body);
}

/**
 * Records whether the server answered. Written only when that changes: every answer of a drain
 * passes here, and each write is a durable commit of its own. `at` is thus the moment the
 * connection was lost (or found).
 */
export async function setConnectivity(online: boolean, now: number): Promise<void> {
  const current = (await db.meta.get(CONNECTIVITY_KEY))?.value as Connectivity | undefined;
  if (current?.online === online) return;
  const value: Connectivity = { online, at: now };
  await db.meta.put({ key: CONNECTIVITY_KEY, value });
}

function withCompany(path: string, companyId: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}companyId=${encodeURIComponent(companyId)}`;
}

/** The server accepted the entry: drop it, and bring the record up to the server's answer. */
async function accept(entry: OutboxEntry, response: SyncResponse): Promise<void> {
  const sync = entitySync(entry.entity);
  const tables = sync ? [db.outbox, sync.table()] : [db.outbox];
  await db.transaction('rw', tables, async () => {
    await db.outbox.delete(entry.seq!);
    if (!sync) return;
    const table = sync.table();
    const local = await table.get(entry.recordId);
    if (!local) return;
    const answer = sync.answered?.(entry, response.body, local);
    if (answer) {
      await table.update(entry.recordId, answer as never);
      return;
    }
    const remaining = await db.outbox
      .where('[entity+recordId]')
      .equals([entry.entity, entry.recordId])
      .filter(changesRecord)
      .count();
    if (entry.action === 'delete') {
      if (remaining === 0) await table.delete(entry.recordId);
      return;
    }
    const server = sync.toLocal(response.body, local.companyId, local, entry);
    if (remaining === 0 && !local.deleted) {
      await table.put(server);
    } else {
      // Newer local changes are still queued: keep them, and only note the server's version.
      await table.update(entry.recordId, {
        version: server.version,
        syncState: 'pending',
        syncError: null,
      });
    }
  });
}

/**
 * How many answers from `start` on are successes of changes (deletions included), each of a
 * different record, whose answer is the record (or nothing, for a deletion): acceptRun takes
 * them together, whatever mix of kinds of record they are.
 */
function acceptableRun(entries: OutboxEntry[], answers: SyncResponse[], start: number): number {
  const records = new Set<string>();
  let length = 0;
  for (let index = start; index < answers.length; index++) {
    const entry = entries[index]!;
    const sync = entitySync(entry.entity);
    if (!sync || sync.answered) break;
    const record = `${entry.entity}:${entry.recordId}`;
    if (!changesRecord(entry) || records.has(record)) break;
    if (classify(answers[index]!) !== 'success') break;
    records.add(record);
    length++;
  }
  return length;
}

/**
 * The records of these ids that still have changes queued. One count request per record, all
 * issued at once: a set query (anyOf) walks the whole index in some engines, and requests
 * awaited one by one cost a round trip each. Only a record with entries is looked at closer,
 * since an email entry does not change the record.
 */
async function recordsWithChanges(entity: string, ids: string[]): Promise<Set<string>> {
  const index = db.outbox.where('[entity+recordId]');
  const counts = await Promise.all(ids.map((id) => index.equals([entity, id]).count()));
  const queued = ids.filter((_, position) => counts[position]! > 0);
  const changing = await Promise.all(
    queued.map((id) => index.equals([entity, id]).filter(changesRecord).first()),
  );
  return new Set(queued.filter((_, position) => changing[position] !== undefined));
}

/**
 * accept() for a run of acceptableRun's entries, with one read and one write per table. Runs
 * inside the caller's transaction, so each entry leaves the outbox together with its answer.
 */
async function acceptRun(entries: OutboxEntry[], responses: SyncResponse[]): Promise<void> {
  await db.outbox.bulkDelete(entries.map((entry) => entry.seq!));
  const byEntity = new Map<string, number[]>();
  entries.forEach((entry, index) => {
    const indexes = byEntity.get(entry.entity);
    if (indexes) indexes.push(index);
    else byEntity.set(entry.entity, [index]);
  });
  for (const [entity, indexes] of byEntity) {
    const sync = entitySync(entity)!;
    const table = sync.table();
    const ids = indexes.map((index) => entries[index]!.recordId);
    // Records with later changes still queued keep them, and only note the server's version
    // (a deletion still queued behind a save, or a save behind a deletion, wins locally).
    const [locals, waiting] = await Promise.all([
      table.bulkGet(ids),
      recordsWithChanges(entity, ids),
    ]);
    const puts: LocalRecord[] = [];
    const deletions: string[] = [];
    for (const [position, index] of indexes.entries()) {
      const entry = entries[index]!;
      const local = locals[position];
      if (!local) continue;
      if (entry.action === 'delete') {
        if (!waiting.has(entry.recordId)) deletions.push(entry.recordId);
        continue;
      }
      const server = sync.toLocal(responses[index]!.body, local.companyId, local, entry);
      if (!waiting.has(entry.recordId) && !local.deleted) puts.push(server);
      else {
        await table.update(entry.recordId, {
          version: server.version,
          syncState: 'pending',
          syncError: null,
        });
      }
    }
    if (deletions.length) await table.bulkDelete(deletions);
    if (puts.length) await table.bulkPut(puts);
  }
}

/** The server refused the entry: drop it and show the refusal on the record. */
async function refuse(entry: OutboxEntry, response: SyncResponse, now: number): Promise<void> {
  const sync = entitySync(entry.entity);
  const tables = sync ? [db.outbox, sync.table()] : [db.outbox];
  const error: RecordSyncError = { ...errorBody(response), status: response.status, at: now };
  await db.transaction('rw', tables, async () => {
    await db.outbox.delete(entry.seq!);
    if (!sync) return;
    const table = sync.table();
    const local = await table.get(entry.recordId);
    if (!local) return;
    if (entry.action === 'delete' && response.status === 404) {
      // Already gone on the server: the deletion has what it wanted.
      const remaining = await db.outbox
        .where('[entity+recordId]')
        .equals([entry.entity, entry.recordId])
        .count();
      if (remaining === 0) await table.delete(entry.recordId);
      return;
    }
    const change = (await sync.refused?.(entry, error, local)) ?? {
      syncState: 'failed',
      syncError: error,
      deleted: 0,
    };
    await table.update(entry.recordId, change as never);
  });
}

async function postpone(
  entry: OutboxEntry,
  reason: string,
  now: number,
  random: () => number,
): Promise<number> {
  const attempts = entry.attempts + 1;
  const retryAt = now + backoffDelay(attempts, random);
  await db.outbox.update(entry.seq!, { attempts, nextAttemptAt: retryAt, lastError: reason });
  return retryAt;
}

async function toRequest(entry: OutboxEntry, companyId: string): Promise<SyncRequest> {
  const file = await entitySync(entry.entity)?.body?.(entry);
  const onUploadProgress = file ? uploadProgressOf(entry) : undefined;
  return {
    method: entry.method,
    path: withCompany(entry.path, companyId),
    headers: { ...entry.headers, 'Idempotency-Key': entry.key },
    ...(file
      ? { file, ...(onUploadProgress ? { onUploadProgress } : {}) }
      : { body: entry.body ? JSON.stringify(entry.body.json) : undefined }),
  };
}

/** What the drain does after an answer: go on, or stop with this result. */
async function handle(
  entry: OutboxEntry,
  response: SyncResponse,
  sent: number,
  now: () => number,
  random: () => number,
): Promise<DrainResult | null> {
  switch (classify(response)) {
    case 'success':
      await accept(entry, response);
      return null;
    case 'refused':
      await refuse(entry, response, now());
      return null;
    case 'session':
      return { status: 'signed_out', sent };
    case 'retry': {
      const retryAt = await postpone(entry, errorBody(response).message, now(), random);
      return { status: 'waiting', sent, retryAt };
    }
  }
}

const BATCH_HEADERS: ReadonlySet<string> = new Set(SYNC_BATCH_HEADERS);

interface Batch {
  entries: OutboxEntry[];
  requests: SyncBatchEntry[];
}

/** The server's answer to a batch call, or what stopped any answer from coming. */
type BatchReply = { response: SyncResponse } | { error: unknown };

function sendBatch(send: SyncSend, companyId: string, batch: Batch): Promise<BatchReply> {
  return send({
    method: 'POST',
    path: withCompany(SYNC_BATCH_PATH, companyId),
    headers: {},
    body: JSON.stringify({ entries: batch.requests }),
  }).then(
    (response) => ({ response }),
    (error: unknown) => ({ error }),
  );
}
const encoder = new TextEncoder();

/**
 * The entries that go in the next batch call, from the head on: no file (it is read and sent on
 * its own call), nothing still backing off behind the head, at most 200 entries and about 1 MB.
 * An entry that follows another of the same record requires it, since the refusal of the first
 * can drop or change the second (a submit behind a refused save). Requiring the previous one
 * is enough: the server stops at the first entry whose requirement failed, so that one's own
 * requirements succeeded. With `after`, the batch that follows the entries up to that `seq`
 * (all of them answered, not yet stored), and nothing in it may be backing off.
 */
async function nextBatch(companyId: string, now: number, after?: number): Promise<Batch> {
  const queued =
    after === undefined
      ? await db.outbox.where('companyId').equals(companyId).limit(SYNC_BATCH_MAX_ENTRIES).toArray()
      : (await db.outbox.where(':id').above(after).limit(SYNC_BATCH_MAX_ENTRIES).toArray()).filter(
          (entry) => entry.companyId === companyId,
        );
  const entries: OutboxEntry[] = [];
  const requests: SyncBatchEntry[] = [];
  const lastOfRecord = new Map<string, number>();
  let bytes = 0;
  for (const entry of queued) {
    if ((entries.length > 0 || after !== undefined) && entry.nextAttemptAt > now) break;
    if (entry.action === 'upload' || entitySync(entry.entity)?.body) break;
    const headers = entry.headers ?? {};
    if (Object.keys(headers).some((name) => !BATCH_HEADERS.has(name.toLowerCase()))) break;
    const record = `${entry.entity}:${entry.recordId}`;
    const earlier = lastOfRecord.get(record);
    const request: SyncBatchEntry = {
      key: entry.key,
      method: entry.method,
      path: withCompany(entry.path, companyId),
      ...(Object.keys(headers).length ? { headers } : {}),
      ...(entry.body ? { body: JSON.stringify(entry.body.json) } : {}),
      ...(earlier !== undefined ? { requires: [earlier] } : {}),
    };
    const size = encoder.encode(JSON.stringify(request)).byteLength + 1;
    if (bytes + size > SYNC_BATCH_TARGET_BYTES) break;
    bytes += size;
    lastOfRecord.set(record, entries.length);
    entries.push(entry);
    requests.push(request);
  }
  return { entries, requests };
}

/** The server's batch answer, if it is one for these entries. */
function batchAnswers(response: SyncResponse, entries: OutboxEntry[]): SyncResponse[] | null {
  if (response.status !== 200) return null;
  const answers = (response.body as Partial<SyncBatchResult> | null)?.answers;
  if (!Array.isArray(answers) || answers.length === 0 || answers.length > entries.length) {
    return null;
  }
  const valid = answers.every(
    (answer, index) =>
      typeof answer === 'object' &&
      answer !== null &&
      answer.key === entries[index]!.key &&
      Number.isInteger(answer.status),
  );
  return valid ? answers.map(({ status, body }) => ({ status, body: body ?? null })) : null;
}

/**
 * Sends the company's outbox until it is empty or an entry cannot be sent now. Callers hold
 * the sync lock (syncNow does), so entries are never sent twice at the same time.
 */
export async function drainOutbox(options: DrainOptions): Promise<DrainResult> {
  const { send, companyId } = options;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  let sent = 0;
  let ignoreBackoff = options.ignoreBackoff ?? false;
  // Cleared for the rest of this drain when the server does not take batches (an older one).
  let batching = options.batch ?? true;
  // The next batch, already sent while the answers to the one before it are stored.
  let ahead: { batch: Batch; reply: Promise<BatchReply> } | null = null;
  for (;;) {
    let batch: Batch;
    let reply: Promise<BatchReply>;
    if (ahead) {
      ({ batch, reply } = ahead);
      ahead = null;
    } else {
      const entry = await db.outbox.where('companyId').equals(companyId).first();
      if (!entry) return { status: 'done', sent };
      if (!ignoreBackoff && entry.nextAttemptAt > now()) {
        return { status: 'waiting', sent, retryAt: entry.nextAttemptAt };
      }
      ignoreBackoff = false;
      const next = batching ? await nextBatch(companyId, now()) : null;
      if (!next || next.entries.length <= 1) {
        const stop = await sendAlone(entry);
        if (stop) return stop;
        continue;
      }
      batch = next;
      reply = sendBatch(send, companyId, batch);
    }
    // The batch starts at the head of the outbox: everything before it has been stored.
    const head = batch.entries[0]!;
    const replied = await reply;
    if ('error' in replied) {
      const retryAt = await postpone(head, 'offline', now(), random);
      await setConnectivity(false, now());
      return { status: 'offline', sent, retryAt };
    }
    const response = replied.response;
    await setConnectivity(true, now());
    const answers = batchAnswers(response, batch.entries);
    if (!answers) {
      // The batch itself was answered: a session or a retry holds for its first entry as
      // it would for that entry's own call; any other answer sends the entries one by one.
      const outcome = classify(response);
      if (outcome === 'session' || outcome === 'retry') {
        const stop = await handle(head, response, sent, now, random);
        if (stop) return stop;
      }
      batching = false;
      // The head goes on its own call right away, as this attempt would have sent it.
      ignoreBackoff = true;
      continue;
    }
    // Every entry succeeded: nothing the phone does with these answers changes the entries
    // after them, so the next batch goes out now and the server works on it while the phone
    // stores these. Until both are stored they stay queued, and a replay is answered the same.
    if (
      answers.length === batch.entries.length &&
      answers.every((answer) => classify(answer) === 'success')
    ) {
      const following = await nextBatch(companyId, now(), batch.entries.at(-1)!.seq!);
      if (following.entries.length > 1) {
        ahead = { batch: following, reply: sendBatch(send, companyId, following) };
      }
    }
    // In order, each exactly as the answer to its own call; entries past the answers wait.
    // One local transaction for the whole batch, and runs of accepted changes written
    // together: a commit and four reads and writes per answer cost more than the server's
    // work for it.
    const stop = await db.transaction('rw', db.tables, async () => {
      for (let index = 0; index < answers.length;) {
        const run = acceptableRun(batch.entries, answers, index);
        if (run > 1) {
          await acceptRun(batch.entries.slice(index, index + run), answers.slice(index));
          index += run;
          sent += run;
          continue;
        }
        const stopped = await handle(batch.entries[index]!, answers[index]!, sent, now, random);
        if (stopped) return stopped;
        index++;
        sent++;
      }
      return null;
    });
    if (stop) return stop;
  }

  /** The entry on its own call (a file, or batches are off); a result when the drain stops. */
  async function sendAlone(entry: OutboxEntry): Promise<DrainResult | null> {
    let response: SyncResponse;
    try {
      response = await send(await toRequest(entry, companyId));
    } catch {
      const retryAt = await postpone(entry, 'offline', now(), random);
      await setConnectivity(false, now());
      return { status: 'offline', sent, retryAt };
    }
    await setConnectivity(true, now());
    const stop = await handle(entry, response, sent, now, random);
    if (!stop) sent++;
    return stop;
  }
}
