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
import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import {
  customerFieldsSchema,
  identificationKey,
  type CustomerFields,
} from '../../domain/schemas/customer';
import type { SyncBatchAnswer, SyncBatchEntry } from '../../domain/sync-batch';
import { toCustomer } from '../customers/service';
import type { Deps } from '../context';
import { auditLog, customers, tombstones } from '../db/schema';
import type { CompanyContext } from '../http/company';
import { withSchemaKeys } from '../http/validate';
import { reserveChangeSeq } from './changes';
import {
  bulkBody,
  bulkEntryOf,
  claimAndWrite,
  storeAnswers,
  type BulkEntry,
  type StoredAnswer,
} from './bulk-run';

const CUSTOMER_PATH = /^\/v1\/accounting\/customers\/([^/]+)$/;

interface Candidate extends BulkEntry {
  fields: CustomerFields;
}

/** The entry as a customer creation this path can take, or null (its route runs it). */
function candidateOf(entry: SyncBatchEntry, base: URL, companyId: string): Candidate | null {
  const call = bulkEntryOf(entry, base, companyId, 'PUT', CUSTOMER_PATH);
  if (!call) return null;
  const fields = bulkBody(entry, (input) => {
    const parsed = v.safeParse(customerFieldsSchema, withSchemaKeys(customerFieldsSchema, input));
    return parsed.success ? parsed.output : null;
  });
  return fields ? { ...call, fields } : null;
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
  return claimAndWrite(deps, companyId, candidates, (run, now) =>
    writeRun(deps, ctx, run, userId, now),
  );
}

/** The checks, rows, audit rows and stored answers of a run, in one transaction. */
async function writeRun(
  deps: Deps,
  ctx: CompanyContext,
  run: Candidate[],
  userId: string,
  now: Date,
): Promise<StoredAnswer[]> {
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
    // Each key's answer, stored with the rows it answers for.
    return storeAnswers(
      tx,
      companyId,
      taken.map((c) => ({ key: c.entry.key, status: 201, body: toCustomer(byId.get(c.id)!) })),
    );
  });
}
