// Idempotency-Key for write requests (DESIGN.md "Sync rules"): the first answer to a key is
// stored per scope (the company) and sent again for every replay, so a phone that never heard
// the answer can repeat the call without a second effect. The same key with a different
// request is refused. Keys live in the database, so any server process can answer a replay.
import crypto from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { errorMessages } from '../../domain/errors';
import type { AppEnv, Deps } from '../context';
import { idempotencyKeys } from '../db/schema';
import { appError } from './app-error';
import { batchCallOf } from './batch-call';
import { openBody } from './body';
import { companyContext } from './company';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';

export interface IdempotencyOptions {
  /** Where keys are unique; by default the request's company (which also checks access to it). */
  scope?: (c: Context<AppEnv>) => Promise<string>;
  /**
   * How long an answer is kept. Phones can stay offline for days and then replay, so this is
   * a week; the write services also treat an exact repeat as a no-op, which covers later replays.
   */
  ttlMs?: number;
  /** How long a first request may run before another process may take its key over. */
  leaseMs?: number;
}

const DAY = 24 * 3600_000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * Answers that are not stored: server failures (the retry should run again), and refusals
 * that depend on the moment rather than the request (signed out, rate limited).
 */
function storable(status: number): boolean {
  return status < 500 && ![401, 403, 408, 425, 429].includes(status);
}

async function requestHash(c: Context<AppEnv>): Promise<string> {
  const hash = crypto.createHash('sha256');
  const url = new URL(c.req.url);
  hash.update(`${c.req.method} ${url.pathname}${url.search}\n`);
  const type = c.req.header('content-type') ?? '';
  // Read once as bytes, which the handler reads again from Hono's cache, whatever they hold.
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  // The boundary differs on every send of the same form, so a form's fields are hashed
  // instead; a body that only claims to be a form is hashed as it is and left to the handler,
  // which says what is wrong with it.
  const form = type.toLowerCase().startsWith('multipart/form-data')
    ? await c.req.formData().catch(() => null)
    : null;
  if (form) {
    const entries = [...form.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (const [name, value] of entries) {
      hash.update(`${name}\n`);
      if (typeof value === 'string') hash.update(`s:${value}\n`);
      else {
        hash.update(`f:${value.name}\n`);
        hash.update(new Uint8Array(await value.arrayBuffer()));
      }
    }
  } else {
    hash.update(bytes);
  }
  return hash.digest('hex');
}

function replay(row: typeof idempotencyKeys.$inferSelect): Response {
  const headers = new Headers({ [REPLAYED_HEADER]: 'true' });
  if (row.responseType) headers.set('content-type', row.responseType);
  const empty = row.status === 204 || row.status === 304 || row.responseBody === null;
  return new Response(empty ? null : row.responseBody, { status: row.status!, headers });
}

export function idempotency(deps: Deps, options: IdempotencyOptions = {}) {
  const ttlMs = options.ttlMs ?? 7 * DAY;
  const leaseMs = options.leaseMs ?? 60_000;
  const scopeOf =
    options.scope ?? (async (c: Context<AppEnv>) => (await companyContext(c, deps)).companyId);

  return createMiddleware<AppEnv>(async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_HEADER);
    if (key === undefined || ['GET', 'HEAD', 'OPTIONS'].includes(c.req.method)) return next();
    if (!KEY_PATTERN.test(key)) {
      throw appError(422, 'idempotency_key_invalid', {
        fields: { [IDEMPOTENCY_HEADER]: errorMessages.idempotency_key_invalid.id },
      });
    }
    const scope = await scopeOf(c);
    await openBody(c);
    const hash = await requestHash(c);
    const now = deps.clock.now();
    const lease = new Date(now.getTime() + leaseMs);
    const db = deps.db;
    const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

    // An expired answer is forgotten; a first request whose process died (lease over, no answer)
    // is taken over by its own replay.
    const [claimed] = await db
      .insert(idempotencyKeys)
      .values({
        scope,
        key,
        requestHash: hash,
        lockedUntil: lease,
        expiresAt: new Date(now.getTime() + ttlMs),
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: [idempotencyKeys.scope, idempotencyKeys.key],
        set: {
          requestHash: hash,
          status: null,
          responseBody: null,
          responseType: null,
          lockedUntil: lease,
          expiresAt: new Date(now.getTime() + ttlMs),
          createdAt: now,
        },
        setWhere: or(
          lt(idempotencyKeys.expiresAt, at(now)),
          and(
            isNull(idempotencyKeys.status),
            lt(idempotencyKeys.lockedUntil, at(now)),
            eq(idempotencyKeys.requestHash, hash),
          ),
        ),
      })
      .returning({ key: idempotencyKeys.key });

    if (!claimed) {
      const [row] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
      if (!row) throw appError(409, 'idempotency_in_progress', { headers: { 'Retry-After': '1' } });
      if (row.requestHash !== hash) throw appError(422, 'idempotency_mismatch');
      if (row.status === null) {
        throw appError(409, 'idempotency_in_progress', { headers: { 'Retry-After': '1' } });
      }
      return replay(row);
    }

    const release = () =>
      db
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    try {
      await next();
    } catch (error) {
      await release();
      throw error;
    }
    const status = c.res.status;
    if (!storable(status)) {
      await release();
      return;
    }
    const body = status === 204 ? null : await c.res.clone().text();
    await db
      .update(idempotencyKeys)
      .set({ status, responseBody: body, responseType: c.res.headers.get('content-type') })
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    // A sync batch cleans up once, after its last entry.
    if (!batchCallOf(c)) await forgetExpiredKeys(deps, scope);
  });
}

/**
 * Expired keys of a company are deleted at most once a minute: a delete after every write was a
 * statement more on every request, for keys that expire a week later anyway.
 */
const FORGET_EVERY_MS = 60_000;
/** By database, when each company's expired keys were last deleted (clock milliseconds). */
const forgottenAt = new WeakMap<Deps['db'], Map<string, number>>();

/** Opportunistic cleanup keeps the table to about a week of keys per company. */
export async function forgetExpiredKeys(deps: Deps, scope: string): Promise<void> {
  const now = deps.clock.now();
  let byScope = forgottenAt.get(deps.db);
  if (!byScope) forgottenAt.set(deps.db, (byScope = new Map()));
  const last = byScope.get(scope);
  if (last !== undefined && Math.abs(now.getTime() - last) < FORGET_EVERY_MS) return;
  // Bounded: at worst a company's keys are cleaned a minute early.
  if (byScope.size >= 10_000) byScope.clear();
  byScope.set(scope, now.getTime());
  await deps.db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.scope, scope),
        lt(idempotencyKeys.expiresAt, sql`${now.toISOString()}::timestamptz`),
      ),
    );
}
