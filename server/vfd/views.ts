// What the API shows of a VFD: its certificate and registration (never the PFX, passwords or
// token), its counters, its queue to TRA, its receipts and Z reports.
import { and, asc, count, desc, eq, inArray, lte, min, type SQL } from 'drizzle-orm';
import type { AuthUser, Deps } from '../context';
import {
  companies,
  fiscalReceipts,
  traAttempts,
  traOutbox,
  vfdCounters,
  vfds,
  zReports,
} from '../db/schema';
import { appError } from '../http/app-error';
import { toFiscalReceipt, type FiscalReceipt } from './fiscalize';

/** Registration fields shown to admins; USERNAME is TRA's login and stays inside. */
const SHOWN_FIELDS = [
  'REGID',
  'SERIAL',
  'UIN',
  'TIN',
  'VRN',
  'MOBILE',
  'ADDRESS',
  'STREET',
  'CITY',
  'COUNTRY',
  'NAME',
  'RECEIPTCODE',
  'REGION',
  'TAXOFFICE',
  'ROUTINGKEY',
  'GC',
  'CODEA',
  'CODEB',
  'CODEC',
  'CODED',
];

export async function vfdSummary(deps: Deps, companyId: string, overdueAfterMs: number) {
  const [vfd] = await deps.db.select().from(vfds).where(eq(vfds.companyId, companyId));
  const [company] = await deps.db
    .select({ blockedByTra: companies.blockedByTra })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw appError(404, 'not_found');
  if (!vfd) {
    return { status: 'unregistered' as const, blockedByTra: company.blockedByTra };
  }
  const [counter] = await deps.db
    .select()
    .from(vfdCounters)
    .where(eq(vfdCounters.companyId, companyId));
  const byStatus = await deps.db
    .select({ status: traOutbox.status, n: count(), oldest: min(traOutbox.createdAt) })
    .from(traOutbox)
    .where(eq(traOutbox.companyId, companyId))
    .groupBy(traOutbox.status);
  const [overdue] = await deps.db
    .select({ n: count() })
    .from(traOutbox)
    .where(
      and(
        eq(traOutbox.companyId, companyId),
        eq(traOutbox.status, 'pending'),
        lte(traOutbox.createdAt, new Date(deps.clock.now().getTime() - overdueAfterMs)),
      ),
    );
  const stat = (status: string) => byStatus.find((s) => s.status === status);
  const [lastReceipt] = await deps.db
    .select({
      rctvnum: fiscalReceipts.rctvnum,
      gc: fiscalReceipts.gc,
      issuedAt: fiscalReceipts.issuedAt,
      status: traOutbox.status,
    })
    .from(fiscalReceipts)
    .innerJoin(traOutbox, eq(traOutbox.id, fiscalReceipts.outboxId))
    .where(eq(fiscalReceipts.companyId, companyId))
    .orderBy(desc(fiscalReceipts.gc))
    .limit(1);
  const [lastZReport] = await deps.db
    .select({ date: zReports.date, status: traOutbox.status })
    .from(zReports)
    .innerJoin(traOutbox, eq(traOutbox.id, zReports.outboxId))
    .where(eq(zReports.companyId, companyId))
    .orderBy(desc(zReports.date))
    .limit(1);
  return {
    status: vfd.status,
    blockedByTra: company.blockedByTra,
    certificate: {
      subject: vfd.certSubject,
      issuer: vfd.certIssuer,
      serial: vfd.certSerialHex,
      certSerialOverride: vfd.certSerialOverride,
      notBefore: vfd.certNotBefore.toISOString(),
      notAfter: vfd.certNotAfter.toISOString(),
      fingerprint: vfd.certFingerprint,
      uploadedAt: vfd.certUploadedAt.toISOString(),
    },
    registration: {
      registeredAt: vfd.registeredAt.toISOString(),
      ...Object.fromEntries(
        SHOWN_FIELDS.filter((name) => vfd.registration[name] !== undefined).map((name) => [
          name,
          vfd.registration[name],
        ]),
      ),
    },
    counters: counter
      ? { nextGc: counter.nextGc, lastDate: counter.lastDate, lastDc: counter.lastDc }
      : null,
    queue: {
      pending: stat('pending')?.n ?? 0,
      oldestPendingAt: stat('pending')?.oldest?.toISOString() ?? null,
      overdue: overdue?.n ?? 0,
      accepted: stat('accepted')?.n ?? 0,
      rejected: stat('rejected')?.n ?? 0,
    },
    lastReceipt: lastReceipt
      ? {
          number: lastReceipt.gc,
          verificationCode: lastReceipt.rctvnum,
          issuedAt: lastReceipt.issuedAt.toISOString(),
          traStatus: lastReceipt.status,
        }
      : null,
    lastZReport: lastZReport ?? null,
  };
}

export interface ReceiptListQuery {
  status?: 'pending' | 'accepted' | 'rejected' | undefined;
  overdue?: boolean | undefined;
  limit: number;
  offset: number;
}

export interface ReceiptListItem extends FiscalReceipt {
  companyName?: string;
  totalIncludingTax: number;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string | null;
}

const receiptColumns = {
  receipt: fiscalReceipts,
  status: traOutbox.status,
  ackMessage: traOutbox.ackMessage,
  settledAt: traOutbox.settledAt,
  attempts: traOutbox.attempts,
  lastError: traOutbox.lastError,
  nextAttemptAt: traOutbox.nextAttemptAt,
  companyName: companies.name,
};

type ReceiptJoin = {
  receipt: typeof fiscalReceipts.$inferSelect;
  status: 'pending' | 'accepted' | 'rejected';
  ackMessage: string | null;
  settledAt: Date | null;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Date;
  companyName: string;
};

function listItem(row: ReceiptJoin): ReceiptListItem {
  return {
    ...toFiscalReceipt(row.receipt, row),
    companyName: row.companyName,
    totalIncludingTax: row.receipt.totalInclCents,
    attempts: row.attempts,
    lastError: row.status === 'accepted' ? null : row.lastError,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
  };
}

/** Receipts of some companies, newest first, filtered by their state at TRA. */
export async function listReceipts(
  deps: Deps,
  companyIds: string[] | 'all',
  query: ReceiptListQuery,
  overdueAfterMs: number,
): Promise<{ items: ReceiptListItem[]; total: number }> {
  const filters: (SQL | undefined)[] = [];
  if (companyIds !== 'all') {
    if (companyIds.length === 0) return { items: [], total: 0 };
    filters.push(inArray(fiscalReceipts.companyId, companyIds));
  }
  if (query.status) filters.push(eq(traOutbox.status, query.status));
  if (query.overdue) {
    filters.push(eq(traOutbox.status, 'pending'));
    filters.push(lte(traOutbox.createdAt, new Date(deps.clock.now().getTime() - overdueAfterMs)));
  }
  const where = and(...filters);
  const [total] = await deps.db
    .select({ n: count() })
    .from(fiscalReceipts)
    .innerJoin(traOutbox, eq(traOutbox.id, fiscalReceipts.outboxId))
    .where(where);
  const rows = await deps.db
    .select(receiptColumns)
    .from(fiscalReceipts)
    .innerJoin(traOutbox, eq(traOutbox.id, fiscalReceipts.outboxId))
    .innerJoin(companies, eq(companies.id, fiscalReceipts.companyId))
    .where(where)
    .orderBy(desc(fiscalReceipts.issuedAt), desc(fiscalReceipts.gc))
    .limit(query.limit)
    .offset(query.offset);
  return { items: rows.map(listItem), total: total?.n ?? 0 };
}

/** The companies whose receipts a user may list across companies. */
export async function reachableCompanyIds(deps: Deps, user: AuthUser): Promise<string[] | 'all'> {
  if (user.role === 'platform_admin') return 'all';
  if (user.role === 'org_admin') {
    if (!user.organizationId) return [];
    const rows = await deps.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.organizationId, user.organizationId));
    return rows.map((r) => r.id);
  }
  return user.companyId ? [user.companyId] : [];
}

export async function receiptDetail(deps: Deps, receiptId: string) {
  const [row] = await deps.db
    .select(receiptColumns)
    .from(fiscalReceipts)
    .innerJoin(traOutbox, eq(traOutbox.id, fiscalReceipts.outboxId))
    .innerJoin(companies, eq(companies.id, fiscalReceipts.companyId))
    .where(eq(fiscalReceipts.id, receiptId));
  if (!row) throw appError(404, 'not_found');
  const r = row.receipt;
  return {
    ...listItem(row),
    customer: {
      name: r.customerName,
      idType: r.customerIdType,
      id: r.customerId,
      mobile: r.customerMobile,
    },
    totals: {
      totalExcludingTax: r.totalExclCents,
      taxAmount: r.totalTaxCents,
      totalIncludingTax: r.totalInclCents,
      totalDiscount: r.discountCents,
    },
    vatTotals: r.vatTotals,
    payments: r.payments,
  };
}

export async function receiptAttempts(deps: Deps, receiptId: string) {
  const [receipt] = await deps.db
    .select({ outboxId: fiscalReceipts.outboxId })
    .from(fiscalReceipts)
    .where(eq(fiscalReceipts.id, receiptId));
  if (!receipt) throw appError(404, 'not_found');
  const rows = await deps.db
    .select()
    .from(traAttempts)
    .where(eq(traAttempts.outboxId, receipt.outboxId))
    .orderBy(asc(traAttempts.startedAt), asc(traAttempts.id));
  return rows.map((a) => ({
    at: a.startedAt.toISOString(),
    durationMs: a.durationMs,
    outcome: a.outcome,
    httpStatus: a.httpStatus,
    ackCode: a.ackCode,
    message: a.message,
    response: a.response,
  }));
}

export async function receiptCompanyId(deps: Deps, receiptId: string): Promise<string> {
  const [row] = await deps.db
    .select({ companyId: fiscalReceipts.companyId })
    .from(fiscalReceipts)
    .where(eq(fiscalReceipts.id, receiptId));
  if (!row) throw appError(404, 'not_found');
  return row.companyId;
}

/** The company's Z reports, newest first, a page at a time (about one a day, for years). */
export async function listZReports(
  deps: Deps,
  companyId: string,
  page: { limit: number; offset: number },
) {
  const rows = await deps.db
    .select({
      report: zReports,
      status: traOutbox.status,
      ackMessage: traOutbox.ackMessage,
      settledAt: traOutbox.settledAt,
      lastError: traOutbox.lastError,
    })
    .from(zReports)
    .innerJoin(traOutbox, eq(traOutbox.id, zReports.outboxId))
    .where(eq(zReports.companyId, companyId))
    .orderBy(desc(zReports.date))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(zReportView);
}

export function zReportView(row: {
  report: typeof zReports.$inferSelect;
  status: 'pending' | 'accepted' | 'rejected';
  ackMessage: string | null;
  settledAt: Date | null;
  lastError: string | null;
}) {
  const z = row.report;
  return {
    id: z.id,
    date: z.date,
    znumber: z.date.replace(/-/g, ''),
    tickets: z.tickets,
    dailyTotal: z.dailyTotalCents,
    gross: z.grossCents,
    discounts: z.discountsCents,
    vatTotals: z.vatTotals,
    payments: z.payments,
    status: row.status,
    traMessage: row.status === 'accepted' ? null : (row.ackMessage ?? row.lastError),
    acknowledgedAt: row.status === 'accepted' ? (row.settledAt?.toISOString() ?? null) : null,
    createdAt: z.createdAt.toISOString(),
  };
}

export async function zReportById(deps: Deps, companyId: string, id: string) {
  const [row] = await deps.db
    .select({
      report: zReports,
      status: traOutbox.status,
      ackMessage: traOutbox.ackMessage,
      settledAt: traOutbox.settledAt,
      lastError: traOutbox.lastError,
    })
    .from(zReports)
    .innerJoin(traOutbox, eq(traOutbox.id, zReports.outboxId))
    .where(and(eq(zReports.companyId, companyId), eq(zReports.id, id)));
  if (!row) throw appError(404, 'not_found');
  return zReportView(row);
}
