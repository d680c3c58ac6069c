// The sales report as a printable PDF: the period's totals, VAT by tax group, payments, the
// figures behind the charts (sales by weekday and by hour, the daily totals) and the rankings.
// Amounts are printed from integer cents with domain/money.
import type { Locale, Message } from '../../domain/i18n';
import { formatAmount } from '../../domain/money';
import { formatQuantity, type Quantity } from '../../domain/quantity';
import {
  REPORT_PAYMENT_TYPES,
  REPORT_TAX_GROUPS,
  reportPaymentLabels,
  taxGroupLabels,
  type SalesReport,
} from '../../domain/sales-report';
import { formatDayMonthYear, eatTime } from '../../domain/dates';
import { translate } from '../i18n';
import { reportLabels as L, weekdayLabels } from './labels';
import {
  collectPdf,
  heading,
  newReportDocument,
  pageNumbers,
  paragraph,
  table,
} from './pdf-tables';
import { calendarDateText } from '../../domain/calendar-date';

export interface SalesPdfInput {
  report: SalesReport;
  company: { name: string; tin: string };
  /** The filters in words, already translated ("Operator: Asha Mushi"). */
  filters: string[];
  locale: Locale;
  now: Date;
}

export async function salesPdf(input: SalesPdfInput): Promise<Buffer> {
  const t = (message: Message, values?: Record<string, unknown>) =>
    translate(input.locale, message, values);
  const { report } = input;
  const doc = newReportDocument(`${t(L.salesReport)} — ${input.company.name}`, input.now);
  const done = collectPdf(doc);
  const money = (value: number) => formatAmount(value as never);

  heading(doc, `${t(L.salesReport)} — ${input.company.name}`, 16);
  paragraph(doc, `${t(L.tin)}: ${input.company.tin}`);
  paragraph(
    doc,
    `${t(L.period)}: ${calendarDateText(report.firstDay)} – ${calendarDateText(report.lastDay)}`,
  );
  paragraph(doc, `${t(L.generated)}: ${formatDayMonthYear(input.now)} ${eatTime(input.now)} (EAT)`);
  if (input.filters.length) paragraph(doc, `${t(L.filters)}: ${input.filters.join('; ')}`);
  paragraph(doc, t(L.amountsInTsh));

  heading(doc, t(L.totals));
  table(
    doc,
    [
      { header: t(L.receipts), width: 0.16, align: 'right' },
      { header: t(L.totalExcl), width: 0.22, align: 'right' },
      { header: t(L.vat), width: 0.2, align: 'right' },
      { header: t(L.totalIncl), width: 0.22, align: 'right' },
      { header: t(L.discount), width: 0.2, align: 'right' },
    ],
    [
      [
        String(report.totals.receipts),
        money(report.totals.totalExcl),
        money(report.totals.tax),
        money(report.totals.totalIncl),
        money(report.totals.discount),
      ],
    ],
  );
  if (report.totals.receipts === 0) paragraph(doc, t(L.noSales));

  heading(doc, t(L.taxGroups));
  table(
    doc,
    [
      { header: t(L.taxGroup), width: 0.4 },
      { header: t(L.net), width: 0.2, align: 'right' },
      { header: t(L.vat), width: 0.2, align: 'right' },
      { header: t(L.totalIncl), width: 0.2, align: 'right' },
    ],
    REPORT_TAX_GROUPS.map((group) => [
      t(taxGroupLabels[group]),
      money(report.groups[group].net),
      money(report.groups[group].tax),
      money(report.groups[group].net + report.groups[group].tax),
    ]),
    {
      totals: [
        t(L.total),
        money(report.totals.totalExcl),
        money(report.totals.tax),
        money(report.totals.totalIncl),
      ],
    },
  );

  heading(doc, t(L.payments));
  table(
    doc,
    [
      { header: t(L.paymentType), width: 0.6 },
      { header: t(L.amount), width: 0.4, align: 'right' },
    ],
    REPORT_PAYMENT_TYPES.map((type) => [
      t(reportPaymentLabels[type]),
      money(report.payments[type]),
    ]),
    { totals: [t(L.total), money(report.totals.totalIncl)] },
  );

  heading(doc, t(L.byWeekday));
  table(
    doc,
    [
      { header: t(L.weekday), width: 0.5 },
      { header: t(L.receipts), width: 0.2, align: 'right' },
      { header: t(L.totalIncl), width: 0.3, align: 'right' },
    ],
    report.heatmap.map((hours, weekday) => [
      t(weekdayLabels[weekday]!),
      String(hours.reduce((s, c) => s + c.receipts, 0)),
      money(hours.reduce((s, c) => s + c.amount, 0)),
    ]),
  );

  heading(doc, t(L.byHour));
  const hours = Array.from({ length: 24 }, (_, hour) => ({
    hour,
    receipts: report.heatmap.reduce((s, row) => s + row[hour]!.receipts, 0),
    amount: report.heatmap.reduce((s, row) => s + row[hour]!.amount, 0),
  })).filter((h) => h.receipts > 0);
  table(
    doc,
    [
      { header: t(L.hour), width: 0.5 },
      { header: t(L.receipts), width: 0.2, align: 'right' },
      { header: t(L.totalIncl), width: 0.3, align: 'right' },
    ],
    hours.map((h) => [
      `${String(h.hour).padStart(2, '0')}:00–${String(h.hour).padStart(2, '0')}:59`,
      String(h.receipts),
      money(h.amount),
    ]),
  );

  heading(doc, t(L.topProducts));
  table(
    doc,
    [
      { header: t(L.product), width: 0.55 },
      { header: t(L.quantity), width: 0.2, align: 'right' },
      { header: t(L.amount), width: 0.25, align: 'right' },
    ],
    report.products.map((p) => [p.name, formatQuantity(p.quantity as Quantity), money(p.amount)]),
  );

  heading(doc, t(L.topCustomers));
  table(
    doc,
    [
      { header: t(L.customer), width: 0.55 },
      { header: t(L.receipts), width: 0.2, align: 'right' },
      { header: t(L.totalIncl), width: 0.25, align: 'right' },
    ],
    report.customers.map((c) => [c.name || t(L.walkIn), String(c.receipts), money(c.totalIncl)]),
  );

  heading(doc, t(L.operators));
  table(
    doc,
    [
      { header: t(L.operator), width: 0.55 },
      { header: t(L.receipts), width: 0.2, align: 'right' },
      { header: t(L.totalIncl), width: 0.25, align: 'right' },
    ],
    report.operators.map((o) => [o.name, String(o.receipts), money(o.totalIncl)]),
  );

  // Each group's net, then the VAT and the total: the groups and the VAT add up to the total,
  // as in the workbook's daily sheet and the tax groups above.
  heading(doc, t(L.dailySheet));
  const amountColumn = (header: string) => ({ header, width: 0.78 / 6, align: 'right' as const });
  table(
    doc,
    [
      { header: t(L.date), width: 0.12 },
      { header: t(L.receipts), width: 0.1, align: 'right' },
      ...REPORT_TAX_GROUPS.map((group) => amountColumn(t(L.groupNet, { group }))),
      amountColumn(t(L.vat)),
      amountColumn(t(L.totalIncl)),
    ],
    report.days
      .filter((d) => d.receipts > 0)
      .map((d) => [
        calendarDateText(d.date),
        String(d.receipts),
        ...REPORT_TAX_GROUPS.map((group) => money(d.groups[group].net)),
        money(d.tax),
        money(d.totalIncl),
      ]),
    {
      totals: [
        t(L.total),
        String(report.totals.receipts),
        ...REPORT_TAX_GROUPS.map((group) => money(report.groups[group].net)),
        money(report.totals.tax),
        money(report.totals.totalIncl),
      ],
    },
  );

  pageNumbers(doc, (page, pages) => t(L.pageOf, { page, pages }));
  doc.end();
  return done;
}
