// Submitting drafts: in one transaction they are checked, numbered, signed and queued for TRA
// by the VFD (server/vfd/fiscalize.ts) and become submitted. Either the invoices, their
// receipts and the queued documents all commit, or none does: a number is never lost nor given
// twice.
//
// Group commit: submissions of one company that arrive while its previous group is being
// numbered wait, and go together in the next group: one transaction, one lock of the VFD's
// counters, one statement storing the receipts (fiscalizeInvoices) and one updating the
// invoices. Each submission keeps its own checks and answer: a refused draft is answered with
// its own error and left out of the group, the others are numbered. A group that fails as a
// whole (the database) commits nothing and every caller in it gets the error.
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { errorMessages } from '../../domain/errors';
import { checkPayments } from '../../domain/payments';
import { quantity } from '../../domain/quantity';
import {
  invoiceFieldsSchema,
  invoiceTotals,
  type InvoiceFields,
} from '../../domain/schemas/invoice';
import type { Deps } from '../context';
import type { Tx } from '../db/client';
import { auditLog, companies, invoices, users, vfds } from '../db/schema';
import { AppError, appError } from '../http/app-error';
import { issuesToFields } from '../http/validate';
import { reserveChangeSeq } from '../sync/changes';
import { receiptsQueued } from '../vfd/nudge';
import {
  fiscalizeInvoices,
  receiptContent,
  type FiscalInvoice,
  type FiscalReceipt,
} from '../vfd/fiscalize';
import {
  fromJoined,
  selectInvoices,
  storedFields,
  toInvoice,
  type ApiInvoice,
  type InvoiceRow,
} from './records';
import { invoiceNotFound, computedColumns, savedProductIds, type InvoiceContext } from './service';

/** Submissions of one company numbered together at most (one transaction, one lock). */
export const SUBMIT_GROUP_MAX = 200;

/** One submission: the draft, and who sent it from which device. */
export interface SubmitRequest {
  id: string;
  userId: string;
  deviceId: string | null;
}

/** A submission's own answer: the submitted invoice, or why it was refused. */
export type SubmitOutcome =
  { invoice: ApiInvoice; error?: never } | { invoice?: never; error: AppError };

interface Checked {
  request: SubmitRequest;
  row: InvoiceRow;
  fields: v.InferOutput<typeof invoiceFieldsSchema>;
  input: FiscalInvoice;
}

/** What a submission reads of a draft. */
export type DraftContent = Pick<InvoiceRow, 'id' | keyof InvoiceFields>;

/**
 * The draft's fields read again and checked as the rules are now, given the company's saved
 * products among those it names; throws the submission's refusal.
 */
export function checkDraft(
  row: DraftContent,
  companyId: string,
  saved: ReadonlySet<string>,
): Pick<Checked, 'fields' | 'input'> {
  // The draft was valid when saved; the rules are checked again as they are now.
  const parsed = v.safeParse(invoiceFieldsSchema, storedFields(row));
  if (!parsed.success) {
    const fields = issuesToFields(parsed.issues);
    throw fields.payments
      ? new AppError(422, 'validation_failed', errorMessages.validation_failed, { fields })
      : appError(422, 'invoice_missing_data', { fields });
  }
  const fields = parsed.output;
  const unsaved = fields.items.flatMap((item, index) =>
    item.productId && !saved.has(item.productId) ? [`items.${index}.productId`] : [],
  );
  if (unsaved.length) {
    throw appError(422, 'product_not_saved', {
      fields: Object.fromEntries(unsaved.map((f) => [f, errorMessages.product_not_saved.id])),
    });
  }
  const totals = invoiceTotals(fields);
  const paymentsProblem = checkPayments(fields.payments, totals.totalInvoice);
  if (paymentsProblem) {
    throw new AppError(422, 'validation_failed', errorMessages.validation_failed, {
      fields: { payments: paymentsProblem.id },
    });
  }
  const input: FiscalInvoice = {
    invoiceId: row.id,
    companyId,
    customer: {
      name: fields.customer.name,
      idType: fields.customer.identificationType,
      idNumber: fields.customer.identificationNumber,
      mobile: fields.customer.phoneNumber,
    },
    lines: fields.items.map((item, index) => ({
      description: item.description,
      quantity: quantity(item.quantity),
      taxType: item.taxType,
      ...totals.lines[index]!,
    })),
    totals,
    payments: fields.payments,
  };
  // What the VFD would refuse is refused here, before anything of the group is numbered.
  receiptContent(input);
  return { fields, input };
}

/**
 * Submits drafts of the company in the caller's transaction `tx`, numbered as one group, and
 * answers each request on its own, in order. Lock order, as in every transaction that touches
 * them: change position, invoices, VFD counters. A draft already submitted answers as it is
 * (one receipt, whatever the number of calls); the same draft named twice answers twice the
 * same. Throws only what fails the whole group (the database).
 */
export async function submitInTransaction(
  deps: Deps,
  tx: Tx,
  companyId: string,
  requests: readonly SubmitRequest[],
): Promise<SubmitOutcome[]> {
  if (requests.length === 0) return [];
  const ids = [...new Set(requests.map((r) => r.id))];
  const firstSeq = await reserveChangeSeq(tx, companyId, ids.length);
  const rows = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), inArray(invoices.id, ids)))
    .orderBy(invoices.id)
    .for('update');
  const byId = new Map(rows.map((row) => [row.id, row]));

  const outcomes = new Map<string, SubmitOutcome>();
  const refuse = (id: string, error: unknown) => {
    if (!(error instanceof AppError)) throw error;
    outcomes.set(id, { error });
  };
  const done: string[] = [];
  const drafts: InvoiceRow[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) refuse(id, invoiceNotFound());
    else if (row.status === 'submitted' || row.status === 'issued') done.push(id);
    else if (row.status === 'canceled') refuse(id, appError(409, 'invoice_canceled'));
    else drafts.push(row);
  }
  if (done.length) {
    const joined = await selectInvoices(tx).where(
      and(eq(invoices.companyId, companyId), inArray(invoices.id, done)),
    );
    for (const j of joined) outcomes.set(j.invoice.id, { invoice: fromJoined(j) });
  }

  const checked: Checked[] = [];
  if (drafts.length) {
    const [company] = await tx
      .select({ blocked: companies.blockedByTra, vfdStatus: vfds.status })
      .from(companies)
      .leftJoin(vfds, eq(vfds.companyId, companies.id))
      .where(eq(companies.id, companyId));
    const companyProblem = company?.blocked
      ? appError(403, 'company_blocked')
      : company?.vfdStatus !== 'registered'
        ? appError(409, 'vfd_not_ready')
        : null;
    const saved = companyProblem
      ? new Set<string>()
      : await savedProductIds(
          tx,
          companyId,
          drafts.flatMap((row) => row.items),
        );
    const firstRequest = new Map<string, SubmitRequest>();
    for (const r of requests) if (!firstRequest.has(r.id)) firstRequest.set(r.id, r);
    for (const row of drafts) {
      if (companyProblem) {
        refuse(row.id, companyProblem);
        continue;
      }
      try {
        const request = firstRequest.get(row.id)!;
        checked.push({ request, row, ...checkDraft(row, companyId, saved) });
      } catch (error) {
        refuse(row.id, error);
      }
    }
  }

  if (checked.length) {
    let receipts: FiscalReceipt[];
    try {
      receipts = await fiscalizeInvoices(
        deps,
        tx,
        checked.map((c) => c.input),
      );
    } catch (error) {
      // What the VFD refuses for the whole group (not registered, inactive, blocked) is every
      // draft's answer; nothing was numbered.
      const refusal =
        error instanceof AppError && error.code === 'vfd_not_registered'
          ? appError(409, 'vfd_not_ready')
          : error;
      for (const c of checked) refuse(c.row.id, refusal);
      return requests.map((r) => outcomes.get(r.id)!);
    }
    const submitted = await markSubmitted(deps, tx, companyId, checked, receipts, firstSeq);
    checked.forEach((c, index) => {
      outcomes.set(c.row.id, { invoice: toInvoice(submitted.get(c.row.id)!, receipts[index]!) });
    });
  }
  return requests.map((r) => outcomes.get(r.id)!);
}

/** The numbered drafts become submitted (one statement) and each gets its audit row. */
async function markSubmitted(
  deps: Deps,
  tx: Tx,
  companyId: string,
  checked: readonly Checked[],
  receipts: readonly FiscalReceipt[],
  firstSeq: number,
): Promise<Map<string, InvoiceRow>> {
  const now = deps.clock.now();
  const userIds = [...new Set(checked.map((c) => c.request.userId))];
  const names = new Map(
    (
      await tx
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(inArray(users.id, userIds))
    ).map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim()]),
  );
  const values = sql.join(
    checked.map((c, index) => {
      const receipt = receipts[index]!;
      const computed = computedColumns(c.fields);
      return sql`(${c.row.id}, ${receipt.date}, ${receipt.receiptNumber}, ${receipt.rctvnum}, ${c.request.userId}, ${names.get(c.request.userId) ?? null}, ${c.request.deviceId ?? c.row.lastDeviceId}, ${firstSeq + index}, ${JSON.stringify(computed.lineTotals)}, ${JSON.stringify(computed.taxGroups)}, ${computed.totalDiscount}, ${computed.subTotal}, ${computed.totalExcludingTax}, ${computed.taxAmount}, ${computed.totalIncludingTax})`;
    }),
    sql`, `,
  );
  const updated = await tx
    .update(invoices)
    .set({
      status: 'submitted',
      date: sql`v.date`,
      receiptNumber: sql`v.receipt_number::integer`,
      verificationCode: sql`v.verification_code`,
      submittedAt: now,
      operatorId: sql`v.operator_id::uuid`,
      operatorName: sql`v.operator_name`,
      lastDeviceId: sql`v.last_device_id`,
      version: sql`${invoices.version} + 1`,
      seq: sql`v.seq::bigint`,
      lineTotals: sql`v.line_totals::jsonb`,
      taxGroups: sql`v.tax_groups::jsonb`,
      totalDiscount: sql`v.total_discount::bigint`,
      subTotal: sql`v.sub_total::bigint`,
      totalExcludingTax: sql`v.total_excluding_tax::bigint`,
      taxAmount: sql`v.tax_amount::bigint`,
      totalIncludingTax: sql`v.total_including_tax::bigint`,
      updatedAt: now,
    })
    .from(
      sql`(values ${values}) as v(id, date, receipt_number, verification_code, operator_id, operator_name, last_device_id, seq, line_totals, tax_groups, total_discount, sub_total, total_excluding_tax, tax_amount, total_including_tax)`,
    )
    .where(and(eq(invoices.companyId, companyId), sql`${invoices.id} = v.id::uuid`))
    .returning(getTableColumns(invoices));
  const byId = new Map(updated.map((row) => [row.id, row as InvoiceRow]));
  if (byId.size !== checked.length) throw new Error('A numbered draft was not updated');
  await tx.insert(auditLog).values(
    checked.map((c, index) => ({
      companyId,
      userId: c.request.userId,
      action: 'invoice_submitted',
      entity: 'invoice',
      entityId: c.row.id,
      data: {
        version: byId.get(c.row.id)!.version,
        receiptNumber: receipts[index]!.receiptNumber,
        verificationCode: receipts[index]!.rctvnum,
        deviceId: c.request.deviceId,
      },
      createdAt: now,
    })),
  );
  return byId;
}

/**
 * Submits several drafts of the company in ONE transaction, numbered as one group, each sent
 * by the context's user and device. Each keeps its own answer (see submitInTransaction).
 */
export async function submitInvoices(
  ctx: InvoiceContext,
  ids: readonly string[],
): Promise<SubmitOutcome[]> {
  const { deps, companyId, userId, deviceId } = ctx;
  const outcomes = await deps.db.transaction((tx) =>
    submitInTransaction(
      deps,
      tx,
      companyId,
      ids.map((id) => ({ id, userId, deviceId })),
    ),
  );
  if (outcomes.some((outcome) => outcome.invoice)) receiptsQueued(deps, companyId);
  return outcomes;
}

interface Waiting {
  request: SubmitRequest;
  resolve: (outcome: SubmitOutcome) => void;
  reject: (error: unknown) => void;
}

/** Per process and per server (deps): each company's submissions waiting for the next group. */
const waitingByDeps = new WeakMap<Deps, Map<string, Waiting[]>>();

/** Numbers the company's waiting submissions group after group until none waits. */
async function numberWaiting(deps: Deps, companyId: string, queue: Waiting[]): Promise<void> {
  const queues = waitingByDeps.get(deps)!;
  while (queue.length > 0) {
    const group = queue.splice(0, SUBMIT_GROUP_MAX);
    try {
      const outcomes = await deps.db.transaction((tx) =>
        submitInTransaction(
          deps,
          tx,
          companyId,
          group.map((w) => w.request),
        ),
      );
      if (outcomes.some((outcome) => outcome.invoice)) receiptsQueued(deps, companyId);
      group.forEach((w, index) => w.resolve(outcomes[index]!));
    } catch (error) {
      for (const w of group) w.reject(error);
    }
  }
  queues.delete(companyId);
}

/**
 * Fiscalizes the company's draft `id` and answers it with its receipt number, verification code
 * and URL. Submitting an invoice that is already submitted answers it again unchanged (one
 * receipt, whatever the number of calls or their Idempotency-Keys). The first submission of a
 * company starts at once; those arriving meanwhile wait and are numbered together next.
 */
export async function submitInvoice(ctx: InvoiceContext, id: string): Promise<ApiInvoice> {
  const { deps, companyId, userId, deviceId } = ctx;
  let queues = waitingByDeps.get(deps);
  if (!queues) {
    queues = new Map();
    waitingByDeps.set(deps, queues);
  }
  const outcome = await new Promise<SubmitOutcome>((resolve, reject) => {
    const waiting: Waiting = { request: { id, userId, deviceId }, resolve, reject };
    const queue = queues.get(companyId);
    if (queue) {
      queue.push(waiting);
      return;
    }
    const started = [waiting];
    queues.set(companyId, started);
    void numberWaiting(deps, companyId, started);
  });
  if (outcome.error) throw outcome.error;
  return outcome.invoice;
}
