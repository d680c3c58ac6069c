// New customers of a sync batch written together. A phone that stored a list of customers
// offline sends them as a run of PUTs of fresh ids; run one by one, each costs about ten
// statements (its key's claim and answer, the change position, the existence, tombstone and
// duplicate checks, the row, the audit row, begin and commit). Here a run of them costs one
// claim for all their keys and one transaction that checks, inserts, audits and stores every
// answer with multi-row statements. Each entry keeps what its own call would have: the same
// Idempotency-Key and request hash, its own change position, row, audit row and answer (201
// with the customer), byte for byte what the route would have stored.
//
// Only what is certain to be a plain creation goes this way: a valid body for a fresh id that
// no customer, deletion or earlier entry of the run collides with. The first entry that is
// anything else ends the run; the batch runs it through its route as before (which answers
// the refusal, the update or the replay) and tries a new run after it.
import crypto from 'node:crypto';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import {
  customerFieldsSchema,
  identificationKey,
  type CustomerFields,
} from '../../domain/schemas/customer';
import { uuidSchema } from '../../domain/schemas/record';
import type { SyncBatchAnswer, SyncBatchEntry } from '../../domain/sync-batch';
import { toCustomer } from '../customers/service';
import type { Deps } from '../context';
import { auditLog, customers, idempotencyKeys, tombstones } from '../db/schema';
import type { CompanyContext } from '../http/company';
import { checkInput, withSchemaKeys } from '../http/validate';
import { reserveChangeSeq } from './changes';

const CUSTOMER_PATH = /^\/v1\/accounting\/customers\/([^/]+)$/;
const DAY = 24 * 3600_000;
/** As the Idempotency-Key middleware keeps an answer and leases a first request. */
const KEY_TTL_MS = 7 * DAY;
const KEY_LEASE_MS = 60_000;

interface Candidate {
  entry: SyncBatchEntry;
  id: string;
  fields: CustomerFields;
  hash: string;
}

/** The entry as a customer creation this path can take, or null (its route runs it). */
function candidateOf(entry: SyncBatchEntry, base: URL, companyId: string): Candidate | null {
  if (entry.method !== 'PUT' || entry.body === undefined) return null;
  if (entry.headers && Object.keys(entry.headers).length > 0) return null;
  const url = new URL(entry.path, base);
  const id = CUSTOMER_PATH.exec(url.pathname)?.[1];
  if (!id || !v.is(uuidSchema, id)) return null;
  const query = [...url.searchParams.entries()];
  if (query.length !== 1 || query[0]![0] !== 'companyId' || query[0]![1] !== companyId) {
    return null;
  }
  let fields: CustomerFields;
  try {
    const input: unknown = JSON.parse(entry.body);
    checkInput(input);
    const parsed = v.safeParse(customerFieldsSchema, withSchemaKeys(customerFieldsSchema, input));
    if (!parsed.success) return null;
    fields = parsed.output;
  } catch {
    return null;
  }
  // The Idempotency-Key middleware's request hash for the same call.
  const hash = crypto
    .createHash('sha256')
    .update(`PUT ${url.pathname}${url.search}\n`)
    .update(new TextEncoder().encode(entry.body))
    .digest('hex');
  return { entry, id, fields, hash };
}

/**
 * Runs as many entries as it can from `entries`' start as new customers, and answers them
 * (201 each, in order). Answers none when the first entry is not one; the caller then runs
 * that entry through its route.
 */
export async function bulkCreateCustomers(
  deps: Deps,
  ctx: CompanyContext,
  entries: readonly SyncBatchEntry[],
  base: URL,
): Promise<SyncBatchAnswer[]> {
  const { companyId, userId } = ctx;
  const candidates: Candidate[] = [];
  for (const entry of entries) {
    const candidate = candidateOf(entry, base, companyId);
    if (!candidate) break;
    candidates.push(candidate);
  }
  if (candidates.length < 2) return [];

  const now = deps.clock.now();
  const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
  const lease = new Date(now.getTime() + KEY_LEASE_MS);
  const expires = new Date(now.getTime() + KEY_TTL_MS);
  // Every key claimed in one statement, on the middleware's terms: free, expired, or a first
  // request of the same content that died without an answer.
  const claimedRows = await deps.db
    .insert(idempotencyKeys)
    .values(
      candidates.map((c) => ({
        scope: companyId,
        key: c.entry.key,
        requestHash: c.hash,
        lockedUntil: lease,
        expiresAt: expires,
        createdAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [idempotencyKeys.scope, idempotencyKeys.key],
      set: {
        requestHash: sql`excluded.request_hash`,
        status: null,
        responseBody: null,
        responseType: null,
        lockedUntil: lease,
        expiresAt: expires,
        createdAt: now,
      },
      setWhere: or(
        sql`${idempotencyKeys.expiresAt} < ${at(now)}`,
        and(
          sql`${idempotencyKeys.status} is null`,
          sql`${idempotencyKeys.lockedUntil} < ${at(now)}`,
          sql`${idempotencyKeys.requestHash} = excluded.request_hash`,
        ),
      ),
    })
    .returning({ key: idempotencyKeys.key });
  const claimed = new Set(claimedRows.map((row) => row.key));
  const keysSeen = new Set<string>();
  let run = 0;
  // A key already known (a replay, or the same key twice) is answered by its route.
  while (run < candidates.length) {
    const key = candidates[run]!.entry.key;
    if (!claimed.has(key) || keysSeen.has(key)) break;
    keysSeen.add(key);
    run++;
  }

  let answers: SyncBatchAnswer[] = [];
  try {
    if (run >= 1) answers = await writeRun(deps, ctx, candidates.slice(0, run), userId, now);
  } finally {
    // Claims this run did not answer are given back, for their own call to take.
    const unused = candidates
      .slice(answers.length)
      .map((c) => c.entry.key)
      .filter((key) => claimed.has(key));
    if (unused.length) {
      await deps.db
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.scope, companyId), inArray(idempotencyKeys.key, unused)));
    }
  }
  return answers;
}

/** The checks, rows, audit rows and stored answers of a run, in one transaction. */
async function writeRun(
  deps: Deps,
  ctx: CompanyContext,
  run: Candidate[],
  userId: string,
  now: Date,
): Promise<SyncBatchAnswer[]> {
  const { companyId } = ctx;
  return deps.db.transaction(async (tx) => {
    const firstSeq = await reserveChangeSeq(tx, companyId, run.length);
    const ids = run.map((c) => c.id);
    const existing = new Set(
      (
        await tx
          .select({ id: customers.id })
          .from(customers)
          .where(and(eq(customers.companyId, companyId), inArray(customers.id, ids)))
      ).map((row) => row.id),
    );
    const deleted = new Set(
      (
        await tx
          .select({ id: tombstones.id })
          .from(tombstones)
          .where(
            and(
              eq(tombstones.companyId, companyId),
              eq(tombstones.entity, 'customer'),
              inArray(tombstones.id, ids),
            ),
          )
      ).map((row) => row.id),
    );
    // The company's customers that share an identification or VAT number with the run.
    const identifications = run.flatMap((c) =>
      c.fields.identificationType !== 'NO_IDENTIFICATION' && c.fields.identificationNumber
        ? [c.fields.identificationNumber]
        : [],
    );
    const vrns = run.flatMap((c) =>
      c.fields.vatRegistrationNumber ? [c.fields.vatRegistrationNumber] : [],
    );
    const takenIds = new Set<string>();
    const takenVrns = new Set<string>();
    const conditions: SQL[] = [];
    if (identifications.length) {
      conditions.push(inArray(customers.identificationNumber, identifications));
    }
    if (vrns.length) conditions.push(inArray(customers.vatRegistrationNumber, vrns));
    if (conditions.length) {
      const rows = await tx
        .select({
          identificationType: customers.identificationType,
          identificationNumber: customers.identificationNumber,
          vatRegistrationNumber: customers.vatRegistrationNumber,
        })
        .from(customers)
        .where(and(eq(customers.companyId, companyId), or(...conditions)));
      for (const row of rows) {
        const key = identificationKey(row);
        if (key !== null) takenIds.add(key);
        if (row.vatRegistrationNumber) takenVrns.add(row.vatRegistrationNumber);
      }
    }
    // The plain creations, up to the first entry that is anything else.
    const seenIds = new Set<string>();
    let length = 0;
    for (const c of run) {
      const { fields } = c;
      if (existing.has(c.id) || deleted.has(c.id) || seenIds.has(c.id)) break;
      const idKey = identificationKey(fields);
      if (idKey !== null && takenIds.has(idKey)) break;
      if (fields.vatRegistrationNumber && takenVrns.has(fields.vatRegistrationNumber)) break;
      seenIds.add(c.id);
      if (idKey !== null) takenIds.add(idKey);
      if (fields.vatRegistrationNumber) takenVrns.add(fields.vatRegistrationNumber);
      length++;
    }
    if (length === 0) return [];
    const taken = run.slice(0, length);
    const rows = await tx
      .insert(customers)
      .values(
        taken.map((c, index) => ({
          id: c.id,
          companyId,
          ...c.fields,
          version: 1,
          seq: firstSeq + index,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning();
    const byId = new Map(rows.map((row) => [row.id, row]));
    await tx.insert(auditLog).values(
      taken.map((c) => ({
        companyId,
        userId,
        action: 'customer_created',
        entity: 'customer',
        entityId: c.id,
        data: { version: 1 },
        createdAt: now,
      })),
    );
    const answers = taken.map((c) => {
      const customer = toCustomer(byId.get(c.id)!);
      return { key: c.entry.key, status: 201, body: customer, text: JSON.stringify(customer) };
    });
    // Each key's answer, stored with the rows it answers for.
    const values = sql.join(
      answers.map((a) => sql`(${a.key}, ${a.text})`),
      sql`, `,
    );
    await tx.execute(
      sql`update ${idempotencyKeys} as k set status = 201, response_body = v.body, response_type = 'application/json'
          from (values ${values}) as v(key, body)
          where k.scope = ${companyId} and k.key = v.key`,
    );
    return answers.map(({ key, status, body }) => ({ key, status, body }));
  });
}
