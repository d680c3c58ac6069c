// Turning an invoice into a fiscal receipt, inside the caller's transaction: lock the VFD's
// counters, give the receipt the next GC/RCTNUM, DC, ZNUM, date and time, build and sign the
// XML, and queue those exact bytes for TRA. Either all of it commits with the invoice or none
// of it does, so a number is never lost (no gap) nor handed out twice (no duplicate).
import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { eatDayStart, nextEatDay } from '../../domain/dates';
import { cents, sum, type Cents } from '../../domain/money';
import type { Payment } from '../../domain/payments';
import { formatQuantity, type Quantity } from '../../domain/quantity';
import { TAX_RATE_BP, type TaxType } from '../../domain/tax';
import {
  TRA_CUSTOMER_ID_TYPE,
  TRA_TAX_CODE,
  TRA_TAX_GROUP,
  traMobile,
  traPayments,
  type IdType,
} from '../../domain/tra';
import type { Deps } from '../context';
import type { DbOrTx, Tx } from '../db/client';
import { companies, fiscalReceipts, traOutbox, vfdCounters, vfds } from '../db/schema';
import type { PaymentsJson, VatTotalsJson } from '../db/schema';
import { appError } from '../http/app-error';
import { signingKey, verificationUrl, verifyBase } from './device';
import { eatStamp } from './eat';
import { receiptXml, signedDocumentAsync, type ReceiptXmlInput, type TaxGroup } from './xml';

export interface FiscalLine {
  /** ITEM ID sent to TRA; the line's position (1, 2, …) when omitted. */
  itemId?: string;
  description: string;
  quantity: Quantity;
  taxType: TaxType;
  /** The line's amounts as domain/totals computed them. */
  discount: Cents;
  netAmount: Cents;
  taxAmount: Cents;
  /** Tax included, after discount: TRA's AMT. */
  amount: Cents;
}

/** An invoice as the VFD needs it; amounts come from domain/totals computeTotals. */
export interface FiscalInvoice {
  invoiceId: string;
  companyId: string;
  customer: { name: string; idType: IdType; idNumber: string | null; mobile: string | null };
  lines: FiscalLine[];
  totals: {
    totalDiscount: Cents;
    totalExcludingTax: Cents;
    taxAmount: Cents;
    totalIncludingTax: Cents;
  };
  payments: Payment[];
}

export type FiscalStatus = 'pending' | 'accepted' | 'rejected';

export interface FiscalReceipt {
  id: string;
  invoiceId: string;
  companyId: string;
  /** RCTNUM = GC. */
  receiptNumber: number;
  gc: number;
  dc: number;
  znum: string;
  /** The verification code printed under the QR code. */
  rctvnum: string;
  date: string;
  time: string;
  issuedAt: string;
  verificationUrl: string;
  status: FiscalStatus;
  /** TRA's message when it refused the receipt. */
  traMessage: string | null;
  acknowledgedAt: string | null;
}

type ReceiptRow = typeof fiscalReceipts.$inferSelect;
type OutboxState = Pick<typeof traOutbox.$inferSelect, 'status' | 'ackMessage' | 'settledAt'>;

export function toFiscalReceipt(row: ReceiptRow, outbox: OutboxState): FiscalReceipt {
  return {
    id: row.id,
    invoiceId: row.invoiceId,
    companyId: row.companyId,
    receiptNumber: row.gc,
    gc: row.gc,
    dc: row.dc,
    znum: row.znum,
    rctvnum: row.rctvnum,
    date: row.date,
    time: row.time,
    issuedAt: row.issuedAt.toISOString(),
    verificationUrl: row.verificationUrl,
    status: outbox.status,
    traMessage: outbox.status === 'rejected' ? outbox.ackMessage : null,
    acknowledgedAt:
      outbox.status === 'accepted' && outbox.settledAt ? outbox.settledAt.toISOString() : null,
  };
}

/** The fiscal receipt of a company's invoice, or null when it was never fiscalized. */
export async function receiptForInvoice(
  db: DbOrTx,
  companyId: string,
  invoiceId: string,
): Promise<FiscalReceipt | null> {
  const [row] = await db
    .select({
      receipt: fiscalReceipts,
      status: traOutbox.status,
      ackMessage: traOutbox.ackMessage,
      settledAt: traOutbox.settledAt,
    })
    .from(fiscalReceipts)
    .innerJoin(traOutbox, eq(traOutbox.id, fiscalReceipts.outboxId))
    .where(and(eq(fiscalReceipts.companyId, companyId), eq(fiscalReceipts.invoiceId, invoiceId)));
  return row ? toFiscalReceipt(row.receipt, row) : null;
}

function mismatch(detail: string): never {
  throw appError(422, 'invoice_totals_mismatch', { values: { detail } });
}

/**
 * Checks that the invoice is complete and that its amounts add up the way TRA checks them,
 * and derives the receipt's items, tax groups and payments. Throws before anything is numbered.
 */
export function receiptContent(input: FiscalInvoice) {
  const missing = () => {
    throw appError(422, 'invoice_missing_data');
  };
  if (input.lines.length === 0) missing();
  const { customer } = input;
  const idNumber = (customer.idNumber ?? '').trim();
  if (customer.idType === 'TAX_IDENTIFICATION_NUMBER' && !/^\d{9}$/.test(idNumber)) missing();
  if (customer.idType !== 'NO_IDENTIFICATION' && !idNumber) missing();

  const groups = new Map<TaxGroup, { net: number; tax: number; gross: number }>();
  const items: ReceiptXmlInput['items'] = input.lines.map((line, index) => {
    const description = line.description.trim();
    if (!description) missing();
    if (line.netAmount + line.taxAmount !== line.amount) {
      mismatch(`line ${index + 1}: net + tax ≠ amount`);
    }
    if (line.amount < 0 || line.netAmount < 0 || line.taxAmount < 0 || line.discount < 0) {
      mismatch(`line ${index + 1}: negative amount`);
    }
    const group = TRA_TAX_GROUP[line.taxType];
    const totals = groups.get(group) ?? { net: 0, tax: 0, gross: 0 };
    totals.net += line.netAmount;
    totals.tax += line.taxAmount;
    totals.gross += line.amount;
    groups.set(group, totals);
    return {
      id: line.itemId?.trim() || String(index + 1),
      desc: description,
      qty: formatQuantity(line.quantity),
      taxCode: TRA_TAX_CODE[line.taxType],
      amtCents: line.amount,
    };
  });

  const { totals } = input;
  if (sum(input.lines.map((l) => l.amount)) !== totals.totalIncludingTax) {
    mismatch('the line amounts do not add up to the total');
  }
  if (sum(input.lines.map((l) => l.netAmount)) !== totals.totalExcludingTax) {
    mismatch('the net amounts do not add up to the total excluding tax');
  }
  if (sum(input.lines.map((l) => l.taxAmount)) !== totals.taxAmount) {
    mismatch('the tax amounts do not add up to the total tax');
  }
  if (sum(input.lines.map((l) => l.discount)) !== totals.totalDiscount) {
    mismatch('the line discounts do not add up to the total discount');
  }
  const vatTotals: ReceiptXmlInput['vatTotals'] = [];
  const vatJson: VatTotalsJson = {};
  for (const taxType of Object.keys(TRA_TAX_GROUP) as TaxType[]) {
    const group = TRA_TAX_GROUP[taxType];
    const g = groups.get(group);
    if (!g) continue;
    // Tax is computed per group (domain/totals), so it must match the rate within a cent.
    const expected = (BigInt(g.net) * BigInt(TAX_RATE_BP[taxType])) / 10_000n;
    if (BigInt(g.tax) - expected > 1n || expected - BigInt(g.tax) > 1n) {
      mismatch(`tax group ${group}: tax does not match its rate`);
    }
    vatTotals.push({ group, netCents: cents(g.net), taxCents: cents(g.tax) });
    vatJson[group] = { net: g.net, tax: g.tax };
  }

  let payments: Array<{ type: ReceiptXmlInput['payments'][number]['type']; amount: Cents }>;
  try {
    payments = traPayments(input.payments, totals.totalIncludingTax);
  } catch {
    throw appError(422, 'invoice_totals_mismatch', {
      values: { detail: 'Total payments greater than total invoice' },
    });
  }
  const paymentsJson: PaymentsJson = {};
  for (const p of payments) paymentsJson[p.type] = (paymentsJson[p.type] ?? 0) + p.amount;

  return {
    customer: {
      custIdType: TRA_CUSTOMER_ID_TYPE[customer.idType],
      custId: customer.idType === 'NO_IDENTIFICATION' ? '' : idNumber,
      custName: customer.name.trim(),
      mobileNum: traMobile(customer.mobile),
    },
    items,
    vatTotals,
    vatJson,
    payments: payments.map((p) => ({ type: p.type, cents: p.amount })),
    paymentsJson,
  };
}

/**
 * Fiscalizes an invoice in the caller's transaction `tx`. Idempotent by invoice id: a second
 * call returns the receipt of the first. Must not be called with a transaction that already
 * waits on the network (PGlite runs one transaction at a time). A group of one: the numbering
 * rules live once, in fiscalizeInvoices.
 */
export async function fiscalizeInvoice(
  deps: Deps,
  tx: Tx,
  input: FiscalInvoice,
): Promise<FiscalReceipt> {
  const [receipt] = await fiscalizeInvoices(deps, tx, [input]);
  return receipt!;
}

/**
 * Group commit: fiscalizes several invoices of one company in the caller's transaction `tx`,
 * under one lock of the VFD's counters, with one statement that stores every queued document,
 * every receipt and the counters' advance. The numbers are contiguous in `inputs`' order, as if
 * each had been fiscalized alone one after the other; an invoice already fiscalized (or named
 * twice) answers its first receipt. Every invoice is checked before anything is numbered: one
 * that cannot be a legal receipt refuses the whole group, so callers check them first
 * (receiptContent) and leave the refused ones out.
 */
export async function fiscalizeInvoices(
  deps: Deps,
  tx: Tx,
  inputs: readonly FiscalInvoice[],
): Promise<FiscalReceipt[]> {
  if (inputs.length === 0) return [];
  const companyId = inputs[0]!.companyId;
  if (inputs.some((input) => input.companyId !== companyId)) {
    throw new Error('One group commit numbers the receipts of one company');
  }
  const contents = inputs.map((input) => receiptContent(input));

  // The lock that makes numbering safe across transactions and server processes: the VFD's
  // counter row, read together with what the receipts need of the company and its VFD.
  const [found] = await tx
    .select({
      counter: vfdCounters,
      active: companies.active,
      blocked: companies.blockedByTra,
      tin: companies.tin,
      status: vfds.status,
      certificateId: vfds.certificateId,
      regId: vfds.regId,
      serial: vfds.serial,
      receiptCode: vfds.receiptCode,
    })
    .from(vfdCounters)
    .innerJoin(companies, eq(companies.id, vfdCounters.companyId))
    .innerJoin(vfds, eq(vfds.companyId, vfdCounters.companyId))
    .where(eq(vfdCounters.companyId, companyId))
    .for('update', { of: vfdCounters });

  // Checked under the lock: a concurrent submission of the same invoice has committed by now.
  const invoiceIds = [...new Set(inputs.map((input) => input.invoiceId))];
  const already = new Set(
    (
      await tx
        .select({ invoiceId: fiscalReceipts.invoiceId })
        .from(fiscalReceipts)
        .where(
          and(
            eq(fiscalReceipts.companyId, companyId),
            inArray(fiscalReceipts.invoiceId, invoiceIds),
          ),
        )
    ).map((row) => row.invoiceId),
  );
  const fresh = inputs.flatMap((input, index) => {
    if (already.has(input.invoiceId)) return [];
    already.add(input.invoiceId);
    return [{ input, content: contents[index]! }];
  });
  const made = new Map<string, FiscalReceipt>();
  if (fresh.length > 0) {
    if (!found) {
      const [company] = await tx
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.id, companyId));
      throw company ? appError(409, 'vfd_not_registered') : appError(404, 'not_found');
    }
    const { counter } = found;
    if (!found.active) throw appError(403, 'company_inactive');
    if (found.blocked) throw appError(403, 'company_blocked');
    if (found.status !== 'registered') throw appError(409, 'vfd_not_registered');

    // TRA rule 5, as for one receipt: the group shares one moment, never before the last one.
    let issuedAt = deps.clock.now();
    if (counter.lastIssuedAt && counter.lastIssuedAt > issuedAt) issuedAt = counter.lastIssuedAt;
    if (counter.zReportedThrough && eatStamp(issuedAt).date <= counter.zReportedThrough) {
      issuedAt = eatDayStart(nextEatDay(counter.zReportedThrough));
    }
    const { date, time, znum } = eatStamp(issuedAt);
    const key = await signingKey(deps, tx, companyId, found.certificateId);
    const now = deps.clock.now();
    const base = verifyBase(deps);
    const signedParts: string[] = [];
    const rows: Array<typeof fiscalReceipts.$inferSelect> = [];
    let dc = counter.lastDate === date ? counter.lastDc : 0;
    fresh.forEach(({ input, content }, index) => {
      const gc = counter.nextGc + index;
      dc += 1;
      const rctvnum = `${found.receiptCode}${gc}`;
      const signedPart = receiptXml({
        date,
        time,
        tin: found.tin,
        regId: found.regId,
        efdSerial: found.serial,
        ...content.customer,
        gc,
        dc,
        znum,
        rctvnum,
        items: content.items,
        totalExclCents: input.totals.totalExcludingTax,
        totalInclCents: input.totals.totalIncludingTax,
        discountCents: input.totals.totalDiscount,
        payments: content.payments,
        vatTotals: content.vatTotals,
      });
      signedParts.push(signedPart);
      rows.push({
        id: crypto.randomUUID(),
        companyId,
        invoiceId: input.invoiceId,
        outboxId: crypto.randomUUID(),
        gc,
        dc,
        znum,
        rctvnum,
        date,
        time,
        issuedAt,
        verificationUrl: verificationUrl(base, rctvnum, time),
        customerName: content.customer.custName,
        customerIdType: content.customer.custIdType,
        customerId: content.customer.custId,
        customerMobile: content.customer.mobileNum,
        totalExclCents: input.totals.totalExcludingTax,
        totalTaxCents: input.totals.taxAmount,
        totalInclCents: input.totals.totalIncludingTax,
        discountCents: input.totals.totalDiscount,
        vatTotals: content.vatJson,
        payments: content.paymentsJson,
        createdAt: now,
      });
    });
    // Signing is most of a receipt's cost: the group's receipts are signed in parallel.
    const bodies = await Promise.all(signedParts.map((part) => signedDocumentAsync(part, key)));
    const queued: Array<typeof traOutbox.$inferInsert> = rows.map((row, index) => ({
      id: row.outboxId,
      companyId,
      seq: counter.nextSeq + index,
      kind: 'receipt',
      body: bodies[index]!,
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    }));
    const advance = tx
      .update(vfdCounters)
      .set({
        nextGc: counter.nextGc + fresh.length,
        lastDate: date,
        lastDc: dc,
        lastIssuedAt: issuedAt,
        nextSeq: counter.nextSeq + fresh.length,
      })
      .where(and(eq(vfdCounters.companyId, companyId), eq(vfdCounters.nextGc, counter.nextGc)))
      .returning({ nextGc: vfdCounters.nextGc });
    const advanced = await tx.execute(
      sql`with queued as (${tx.insert(traOutbox).values(queued).getSQL()}), stored as (${tx.insert(fiscalReceipts).values(rows).getSQL()}) ${advance.getSQL()}`,
    );
    const advancedRows = (advanced as unknown as { rows: unknown[] }).rows;
    if (advancedRows.length !== 1) {
      throw new Error(`VFD counter moved under its lock (GC ${counter.nextGc})`);
    }
    for (const row of rows) {
      made.set(
        row.invoiceId,
        toFiscalReceipt(row, { status: 'pending', ackMessage: null, settledAt: null }),
      );
    }
  }
  const receipts: FiscalReceipt[] = [];
  for (const input of inputs) {
    const receipt =
      made.get(input.invoiceId) ?? (await receiptForInvoice(tx, companyId, input.invoiceId))!;
    receipts.push(receipt);
  }
  return receipts;
}
