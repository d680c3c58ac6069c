// The figures an insight reads (domain/insights-engine.ts InsightFigures): the period's sales
// against the period before, from the sales projection the reports use; its expenses by
// category, canceled ones left out, in shillings; and the receipts TRA refused or keeps
// waiting. One company, one period, a handful of aggregate queries.
import { sql } from 'drizzle-orm';
import { eatDate } from '../../domain/dates';
import type { ExpenseTotals, InsightFigures } from '../../domain/insights-engine';
import { cents } from '../../domain/money';
import { previousPeriod, zeroTotals } from '../../domain/sales-report';
import type { Deps } from '../context';
import type { DbOrTx } from '../db/client';
import { totalsByCompany } from '../reports/dashboard';
import { projectSales } from '../reports/project';
import { salesReport } from '../reports/sales';
import { vfdSummary } from '../vfd/views';

interface Period {
  firstDay: string;
  lastDay: string;
}

type Row = Record<string, string | number | null>;

async function rows(db: DbOrTx, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

const num = (value: string | number | null | undefined) => Number(value ?? 0);

async function expenseTotals(db: DbOrTx, companyId: string, period: Period) {
  const [row] = await rows(
    db,
    sql`select count(*) as n, sum(net_amount_tzs) as net, sum(total_vat_tzs) as vat,
        sum(total_amount_tzs) as total,
        count(*) filter (where status = 'pending') as pending
      from expenses
      where company_id = ${companyId} and status <> 'canceled'
        and date >= ${period.firstDay} and date <= ${period.lastDay}`,
  );
  const totals: ExpenseTotals = {
    count: num(row?.n),
    net: cents(num(row?.net)),
    vat: cents(num(row?.vat)),
    total: cents(num(row?.total)),
  };
  return { totals, pending: num(row?.pending) };
}

/** Each category's total in both periods; expenses without a category under an empty name. */
async function categoryTotals(db: DbOrTx, companyId: string, period: Period, before: Period) {
  const found = await rows(
    db,
    sql`select coalesce(c.name, '') as name,
        sum(e.total_amount_tzs) filter (where e.date >= ${period.firstDay}) as current,
        sum(e.total_amount_tzs) filter (where e.date <= ${before.lastDay}) as previous
      from expenses e
      left join expense_categories c on c.company_id = e.company_id and c.id = e.category_id
      where e.company_id = ${companyId} and e.status <> 'canceled'
        and ((e.date >= ${period.firstDay} and e.date <= ${period.lastDay})
          or (e.date >= ${before.firstDay} and e.date <= ${before.lastDay}))
      group by 1
      order by 2 desc nulls last, 1
      limit 50`,
  );
  return found.map((row) => ({
    name: String(row.name),
    current: cents(num(row.current)),
    previous: cents(num(row.previous)),
  }));
}

export async function insightFigures(
  deps: Deps,
  companyId: string,
  period: Period,
): Promise<InsightFigures> {
  const before = previousPeriod(period, eatDate(deps.clock.now()));
  await projectSales(deps.db, companyId);
  const report = await salesReport(deps.db, { companyId, ...period, filter: {} });
  const previousSales = (await totalsByCompany(deps.db, [companyId], before)).get(companyId);
  const current = await expenseTotals(deps.db, companyId, period);
  const previous = await expenseTotals(deps.db, companyId, before);
  const vfd = await vfdSummary(deps, companyId, deps.config.traOverdueMs);
  const queue = 'queue' in vfd ? vfd.queue : null;
  return {
    sales: {
      current: report.totals,
      previous: previousSales ?? zeroTotals(),
      days: report.days
        .filter((day) => day.receipts > 0)
        .map((day) => ({ date: day.date, totalIncl: day.totalIncl })),
      products: report.products.map((product) => ({
        name: product.name,
        totalIncl: product.amount,
      })),
    },
    expenses: {
      current: current.totals,
      previous: previous.totals,
      categories: await categoryTotals(deps.db, companyId, period, before),
      pending: current.pending,
    },
    tra: { rejected: queue?.rejected ?? 0, overdue: queue?.overdue ?? 0 },
  };
}
