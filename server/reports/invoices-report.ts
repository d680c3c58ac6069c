// Invoices across the companies a user reaches (an owner's company, an organization admin's
// companies), newest first, with their status and their receipt's state at TRA, one page at a
// time, and the period's count per state.
import { and, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import { errorMessages } from '../../domain/errors';
import { INVOICE_STATUSES, type InvoiceStatus } from '../../domain/invoice-status';
import { m } from '../../domain/messages';
import type { DbOrTx } from '../db/client';
import { companies, fiscalReceipts, invoices, traOutbox } from '../db/schema';
import { AppError } from '../http/app-error';
import { encodeInvoiceCursor, readInvoiceCursor, type InvoiceCursor } from '../http/invoice-cursor';
import { containsPattern } from '../db/contains';

export const TRA_STATES = ['pending', 'accepted', 'rejected'] as const;

export const invoicesReportQuery = v.object({
  status: v.optional(v.picklist(INVOICE_STATUSES, m.fieldInvalid.id)),
  tra: v.optional(v.picklist(TRA_STATES, m.fieldInvalid.id)),
  q: v.optional(v.pipe(v.string(), v.maxLength(100, m.fieldInvalid.id))),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, m.fieldInvalid.id),
      v.transform(Number),
      v.minValue(1, m.fieldInvalid.id),
      v.maxValue(200, m.fieldInvalid.id),
    ),
    '50',
  ),
  cursor: v.optional(v.pipe(v.string(), v.maxLength(300, m.fieldInvalid.id))),
});
export type InvoicesReportQuery = v.InferOutput<typeof invoicesReportQuery>;

function decodeCursor(text: string): InvoiceCursor {
  const cursor = readInvoiceCursor(text);
  if (cursor) return cursor;
  throw new AppError(422, 'validation_failed', errorMessages.validation_failed, {
    fields: { cursor: errorMessages.cursor_invalid.id },
  });
}

export interface InvoicesReportItem {
  id: string;
  companyId: string;
  companyName: string;
  date: string;
  status: InvoiceStatus;
  receiptNumber: number | null;
  verificationCode: string | null;
  customerName: string;
  operatorName: string | null;
  totalIncludingTax: number;
  traStatus: 'pending' | 'accepted' | 'rejected' | null;
  traMessage: string | null;
}

export async function invoicesReport(
  db: DbOrTx,
  companyIds: string[] | 'all',
  period: { firstDay: string; lastDay: string },
  query: InvoicesReportQuery,
) {
  if (companyIds !== 'all' && companyIds.length === 0) {
    return { items: [], cursor: null, counts: [] };
  }
  const filters: (SQL | undefined)[] = [
    companyIds === 'all' ? undefined : inArray(invoices.companyId, companyIds),
    gte(invoices.date, period.firstDay),
    lte(invoices.date, period.lastDay),
  ];
  const text = query.q?.trim();
  if (text) {
    const pattern = containsPattern(text);
    filters.push(
      or(
        ilike(sql`${invoices.customer}->>'name'`, pattern),
        ilike(invoices.verificationCode, pattern),
        ilike(companies.name, pattern),
        /^\d{1,9}$/.test(text) ? eq(invoices.receiptNumber, Number(text)) : undefined,
      ),
    );
  }
  const base = and(...filters);
  const counts = await db
    .select({ status: invoices.status, traStatus: traOutbox.status, n: count() })
    .from(invoices)
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .leftJoin(
      fiscalReceipts,
      and(
        eq(fiscalReceipts.companyId, invoices.companyId),
        eq(fiscalReceipts.invoiceId, invoices.id),
      ),
    )
    .leftJoin(traOutbox, eq(traOutbox.id, fiscalReceipts.outboxId))
    .where(base)
    .groupBy(invoices.status, traOutbox.status);

  const pageFilters: (SQL | undefined)[] = [base];
  if (query.status) pageFilters.push(eq(invoices.status, query.status));
  if (query.tra) pageFilters.push(eq(traOutbox.status, query.tra));
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor);
    pageFilters.push(
      sql`(${invoices.date}, ${invoices.createdAt}, ${invoices.id}) < (${cursor.date}, ${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`,
    );
  }
  const rows = await db
    .select({
      id: invoices.id,
      companyId: invoices.companyId,
      companyName: companies.name,
      date: invoices.date,
      createdAt: invoices.createdAt,
      status: invoices.status,
      receiptNumber: invoices.receiptNumber,
      verificationCode: invoices.verificationCode,
      customer: invoices.customer,
      operatorName: invoices.operatorName,
      total: invoices.totalIncludingTax,
      traStatus: traOutbox.status,
      ackMessage: traOutbox.ackMessage,
      lastError: traOutbox.lastError,
    })
    .from(invoices)
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .leftJoin(
      fiscalReceipts,
      and(
        eq(fiscalReceipts.companyId, invoices.companyId),
        eq(fiscalReceipts.invoiceId, invoices.id),
      ),
    )
    .leftJoin(traOutbox, eq(traOutbox.id, fiscalReceipts.outboxId))
    .where(and(...pageFilters))
    .orderBy(desc(invoices.date), desc(invoices.createdAt), desc(invoices.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const items: InvoicesReportItem[] = page.map((row) => ({
    id: row.id,
    companyId: row.companyId,
    companyName: row.companyName,
    date: row.date,
    status: row.status,
    receiptNumber: row.receiptNumber,
    verificationCode: row.verificationCode,
    customerName: row.customer.name ?? '',
    operatorName: row.operatorName,
    totalIncludingTax: row.total,
    traStatus: row.traStatus,
    traMessage: row.traStatus && row.traStatus !== 'accepted' ? (row.ackMessage ?? null) : null,
  }));
  return {
    items,
    cursor: rows.length > query.limit && last ? encodeInvoiceCursor(last) : null,
    counts: counts.map((c) => ({ status: c.status, traStatus: c.traStatus, count: c.n })),
  };
}
