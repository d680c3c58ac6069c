// The figures an owner or an organization admin opens the dashboard for: the period's sales and
// VAT against the period before, the trend, the best products and customers, the receipts TRA
// has not accepted, and the VFD's state with its last Z report. One company at a time, or a
// line per company for an organization admin.
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { eatDate } from '../../domain/dates';
import {
  previousPeriod,
  zeroTotals,
  type SalesFilter,
  type SalesTotals,
} from '../../domain/sales-report';
import { cents } from '../../domain/money';
import type { Deps } from '../context';
import type { DbOrTx } from '../db/client';
import { companies, fiscalReceipts, invoices, traOutbox, zReports } from '../db/schema';
import { vfdSummary, zReportView } from '../vfd/views';
import { projectSales } from './project';
import { salesReport } from './sales';

const DASHBOARD_TOP = 5;
const REJECTED_SHOWN = 5;

interface Period {
  firstDay: string;
  lastDay: string;
}

/** Totals of several companies' receipts over a period, in one query. */
export async function totalsByCompany(
  db: DbOrTx,
  companyIds: string[],
  period: Period,
): Promise<Map<string, SalesTotals>> {
  const result = new Map<string, SalesTotals>();
  if (companyIds.length === 0) return result;
  const rows = (
    (await db.execute(
      sql`select s.company_id, count(*) as n, sum(s.total_excl) as total_excl, sum(s.tax) as tax,
        sum(s.total_incl) as total_incl, sum(s.discount) as discount
      from sales s
      where s.company_id in (${sql.join(
        companyIds.map((id) => sql`${id}`),
        sql`, `,
      )}) and s.date >= ${period.firstDay} and s.date <= ${period.lastDay}
      group by s.company_id`,
    )) as unknown as { rows: Array<Record<string, string | number | null>> }
  ).rows;
  for (const row of rows) {
    result.set(String(row.company_id), {
      receipts: Number(row.n),
      totalExcl: cents(Number(row.total_excl ?? 0)),
      tax: cents(Number(row.tax ?? 0)),
      totalIncl: cents(Number(row.total_incl ?? 0)),
      discount: cents(Number(row.discount ?? 0)),
    });
  }
  return result;
}

async function lastZReport(db: DbOrTx, companyId: string) {
  const [row] = await db
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
    .limit(1);
  return row ? zReportView(row) : null;
}

/** Receipts TRA refused, newest first: what the owner must act on. */
async function rejectedReceipts(db: DbOrTx, companyId: string) {
  const rows = await db
    .select({
      invoiceId: fiscalReceipts.invoiceId,
      receiptNumber: fiscalReceipts.gc,
      date: fiscalReceipts.date,
      total: fiscalReceipts.totalInclCents,
      message: traOutbox.ackMessage,
      customerName: invoices.customer,
    })
    .from(fiscalReceipts)
    .innerJoin(traOutbox, eq(traOutbox.id, fiscalReceipts.outboxId))
    .innerJoin(
      invoices,
      and(
        eq(invoices.companyId, fiscalReceipts.companyId),
        eq(invoices.id, fiscalReceipts.invoiceId),
      ),
    )
    .where(and(eq(fiscalReceipts.companyId, companyId), eq(traOutbox.status, 'rejected')))
    .orderBy(desc(fiscalReceipts.gc))
    .limit(REJECTED_SHOWN);
  return rows.map((row) => ({
    invoiceId: row.invoiceId,
    receiptNumber: row.receiptNumber,
    date: row.date,
    totalIncl: row.total,
    customerName: row.customerName.name ?? '',
    message: row.message,
  }));
}

export async function companyDashboard(deps: Deps, companyId: string, period: Period) {
  const today = eatDate(deps.clock.now());
  const previous = previousPeriod(period, today);
  await projectSales(deps.db, companyId);
  const filter: SalesFilter = {};
  const report = await salesReport(deps.db, { companyId, ...period, filter });
  const before = await totalsByCompany(deps.db, [companyId], previous);
  const [company] = await deps.db
    .select({ id: companies.id, name: companies.name, tin: companies.tin })
    .from(companies)
    .where(eq(companies.id, companyId));
  const vfd = await vfdSummary(deps, companyId, deps.config.traOverdueMs);
  return {
    company: company!,
    generatedAt: deps.clock.now().toISOString(),
    period: { firstDay: period.firstDay, lastDay: period.lastDay },
    previousPeriod: previous,
    current: report.totals,
    previous: before.get(companyId) ?? zeroTotals(),
    days: report.days.map((day) => ({
      date: day.date,
      receipts: day.receipts,
      totalIncl: day.totalIncl,
      tax: day.tax,
    })),
    products: report.products.slice(0, DASHBOARD_TOP),
    customers: report.customers.slice(0, DASHBOARD_TOP),
    vfd: {
      status: vfd.status,
      blockedByTra: vfd.blockedByTra,
      queue: 'queue' in vfd ? vfd.queue : null,
    },
    rejected: await rejectedReceipts(deps.db, companyId),
    lastZReport: await lastZReport(deps.db, companyId),
  };
}

export interface CompaniesQuery {
  limit: number;
  offset: number;
}

/** A line per company the admin reaches, by name: sales now and before, TRA and the VFD. */
export async function companiesDashboard(
  deps: Deps,
  reach: string[] | 'all',
  period: Period,
  page: CompaniesQuery,
) {
  const today = eatDate(deps.clock.now());
  const previous = previousPeriod(period, today);
  const where = reach === 'all' ? undefined : inArray(companies.id, reach);
  if (reach !== 'all' && reach.length === 0) {
    return {
      generatedAt: deps.clock.now().toISOString(),
      period,
      previousPeriod: previous,
      items: [],
      total: 0,
    };
  }
  const [total] = await deps.db.select({ n: count() }).from(companies).where(where);
  const shown = await deps.db
    .select({
      id: companies.id,
      name: companies.name,
      tin: companies.tin,
      active: companies.active,
      blockedByTra: companies.blockedByTra,
    })
    .from(companies)
    .where(where)
    .orderBy(companies.name, companies.id)
    .limit(page.limit)
    .offset(page.offset);
  const ids = shown.map((c) => c.id);
  for (const id of ids) await projectSales(deps.db, id);
  const now = await totalsByCompany(deps.db, ids, period);
  const before = await totalsByCompany(deps.db, ids, previous);
  const queues =
    ids.length === 0
      ? []
      : await deps.db
          .select({ companyId: traOutbox.companyId, status: traOutbox.status, n: count() })
          .from(traOutbox)
          .where(
            and(
              inArray(traOutbox.companyId, ids),
              eq(traOutbox.kind, 'receipt'),
              inArray(traOutbox.status, ['pending', 'rejected']),
            ),
          )
          .groupBy(traOutbox.companyId, traOutbox.status);
  const items = [];
  for (const company of shown) {
    const vfd = await vfdSummary(deps, company.id, deps.config.traOverdueMs);
    const queue = (status: string) =>
      queues.find((q) => q.companyId === company.id && q.status === status)?.n ?? 0;
    items.push({
      company,
      current: now.get(company.id) ?? zeroTotals(),
      previous: before.get(company.id) ?? zeroTotals(),
      pending: queue('pending'),
      rejected: queue('rejected'),
      vfdStatus: vfd.status,
      lastZReport: await lastZReport(deps.db, company.id),
    });
  }
  return {
    generatedAt: deps.clock.now().toISOString(),
    period,
    previousPeriod: previous,
    items,
    total: total?.n ?? 0,
  };
}
