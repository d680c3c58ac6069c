// Receipt reissuing (spec §2 organization layout): an admin finds a receipt of the companies
// they reach by its number, its day or its customer, and gives the customer a copy — a PDF
// marked as a copy, an email with that PDF, or the receipt's public link — and sees the
// receipts TRA has not accepted yet with TRA's last answer. A receipt out of reach answers like
// one that does not exist.
import { and, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AuthUser, Deps } from '../context';
import { companies, fiscalReceipts, invoices, traOutbox } from '../db/schema';
import { appError } from '../http/app-error';
import { reachableCompanyIds } from '../vfd/views';
import { containsPattern } from '../db/contains';

export interface ReceiptCopyQuery {
  q?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  status?: 'pending' | 'accepted' | 'rejected' | undefined;
  limit: number;
  offset: number;
}

export interface ReceiptCopyItem {
  invoiceId: string;
  companyId: string;
  companyName: string;
  receiptNumber: number;
  verificationCode: string;
  date: string;
  time: string;
  customerName: string;
  /** Cents. */
  totalIncludingTax: number;
  publicId: string;
  traStatus: 'pending' | 'accepted' | 'rejected';
  /** TRA's last word: its message, or why the last attempt got no answer. */
  traMessage: string | null;
  attempts: number;
}

async function reach(deps: Deps, user: AuthUser): Promise<SQL | undefined> {
  const ids = await reachableCompanyIds(deps, user);
  if (ids === 'all') return undefined;
  return ids.length ? inArray(fiscalReceipts.companyId, ids) : sql`false`;
}

export async function findReceipts(
  deps: Deps,
  user: AuthUser,
  query: ReceiptCopyQuery,
): Promise<{ items: ReceiptCopyItem[]; more: boolean }> {
  const filters: (SQL | undefined)[] = [await reach(deps, user)];
  const q = query.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    const number = /^\d{1,9}$/.test(q) ? Number(q) : null;
    filters.push(
      or(
        number !== null ? eq(fiscalReceipts.gc, number) : undefined,
        eq(fiscalReceipts.rctvnum, q.toUpperCase()),
        ilike(fiscalReceipts.customerName, pattern),
        ilike(fiscalReceipts.customerMobile, pattern),
      ),
    );
  }
  if (query.from) filters.push(gte(fiscalReceipts.date, query.from));
  if (query.to) filters.push(lte(fiscalReceipts.date, query.to));
  if (query.status) filters.push(eq(traOutbox.status, query.status));
  const rows = await deps.db
    .select({
      invoiceId: fiscalReceipts.invoiceId,
      companyId: fiscalReceipts.companyId,
      companyName: companies.name,
      receiptNumber: fiscalReceipts.gc,
      verificationCode: fiscalReceipts.rctvnum,
      date: fiscalReceipts.date,
      time: fiscalReceipts.time,
      customerName: fiscalReceipts.customerName,
      totalIncludingTax: invoices.totalIncludingTax,
      publicId: invoices.publicId,
      traStatus: traOutbox.status,
      ackMessage: traOutbox.ackMessage,
      lastError: traOutbox.lastError,
      attempts: traOutbox.attempts,
    })
    .from(fiscalReceipts)
    .innerJoin(traOutbox, eq(traOutbox.id, fiscalReceipts.outboxId))
    .innerJoin(companies, eq(companies.id, fiscalReceipts.companyId))
    .innerJoin(
      invoices,
      and(
        eq(invoices.companyId, fiscalReceipts.companyId),
        eq(invoices.id, fiscalReceipts.invoiceId),
      ),
    )
    .where(and(...filters))
    .orderBy(desc(fiscalReceipts.issuedAt), desc(fiscalReceipts.id))
    // One row more than asked says whether more follow, without counting a long history.
    .limit(query.limit + 1)
    .offset(query.offset);
  return {
    items: rows.slice(0, query.limit).map(({ ackMessage, lastError, ...row }) => ({
      ...row,
      traMessage: ackMessage ?? lastError,
    })),
    more: rows.length > query.limit,
  };
}

/**
 * The company of a receipted invoice the user reaches; 404 otherwise, alike. Invoice ids are
 * unique within a company only, so the list's `companyId` names which one; without it an id
 * that two reachable companies use names neither.
 */
export async function receiptCompany(
  deps: Deps,
  user: AuthUser,
  invoiceId: string,
  companyId?: string,
) {
  const rows = await deps.db
    .select({ companyId: fiscalReceipts.companyId })
    .from(fiscalReceipts)
    .where(
      and(
        eq(fiscalReceipts.invoiceId, invoiceId),
        companyId ? eq(fiscalReceipts.companyId, companyId) : undefined,
        await reach(deps, user),
      ),
    )
    .limit(2);
  if (rows.length !== 1) throw appError(404, 'not_found');
  return rows[0]!.companyId;
}
