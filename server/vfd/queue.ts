// Sending one VFD's queue to TRA: oldest first, one document at a time, the next only once the
// current one is settled (TRA rule 14), always the stored bytes (rule 11). No answer, a
// timeout or a 5xx → the same request again, at once for the first failures in a row, then
// with capped exponential backoff and jitter, for as long as it takes (rule 13). A non-zero ACKCODE → the same bytes again a few times, then
// the document is set aside as rejected and the queue goes on (tra-vfd.md decisions).
import { and, asc, eq } from 'drizzle-orm';
import type { Deps } from '../context';
import type { Tx } from '../db/client';
import { companies, fiscalReceipts, traAttempts, traOutbox, vfds } from '../db/schema';
import {
  loadSender,
  sealPurpose,
  storedToken,
  traPassword,
  vfdCertSerialHeader,
  type SenderVfd,
} from './device';
import { claimLease, releaseLease, renewLease } from './lease';
import { seal } from './sealed';
import { postDocument, requestToken, traClientHeaders } from './tra-client';
import { parseAck, parseErrorMessage } from './xml';

export interface QueueSettings {
  /** Limit for one HTTP call to TRA. */
  requestTimeoutMs: number;
  /** Lease length; must exceed a token request plus a send. */
  leaseMs: number;
  /**
   * Waits after the first failures in a row (no answer, timeout, 5xx): an isolated fault costs
   * little, though the whole line waits behind its head.
   */
  quickRetryMs: readonly number[];
  /** The wait after the first failure past the quick ones; it doubles with each further one. */
  backoffBaseMs: number;
  backoffCapMs: number;
  /** A head due within this long is waited for holding the lease, not until the next poll. */
  waitInPlaceMs: number;
  /** Non-zero ACKCODE answers before a document is set aside as rejected. */
  maxRejections: number;
  rejectionRetryMs: number;
  /** How often a blocked or inactive VFD asks TRA again. */
  blockedRetryMs: number;
  random: () => number;
}

export const DEFAULT_QUEUE_SETTINGS: QueueSettings = {
  requestTimeoutMs: 20_000,
  leaseMs: 60_000,
  quickRetryMs: [100, 250, 500],
  backoffBaseMs: 1_000,
  backoffCapMs: 5 * 60_000,
  waitInPlaceMs: 1_000,
  maxRejections: 3,
  rejectionRetryMs: 60_000,
  blockedRetryMs: 15 * 60_000,
  random: Math.random,
};

export interface ReceiptSettled {
  companyId: string;
  invoiceId: string;
  receiptId: string;
  status: 'accepted' | 'rejected';
  ackCode: number | null;
  ackMessage: string | null;
  at: Date;
}

export interface QueueHooks {
  /** Called in the transaction that records TRA's final answer for a receipt. */
  receiptSettled?: (tx: Tx, event: ReceiptSettled) => Promise<void>;
}

type Outcome =
  | 'accepted'
  | 'rejected'
  | 'no_answer'
  | 'server_error'
  | 'http_error'
  | 'token_error'
  | 'blocked'
  | 'inactive';

interface AttemptResult {
  outcome: Outcome;
  httpStatus?: number;
  ackCode?: number;
  message?: string;
  response?: string;
  durationMs: number;
  /** A new token was asked for and stored: the sender's row in memory is out of date. */
  freshToken?: boolean;
}

type Head = Pick<
  typeof traOutbox.$inferSelect,
  'id' | 'kind' | 'body' | 'attempts' | 'rejections' | 'nextAttemptAt'
> & {
  /** The receipt this document carries (none for a Z report). */
  receipt: { id: string; invoiceId: string } | null;
};

/** How early a timer may end against the clock and still count as the wait it was set for. */
const TIMER_SLACK_MS = 5;

/** TRA answers "already posted" (and the like) for a receipt it holds: that is a success. */
const ALREADY_HELD = /already\s+(posted|received|exists?|submitted|uploaded)/i;

/**
 * The wait before the next try after `failures` failures in a row of a VFD's line (counted on
 * its head, so the count starts again once a document is settled): the quick retries first,
 * then backoffBaseMs doubling up to backoffCapMs, so an outage is not hammered.
 */
export function backoffMs(failures: number, settings: QueueSettings): number {
  const n = Math.max(failures, 1);
  const quick = settings.quickRetryMs;
  const exponent = Math.min(n - quick.length - 1, 30);
  const ceiling =
    n <= quick.length
      ? quick[n - 1]!
      : Math.min(settings.backoffCapMs, settings.backoffBaseMs * 2 ** exponent);
  // Jitter keeps many VFDs that lost TRA at once from coming back at the same instant.
  return Math.round(ceiling * (0.5 + settings.random() * 0.5));
}

async function setBlocked(deps: Deps, companyId: string, blocked: boolean): Promise<void> {
  await deps.db
    .update(companies)
    .set({ blockedByTra: blocked, updatedAt: deps.clock.now() })
    .where(and(eq(companies.id, companyId)));
}

/** A token that is valid now, from the database or freshly asked for (TRA rule 18). */
async function token(
  deps: Deps,
  vfd: SenderVfd,
  forceNew: boolean,
  settings: QueueSettings,
): Promise<{ token: string; fresh: boolean } | AttemptResult> {
  const now = deps.clock.now();
  if (!forceNew) {
    const stored = storedToken(deps, vfd, now);
    if (stored) return { token: stored, fresh: false };
  }
  const answer = await requestToken(
    deps.traBaseUrl,
    vfd.tokenPath,
    vfd.traUsername,
    traPassword(deps, vfd),
    settings.requestTimeoutMs,
    traClientHeaders(deps),
  );
  // Header codes some TRA deployments send with tokens: 8 blocked, 7 unblocked, 18 inactive.
  if (answer.headerAck === 8) {
    await setBlocked(deps, vfd.companyId, true);
    return { outcome: 'blocked', message: 'TRA blocked this VFD', durationMs: answer.durationMs };
  }
  if (answer.headerAck === 18) {
    await deps.db
      .update(vfds)
      .set({ status: 'inactive', updatedAt: now })
      .where(eq(vfds.companyId, vfd.companyId));
    return {
      outcome: 'inactive',
      message: 'TRA reports this VFD inactive: upload the certificate again to register it',
      durationMs: answer.durationMs,
    };
  }
  if (!answer.ok) {
    const status = answer.status ?? 0;
    return {
      outcome: !answer.answered ? 'no_answer' : status >= 500 ? 'server_error' : 'token_error',
      ...(answer.status ? { httpStatus: answer.status } : {}),
      message: `token: ${answer.error}`,
      durationMs: answer.durationMs,
    };
  }
  await setBlocked(deps, vfd.companyId, false);
  await deps.db
    .update(vfds)
    .set({
      tokenSealed: seal(deps.secrets.dataKey, answer.token.token, sealPurpose.token(vfd.companyId)),
      tokenExpiresAt: new Date(now.getTime() + answer.token.expiresInSeconds * 1000),
      updatedAt: now,
    })
    .where(eq(vfds.companyId, vfd.companyId));
  return { token: answer.token.token, fresh: true };
}

async function attempt(
  deps: Deps,
  vfd: SenderVfd,
  head: Head,
  settings: QueueSettings,
): Promise<AttemptResult> {
  if (vfd.status === 'inactive') {
    return {
      outcome: 'inactive',
      message: 'TRA reports this VFD inactive: upload the certificate again to register it',
      durationMs: 0,
    };
  }
  const granted = await token(deps, vfd, vfd.blocked, settings);
  if (!('token' in granted)) return granted;
  const call = await postDocument(
    deps.traBaseUrl,
    head.kind,
    head.body,
    {
      certSerial: vfdCertSerialHeader(vfd),
      token: granted.token,
      routingKey: head.kind === 'receipt' ? vfd.routingKey : 'vfdzreport',
    },
    settings.requestTimeoutMs,
    traClientHeaders(deps),
  );
  if (!call.answered) {
    return {
      outcome: 'no_answer',
      message: call.error,
      durationMs: call.durationMs,
      ...(granted.fresh ? { freshToken: true } : {}),
    };
  }
  const base = {
    ...(granted.fresh ? { freshToken: true } : {}),
    httpStatus: call.status,
    response: call.body.slice(0, 4000),
    durationMs: call.durationMs,
  };
  if (call.status === 401 || call.status === 403) {
    // The token was refused: forget it, the next attempt asks for a new one.
    await deps.db
      .update(vfds)
      .set({ tokenSealed: null, tokenExpiresAt: null })
      .where(eq(vfds.companyId, vfd.companyId));
    const ack = parseAck(call.body, head.kind === 'receipt' ? 'RCTACK' : 'ZACK');
    return { ...base, outcome: 'token_error', message: ack?.ackMessage || `HTTP ${call.status}` };
  }
  if (call.status >= 500) {
    return {
      ...base,
      outcome: 'server_error',
      message: parseErrorMessage(call.body) ?? `HTTP ${call.status}`,
    };
  }
  const ack = parseAck(call.body, head.kind === 'receipt' ? 'RCTACK' : 'ZACK');
  if (!ack) {
    return {
      ...base,
      outcome: call.status >= 400 ? 'http_error' : 'no_answer',
      message: `unreadable answer (HTTP ${call.status})`,
    };
  }
  const accepted = ack.ackCode === 0 || ALREADY_HELD.test(ack.ackMessage);
  return {
    ...base,
    outcome: accepted ? 'accepted' : 'rejected',
    ackCode: ack.ackCode,
    message: ack.ackMessage,
  };
}

/** A document's attempt, waiting to be recorded. */
interface Attempted {
  head: Head;
  startedAt: Date;
  result: AttemptResult;
}

/**
 * Records attempts, in line order, in one transaction; returns how many settled their
 * document. The acceptances of a line are recorded in batches: each records the invoice's news
 * at the company's change counter, whose row every invoice write of the company also locks, and
 * under API load one transaction per receipt waited its turn at that lock once per receipt.
 */
async function record(
  deps: Deps,
  companyId: string,
  attempted: Attempted[],
  settings: QueueSettings,
  hooks: QueueHooks,
): Promise<number> {
  const now = deps.clock.now();
  let settledCount = 0;
  const rejected: Array<{ outboxId: string; result: AttemptResult }> = [];
  await deps.db.transaction(async (tx) => {
    for (const { head, startedAt, result } of attempted) {
      const attempts = head.attempts + 1;
      let settled: 'accepted' | 'rejected' | null = null;
      let rejections = head.rejections;
      let nextAttemptAt = head.nextAttemptAt;
      switch (result.outcome) {
        case 'accepted':
          settled = 'accepted';
          break;
        case 'rejected':
          rejections += 1;
          if (rejections >= settings.maxRejections) settled = 'rejected';
          else {
            nextAttemptAt = new Date(
              now.getTime() +
                Math.round(settings.rejectionRetryMs * (0.5 + settings.random() * 0.5)),
            );
          }
          break;
        case 'blocked':
        case 'inactive':
          nextAttemptAt = new Date(now.getTime() + settings.blockedRetryMs);
          break;
        default:
          // Refusals are answers: only the failures since the head came up count towards backoff.
          nextAttemptAt = new Date(now.getTime() + backoffMs(attempts - rejections, settings));
      }
      await tx.insert(traAttempts).values({
        outboxId: head.id,
        companyId,
        startedAt,
        durationMs: result.durationMs,
        outcome: result.outcome,
        httpStatus: result.httpStatus ?? null,
        ackCode: result.ackCode ?? null,
        message: result.message ?? null,
        response: result.response ?? null,
      });
      const updated = await tx
        .update(traOutbox)
        .set({
          attempts,
          rejections,
          lastAttemptAt: startedAt,
          updatedAt: now,
          ...(settled
            ? {
                status: settled,
                ackCode: result.ackCode ?? null,
                ackMessage: result.message ?? null,
                response: result.response ?? null,
                settledAt: now,
                lastError: settled === 'rejected' ? (result.message ?? null) : null,
              }
            : { nextAttemptAt, lastError: result.message ?? result.outcome }),
        })
        .where(and(eq(traOutbox.id, head.id), eq(traOutbox.status, 'pending')))
        .returning({ id: traOutbox.id });
      if (settled && updated.length === 1 && head.receipt && hooks.receiptSettled) {
        await hooks.receiptSettled(tx, {
          companyId,
          invoiceId: head.receipt.invoiceId,
          receiptId: head.receipt.id,
          status: settled,
          ackCode: result.ackCode ?? null,
          ackMessage: result.message ?? null,
          at: now,
        });
      }
      if (settled) settledCount++;
      if (settled === 'rejected') rejected.push({ outboxId: head.id, result });
    }
  });
  for (const { outboxId, result } of rejected) {
    deps.log.error('TRA rejected a document; it is set aside', {
      companyId,
      outboxId,
      ackCode: result.ackCode,
      message: result.message,
    });
  }
  return settledCount;
}

export interface QueueRun {
  claimed: boolean;
  attempts: number;
  settled: number;
}

/** Pending documents read at once, oldest first: the line is sent from memory between reads. */
const WINDOW = 50;

function pendingWindow(deps: Deps, companyId: string): Promise<Head[]> {
  return deps.db
    .select({
      id: traOutbox.id,
      kind: traOutbox.kind,
      body: traOutbox.body,
      attempts: traOutbox.attempts,
      rejections: traOutbox.rejections,
      nextAttemptAt: traOutbox.nextAttemptAt,
      receiptId: fiscalReceipts.id,
      invoiceId: fiscalReceipts.invoiceId,
    })
    .from(traOutbox)
    .leftJoin(fiscalReceipts, eq(fiscalReceipts.outboxId, traOutbox.id))
    .where(and(eq(traOutbox.companyId, companyId), eq(traOutbox.status, 'pending')))
    .orderBy(asc(traOutbox.seq))
    .limit(WINDOW)
    .then((rows) =>
      rows.map(({ receiptId, invoiceId, ...head }) => ({
        ...head,
        receipt: receiptId && invoiceId ? { id: receiptId, invoiceId } : null,
      })),
    );
}

/**
 * Sends what is due in one VFD's queue while holding its lease. Returns when the queue is
 * empty, the head must wait longer than waitInPlaceMs (backoff), the lease was lost, or
 * `stopping()` says so.
 *
 * TRA sees one document at a time, the next only once the current one is accepted (rule 14),
 * but the database work around a send is kept off that line: pending documents are read a
 * window at a time, the sender's row once per window (and again after anything but a plain
 * acceptance), the lease is renewed once a quarter of it has gone (so more than three
 * quarters are always left for a send), and acceptances are recorded while the next documents
 * are on their way, those that came in during a record together in the next. Should a record
 * fail, its documents and those sent since are sent again later, byte for byte, and TRA gives
 * the same answer.
 */
export async function sendQueue(
  deps: Deps,
  companyId: string,
  holder: string,
  settings: QueueSettings,
  stopping: () => boolean,
  hooks: QueueHooks = {},
): Promise<QueueRun> {
  const run: QueueRun = { claimed: false, attempts: 0, settled: 0 };
  const claimedAt = deps.clock.now();
  const lease = await claimLease(deps.db, companyId, holder, claimedAt, settings.leaseMs);
  if (!lease) return run;
  run.claimed = true;
  let renewedAt = claimedAt.getTime();
  // When the head was last waited for in place: the clock's reading as the wait began.
  let waitedFrom: number | null = null;
  let window: Head[] = [];
  let vfd: SenderVfd | null = null;
  // The acceptances being recorded while the next documents are sent, and those that came
  // in meanwhile, recorded together once the transaction before them has ended.
  let recording: Promise<unknown> = Promise.resolve();
  const unrecorded: Attempted[] = [];
  let recordFailed = false;
  try {
    // A failed record ends the run (at `await recording` below): nothing more is sent unrecorded.
    while (!stopping() && !recordFailed) {
      if (!window.length) {
        await recording;
        window = await pendingWindow(deps, companyId);
        vfd = null;
      }
      const head = window[0];
      const now = deps.clock.now();
      if (!head) break;
      if (head.nextAttemptAt > now) {
        const wait = head.nextAttemptAt.getTime() - now.getTime();
        // A quick retry is waited for here: the next poll could be much later.
        if (waitedFrom === null && wait <= Math.min(settings.waitInPlaceMs, settings.leaseMs / 2)) {
          waitedFrom = now.getTime();
          await new Promise((resolve) => setTimeout(resolve, wait));
          continue;
        }
        // A timer may end a millisecond or two before the clock reads the due time: once the
        // clock has moved, that wait was served, and ending the run for it would cost the line
        // a whole poll interval.
        const served = waitedFrom !== null && now.getTime() > waitedFrom && wait <= TIMER_SLACK_MS;
        if (!served) break;
      }
      waitedFrom = null;
      if (now.getTime() - renewedAt >= settings.leaseMs / 4) {
        if (!(await renewLease(deps.db, lease, now, settings.leaseMs))) break;
        renewedAt = now.getTime();
      }
      vfd ??= await loadSender(deps.db, companyId);
      if (!vfd) break;
      const result = await attempt(deps, vfd, head, settings);
      run.attempts++;
      // Records stay in line order: each transaction starts once the one before it has ended.
      if (result.outcome === 'accepted' && !result.freshToken) {
        window.shift();
        run.settled++;
        if (!unrecorded.length) {
          recording = recording.then(() =>
            record(deps, companyId, unrecorded.splice(0), settings, hooks),
          );
          recording.catch(() => {
            recordFailed = true;
          });
        }
        unrecorded.push({ head, startedAt: now, result });
        continue;
      }
      // Anything else changed the head or the sender's row: read both again.
      const attempted = { head, startedAt: now, result };
      run.settled += await recording.then(() =>
        record(deps, companyId, [attempted], settings, hooks),
      );
      recording = Promise.resolve();
      window = [];
    }
    await recording;
  } finally {
    await recording.catch((error: unknown) => {
      deps.log.error('Could not record a TRA answer', { companyId, error: String(error) });
    });
    await releaseLease(deps.db, lease).catch((error: unknown) => {
      deps.log.error('Could not release a VFD lease', { companyId, error: String(error) });
    });
  }
  return run;
}
