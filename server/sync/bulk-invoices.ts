// Invoices a phone issued offline, written together. The outbox queues each one as two entries,
// the save (PUT of the fields, with the device's X-Device-Id) then its submit (POST …/submit, no
// body), so a hundred offline invoices arrive as save, submit, save, submit… Run one by one, each
// pair costs two key claims, two transactions and two locks of the VFD's counters. Here a run of
// them costs one claim for all their keys and one transaction: the new drafts are inserted with
// multi-row statements, then every submit of the run is numbered as ONE group
// (submitInTransaction, the rules of a single submission). Each entry keeps what its own call
// would have: the same Idempotency-Key and request hash, its change positions, rows, audit rows
// and answer (201 with the new draft, 200 with the submitted invoice), byte for byte what the
// route would have stored.
//
// Only what is certain goes this way: the save of a fresh id with a valid body that names no
// corrected invoice and no unknown customer, and the submit of a draft saved earlier in the run
// (or already stored) that passes every check of a submission. The first entry that is anything
// else ends the run; the batch runs it through its route, which answers the refusal.
import { and, eq, inArray } from 'drizzle-orm';
import * as v from 'valibot';
import { invoiceFieldsSchema, type InvoiceFields } from '../../domain/schemas/invoice';
import type { SyncBatchAnswer, SyncBatchEntry } from '../../domain/sync-batch';
import type { Deps } from '../context';
import type { Tx } from '../db/client';
import { auditLog, companies, customers, invoiceProducts, invoices, vfds } from '../db/schema';
import type { CompanyContext } from '../http/company';
import { checkInput, withSchemaKeys } from '../http/validate';
import { receiptsQueued } from '../vfd/nudge';
import { toInvoice, type InvoiceRow } from '../invoices/records';
import {
  draftCreatedAudit,
  newDraftValues,
  operatorName,
  savedProductIds,
} from '../invoices/service';
import { checkDraft, submitInTransaction, type DraftContent } from '../invoices/submit';
import { reserveChangeSeq } from './changes';
import {
  bulkEntryOf,
  claimAndWrite,
  storeAnswers,
  type BulkEntry,
  type StoredAnswer,
} from './bulk-run';

const SAVE_PATH = /^\/v1\/accounting\/invoices\/([^/]+)$/;
const SUBMIT_PATH = /^\/v1\/accounting\/invoices\/([^/]+)\/submit$/;
const DEVICE_HEADER = 'x-device-id';
const DEVICE_PATTERN = /^[\x21-\x7e]{1,100}$/;
/** As the invoice routes bound a body. */
const MAX_BODY_BYTES = 1024 * 1024;

const saveSchema = v.object({
  version: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(1))),
});

type Candidate =
  | (BulkEntry & { kind: 'save'; fields: InvoiceFields; deviceId: string | null })
  | (BulkEntry & { kind: 'submit' });

/** The device an entry names (its only header may be X-Device-Id), or undefined when wrong. */
function deviceOf(entry: SyncBatchEntry): string | null | undefined {
  const names = Object.keys(entry.headers ?? {});
  if (names.length === 0) return null;
  if (names.length !== 1 || names[0]!.toLowerCase() !== DEVICE_HEADER) return undefined;
  const device = entry.headers![names[0]!]!;
  return DEVICE_PATTERN.test(device) ? device : undefined;
}

/** The body read as the save route reads it, or null when the route would refuse it. */
function saveFields(body: string): InvoiceFields | null {
  if (Buffer.byteLength(body) > MAX_BODY_BYTES) return null;
  try {
    const input: unknown = JSON.parse(body);
    checkInput(input);
    if (!v.is(saveSchema, withSchemaKeys(saveSchema, input))) return null;
    const parsed = v.safeParse(invoiceFieldsSchema, withSchemaKeys(invoiceFieldsSchema, input));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/** The entry as a save or submit this path can take, or null (its route runs it). */
function candidateOf(entry: SyncBatchEntry, base: URL, companyId: string): Candidate | null {
  const deviceId = deviceOf(entry);
  if (deviceId === undefined) return null;
  const plain = { ...entry, headers: undefined };
  if (entry.method === 'PUT') {
    const call = bulkEntryOf(plain, base, companyId, 'PUT', SAVE_PATH);
    if (!call || entry.body === undefined) return null;
    const fields = saveFields(entry.body);
    // A correction names an issued invoice: its own checks, through the route.
    if (!fields || fields.correctsInvoiceId) return null;
    return { ...call, entry, id: call.id.toLowerCase(), kind: 'save', fields, deviceId };
  }
  if (entry.method === 'POST' && entry.body === undefined && deviceId === null) {
    const call = bulkEntryOf(plain, base, companyId, 'POST', SUBMIT_PATH);
    if (!call) return null;
    return { ...call, entry, id: call.id.toLowerCase(), kind: 'submit' };
  }
  return null;
}

/**
 * Runs as many entries as it can from `entries`' start as new invoice drafts and submits of
 * drafts, and answers them in order. Answers none when the run would be shorter than two (the
 * caller then runs the first entry through its route).
 */
export async function bulkSaveAndSubmitInvoices(
  deps: Deps,
  ctx: CompanyContext,
  entries: readonly SyncBatchEntry[],
  base: URL,
): Promise<SyncBatchAnswer[]> {
  const { companyId } = ctx;
  const candidates: Candidate[] = [];
  for (const entry of entries) {
    const candidate = candidateOf(entry, base, companyId);
    if (!candidate) break;
    candidates.push(candidate);
  }
  if (candidates.length < 2) return [];
  const answers = await claimAndWrite(deps, companyId, candidates, (run, now) =>
    deps.db.transaction((tx) => writeRun(deps, tx, ctx, run, now)),
  );
  // Committed: the TRA worker sends the new receipts now rather than at its next poll.
  if (
    answers.some((answer, index) => candidates[index]!.kind === 'submit' && answer.status === 200)
  ) {
    receiptsQueued(deps, companyId);
  }
  return answers;
}

/** How many of the run's entries are certain to succeed, given what the database holds. */
async function certainLength(
  tx: Tx,
  companyId: string,
  run: readonly Candidate[],
): Promise<{ length: number; savedProducts: Set<string> }> {
  const ids = [...new Set(run.map((c) => c.id))];
  const stored = new Map(
    (
      await tx
        .select()
        .from(invoices)
        .where(and(eq(invoices.companyId, companyId), inArray(invoices.id, ids)))
        .orderBy(invoices.id)
        .for('update')
    ).map((row) => [row.id, row]),
  );
  const [company] = await tx
    .select({ blocked: companies.blockedByTra, vfdStatus: vfds.status })
    .from(companies)
    .leftJoin(vfds, eq(vfds.companyId, companies.id))
    .where(eq(companies.id, companyId));
  if (!company || company.blocked) return { length: 0, savedProducts: new Set() };
  const vfdReady = company.vfdStatus === 'registered';
  const customerIds = [
    ...new Set(run.flatMap((c) => (c.kind === 'save' && c.fields.customerId) || [])),
  ];
  const knownCustomers = new Set(
    customerIds.length
      ? (
          await tx
            .select({ id: customers.id })
            .from(customers)
            .where(and(eq(customers.companyId, companyId), inArray(customers.id, customerIds)))
        ).map((r) => r.id)
      : [],
  );
  const savedProducts = await savedProductIds(tx, companyId, [
    ...run.flatMap((c) => (c.kind === 'save' ? c.fields.items : [])),
    ...[...stored.values()].flatMap((row) => row.items),
  ]);

  // Drafts as a submit would read them: stored, or saved earlier in the run.
  const drafts = new Map<string, DraftContent>();
  for (const row of stored.values()) if (row.status === 'draft') drafts.set(row.id, row);
  const submitted = new Set<string>();
  let length = 0;
  for (const c of run) {
    if (c.kind === 'save') {
      if (stored.has(c.id) || drafts.has(c.id) || submitted.has(c.id)) break;
      if (c.fields.customerId && !knownCustomers.has(c.fields.customerId)) break;
      drafts.set(c.id, { id: c.id, ...c.fields });
    } else {
      const draft = drafts.get(c.id);
      if (!draft || !vfdReady) break;
      try {
        checkDraft(draft, companyId, savedProducts);
      } catch {
        break;
      }
      drafts.delete(c.id);
      submitted.add(c.id);
    }
    length++;
  }
  return { length, savedProducts };
}

/** The drafts, their submissions and the stored answers of a run, in one transaction. */
async function writeRun(
  deps: Deps,
  tx: Tx,
  ctx: CompanyContext,
  run: readonly Candidate[],
  now: Date,
): Promise<StoredAnswer[]> {
  const { companyId, userId } = ctx;
  // Lock order as every writer of invoices: change position, invoices, VFD counters.
  const saves = run.filter((c) => c.kind === 'save');
  let firstSeq = await reserveChangeSeq(tx, companyId, Math.max(1, saves.length));
  const { length, savedProducts } = await certainLength(tx, companyId, run);
  if (length < 2) return [];
  const taken = run.slice(0, length);

  const answers = new Map<Candidate, StoredAnswer>();
  const newDrafts = taken.flatMap((c) => (c.kind === 'save' ? [c] : []));
  if (newDrafts.length) {
    const operator = { operatorId: userId, operatorName: await operatorName(tx, userId) };
    // The drafts keep the order they were made in, as calls one after another would have:
    // each is stamped a millisecond after the one before it, so lists ordered by creation
    // (and ties nowhere) show them as the phone queued them.
    const madeAt = new Map(newDrafts.map((c, index) => [c, new Date(now.getTime() + index)]));
    const rows = (await tx
      .insert(invoices)
      .values(
        newDrafts.map((c) =>
          newDraftValues({
            companyId,
            id: c.id,
            fields: c.fields,
            ...operator,
            deviceId: c.deviceId,
            seq: firstSeq++,
            now: madeAt.get(c)!,
          }),
        ),
      )
      .returning()) as InvoiceRow[];
    const byId = new Map(rows.map((row) => [row.id, row]));
    // As a save links them: the lines' products that are saved products of the company.
    const links = newDrafts.flatMap((c) =>
      [...new Set(c.fields.items.flatMap((item) => item.productId ?? []))]
        .filter((productId) => savedProducts.has(productId))
        .map((productId) => ({ companyId, invoiceId: c.id, productId })),
    );
    if (links.length) await tx.insert(invoiceProducts).values(links);
    await tx
      .insert(auditLog)
      .values(
        newDrafts.map((c) =>
          draftCreatedAudit(byId.get(c.id)!, userId, c.deviceId, madeAt.get(c)!),
        ),
      );
    for (const c of newDrafts) {
      answers.set(c, { key: c.entry.key, status: 201, body: toInvoice(byId.get(c.id)!, null) });
    }
  }

  const submits = taken.filter((c) => c.kind === 'submit');
  if (submits.length) {
    const outcomes = await submitInTransaction(
      deps,
      tx,
      companyId,
      submits.map((c) => ({ id: c.id, userId, deviceId: null })),
    );
    submits.forEach((c, index) => {
      const outcome = outcomes[index]!;
      // Checked above under the same locks: a refusal here is a rule the checks do not know.
      if (outcome.error) throw outcome.error;
      answers.set(c, { key: c.entry.key, status: 200, body: outcome.invoice });
    });
  }
  return storeAnswers(
    tx,
    companyId,
    taken.map((c) => answers.get(c)!),
  );
}
