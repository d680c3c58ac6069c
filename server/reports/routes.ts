// /v1/accounting/reports: the sales report (JSON, Excel, PDF), the Z reports of a period as TRA
// received them (XML, PDF), the dashboard's figures, and invoices across the companies a user
// reaches. Every route signs the user in and resolves the company before anything else, reads
// no body, and bounds its lists: a period is at most REPORT_MAX_DAYS days, pages at most 200.
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { and, eq } from 'drizzle-orm';
import type { Locale, Message } from '../../domain/i18n';
import { reportPaymentLabels, type SalesFilter } from '../../domain/sales-report';
import { invoiceStatusLabels } from '../../domain/invoice-status';
import { taxTypeLabels } from '../../domain/tax';
import { requireAuth } from '../auth/middleware';
import { pageQuery } from '../companies/routes';
import type { AppEnv, Deps } from '../context';
import type { DbOrTx } from '../db/client';
import { companies, customers, products, users } from '../db/schema';
import { appError } from '../http/app-error';
import { companyContext } from '../http/company';
import { idParam, UUID } from '../http/id-param';
import { parseWith } from '../http/validate';
import { translate } from '../i18n';
import { reachableCompanyIds } from '../vfd/views';
import { companiesDashboard, companyDashboard } from './dashboard';
import { salesWorkbook } from './excel';
import { invoicesReport, invoicesReportQuery } from './invoices-report';
import { reportLabels as L } from './labels';
import { salesPdf } from './pdf';
import { filterOf, periodOf } from './period';
import { projectSales } from './project';
import { salesReport } from './sales';
import { zReportsPdf } from './z-report-pdf';
import { zReportOfCompany, zReportsOfPeriod } from './z-reports';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function companyOf(db: DbOrTx, companyId: string) {
  const [company] = await db
    .select({ name: companies.name, tin: companies.tin })
    .from(companies)
    .where(eq(companies.id, companyId));
  return company ?? { name: '', tin: '' };
}

/** The filters in words for the PDF ("Operator: Asha Mushi"), names read within the company. */
async function filterWords(
  db: DbOrTx,
  companyId: string,
  filter: SalesFilter,
  locale: Locale,
): Promise<string[]> {
  const t = (message: Message) => translate(locale, message);
  const words: string[] = [];
  if (filter.operator) {
    const [row] = await db
      .select({ first: users.firstName, last: users.lastName })
      .from(users)
      .where(and(eq(users.id, filter.operator), eq(users.companyId, companyId)));
    words.push(`${t(L.operator)}: ${row ? `${row.first} ${row.last}` : filter.operator}`);
  }
  if (filter.product) {
    const [row] = await db
      .select({ name: products.name })
      .from(products)
      .where(and(eq(products.id, filter.product), eq(products.companyId, companyId)));
    words.push(`${t(L.product)}: ${row?.name ?? filter.product}`);
  }
  if (filter.customer) {
    const [row] = await db
      .select({ name: customers.name })
      .from(customers)
      .where(and(eq(customers.id, filter.customer), eq(customers.companyId, companyId)));
    words.push(`${t(L.customer)}: ${row?.name ?? filter.customer}`);
  }
  if (filter.taxType) words.push(`${t(L.taxType)}: ${t(taxTypeLabels[filter.taxType])}`);
  if (filter.payment) words.push(`${t(L.paymentType)}: ${t(reportPaymentLabels[filter.payment])}`);
  if (filter.status) words.push(`${t(L.status)}: ${t(invoiceStatusLabels[filter.status])}`);
  return words;
}

const attachment = (name: string) => `attachment; filename="${name}"`;

export function reportRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use('*', requireAuth(deps));

  /** The company, the period and the filters of a sales request, the rows brought up to date. */
  const salesRequest = async (c: Context<AppEnv>) => {
    // The user's own company, or for an admin the one named by ?companyId= within reach.
    const { companyId } = await companyContext(c, deps);
    const period = periodOf(c, deps.clock);
    const filter = filterOf(c);
    await projectSales(deps.db, companyId);
    const query = { companyId, firstDay: period.firstDay, lastDay: period.lastDay, filter };
    return { query, report: await salesReport(deps.db, query) };
  };

  app.get('/sales', async (c) => {
    const { query, report } = await salesRequest(c);
    return c.json({
      companyId: query.companyId,
      generatedAt: deps.clock.now().toISOString(),
      ...report,
    });
  });

  app.get('/sales.xlsx', async (c) => {
    const { query, report } = await salesRequest(c);
    const file = await salesWorkbook(deps.db, query, report, { locale: c.get('locale') });
    return c.body(new Uint8Array(file), 200, {
      'Content-Type': XLSX,
      'Content-Disposition': attachment(`sales-${query.firstDay}-${query.lastDay}.xlsx`),
      'Cache-Control': 'private, no-store',
    });
  });

  app.get('/sales.pdf', async (c) => {
    const { query, report } = await salesRequest(c);
    const locale = c.get('locale');
    const file = await salesPdf({
      report,
      company: await companyOf(deps.db, query.companyId),
      filters: await filterWords(deps.db, query.companyId, query.filter, locale),
      locale,
      now: deps.clock.now(),
    });
    return c.body(new Uint8Array(file), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': attachment(`sales-${query.firstDay}-${query.lastDay}.pdf`),
      'Cache-Control': 'private, no-store',
    });
  });

  app.get('/z-reports', async (c) => {
    const { companyId } = await companyContext(c, deps);
    const period = periodOf(c, deps.clock);
    const list = await zReportsOfPeriod(deps.db, companyId, period.firstDay, period.lastDay);
    return c.json({
      companyId,
      firstDay: period.firstDay,
      lastDay: period.lastDay,
      items: list.map((z) => z.view),
    });
  });

  app.get('/z-reports.pdf', async (c) => {
    const { companyId } = await companyContext(c, deps);
    const period = periodOf(c, deps.clock);
    const list = await zReportsOfPeriod(deps.db, companyId, period.firstDay, period.lastDay);
    const file = await zReportsPdf(
      list.map((z) => z.document),
      {
        company: (await companyOf(deps.db, companyId)).name,
        locale: c.get('locale'),
        now: deps.clock.now(),
      },
    );
    return c.body(new Uint8Array(file), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': attachment(`z-reports-${period.firstDay}-${period.lastDay}.pdf`),
      'Cache-Control': 'private, no-store',
    });
  });

  app.get('/z-reports/:id/xml', async (c) => {
    const { companyId } = await companyContext(c, deps);
    const z = await zReportOfCompany(deps.db, companyId, idParam(c));
    return c.body(z.document.xml, 200, {
      'Content-Type': 'application/xml; charset=utf-8',
      'Content-Disposition': attachment(`z-report-${z.date.replace(/-/g, '')}.xml`),
      'Cache-Control': 'private, no-store',
    });
  });

  app.get('/z-reports/:id/pdf', async (c) => {
    const { companyId } = await companyContext(c, deps);
    const z = await zReportOfCompany(deps.db, companyId, idParam(c));
    const file = await zReportsPdf([z.document], {
      company: (await companyOf(deps.db, companyId)).name,
      locale: c.get('locale'),
      now: deps.clock.now(),
    });
    return c.body(new Uint8Array(file), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': attachment(`z-report-${z.date.replace(/-/g, '')}.pdf`),
      'Cache-Control': 'private, no-store',
    });
  });

  app.get('/dashboard', async (c) => {
    const { companyId } = await companyContext(c, deps);
    const period = periodOf(c, deps.clock);
    return c.json(await companyDashboard(deps, companyId, period));
  });

  /** A line per company, for the admins of several (an organization's, or all of them). */
  app.get('/companies', async (c) => {
    const user = c.get('user');
    if (user.role !== 'org_admin' && user.role !== 'platform_admin') {
      throw appError(403, 'forbidden');
    }
    const period = periodOf(c, deps.clock);
    const page = parseWith(v.object(pageQuery), {
      limit: c.req.query('limit'),
      offset: c.req.query('offset'),
    });
    const reach = await reachableCompanyIds(deps, user);
    return c.json(await companiesDashboard(deps, reach, period, page));
  });

  /** Invoices across the companies the user reaches: owners and organization admins (spec §6). */
  app.get('/invoices', async (c) => {
    const user = c.get('user');
    if (user.role === 'operator') throw appError(403, 'forbidden');
    const requested = c.req.query('companyId');
    let reach = await reachableCompanyIds(deps, user);
    if (requested) {
      if (!UUID.test(requested) || (reach !== 'all' && !reach.includes(requested.toLowerCase()))) {
        throw appError(403, 'forbidden');
      }
      reach = [requested.toLowerCase()];
    }
    const period = periodOf(c, deps.clock);
    const query = parseWith(invoicesReportQuery, {
      status: c.req.query('status') || undefined,
      tra: c.req.query('tra') || undefined,
      q: c.req.query('q') || undefined,
      limit: c.req.query('limit'),
      cursor: c.req.query('cursor') || undefined,
    });
    return c.json(await invoicesReport(deps.db, reach, period, query));
  });

  return app;
}
