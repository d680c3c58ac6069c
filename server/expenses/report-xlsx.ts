// The expenses report as an Excel workbook (ExcelJS): a real .xlsx whose cells are typed, so a
// spreadsheet sums and filters them: days are dates, amounts are numbers with two decimals,
// counts are whole numbers. Amounts leave integer cents only here, at the file's edge.
import ExcelJS from 'exceljs';
import { expensePaymentMethodLabels, expenseStatusLabels } from '../../domain/expense';
import { toDecimalString, type Cents } from '../../domain/money';
import { reportLabels as L, type ReportDocument } from './report';

const MONEY = '#,##0.00';
const DATE = 'dd-mm-yyyy';

/** Cents as the spreadsheet number they stand for (two decimals, written from the exact text). */
const amount = (value: Cents) => Number(toDecimalString(value));

/** A calendar day as a date cell (midnight UTC, which a spreadsheet shows as that day). */
const day = (isoDay: string) => new Date(`${isoDay}T00:00:00Z`);

function styleHeader(row: ExcelJS.Row) {
  row.font = { bold: true };
  row.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE6F2EC' } };
}

export async function renderReportXlsx(document: ReportDocument): Promise<Buffer> {
  const { t, report } = document;
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Risiti';
  workbook.created = document.now;
  workbook.title = `${t(L.title)} — ${document.companyName}`;

  const summary = workbook.addWorksheet(t(L.summary));
  summary.columns = [{ width: 34 }, { width: 22 }];
  summary.addRow([t(L.title)]).font = { bold: true, size: 14 };
  summary.addRow([document.companyName, document.companyTin]);
  const period = summary.addRow([
    t(L.date),
    day(document.filters.range.firstDay),
    day(document.filters.range.lastDay),
  ]);
  period.getCell(2).numFmt = DATE;
  period.getCell(3).numFmt = DATE;
  if (document.filterNames.length) {
    summary.addRow([t(L.filters, { filters: document.filterNames.join(', ') })]);
  }
  summary.addRow([t(L.allAmountsTzs)]);
  summary.addRow([]);
  const totals: [string, number, string?][] = [
    [t(L.count), report.totals.count],
    [t(L.netAmount), amount(report.totals.netAmount), MONEY],
    [t(L.vat), amount(report.totals.totalVat), MONEY],
    [t(L.total), amount(report.totals.totalAmount), MONEY],
  ];
  for (const [label, value, format] of totals) {
    const row = summary.addRow([label, value]);
    if (format) row.getCell(2).numFmt = format;
  }

  const list = workbook.addWorksheet(t(L.expenses), { views: [{ state: 'frozen', ySplit: 1 }] });
  list.columns = [
    { header: t(L.date), width: 12, style: { numFmt: DATE } },
    { header: t(L.time), width: 10 },
    { header: t(L.receiptCode), width: 16 },
    { header: t(L.vendor), width: 30 },
    { header: t(L.tin), width: 12 },
    { header: t(L.category), width: 24 },
    { header: t(L.status), width: 12 },
    { header: t(L.currency), width: 10 },
    { header: t(L.rate), width: 12, style: { numFmt: '#,##0.######' } },
    { header: t(L.netAmount), width: 16, style: { numFmt: MONEY } },
    { header: t(L.vat), width: 14, style: { numFmt: MONEY } },
    { header: t(L.total), width: 16, style: { numFmt: MONEY } },
  ];
  styleHeader(list.getRow(1));
  for (const expense of report.rows) {
    list.addRow([
      day(expense.date),
      expense.time,
      expense.receiptCode,
      expense.vendor?.name ?? '',
      expense.vendor?.tin ?? '',
      document.categoryName(expense.categoryId),
      t(expenseStatusLabels[expense.status]),
      expense.currency,
      expense.currencyRate,
      amount(expense.netAmountTzs),
      amount(expense.totalVatTzs),
      amount(expense.totalAmountTzs),
    ]);
  }
  list.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: 12 } };

  const categories = workbook.addWorksheet(t(L.byCategory));
  categories.columns = [
    { header: t(L.category), width: 30 },
    { header: t(L.expenses), width: 12 },
    { header: t(L.netAmount), width: 16, style: { numFmt: MONEY } },
    { header: t(L.vat), width: 14, style: { numFmt: MONEY } },
    { header: t(L.total), width: 16, style: { numFmt: MONEY } },
  ];
  styleHeader(categories.getRow(1));
  for (const entry of report.byCategory) {
    categories.addRow([
      document.categoryName(entry.categoryId),
      entry.count,
      amount(entry.netAmount),
      amount(entry.totalVat),
      amount(entry.totalAmount),
    ]);
  }

  const vendors = workbook.addWorksheet(t(L.byVendor));
  vendors.columns = [
    { header: t(L.vendor), width: 30 },
    { header: t(L.expenses), width: 12 },
    { header: t(L.netAmount), width: 16, style: { numFmt: MONEY } },
    { header: t(L.vat), width: 14, style: { numFmt: MONEY } },
    { header: t(L.total), width: 16, style: { numFmt: MONEY } },
  ];
  styleHeader(vendors.getRow(1));
  for (const entry of report.byVendor) {
    vendors.addRow([
      entry.name || t(L.unknownVendor),
      entry.count,
      amount(entry.netAmount),
      amount(entry.totalVat),
      amount(entry.totalAmount),
    ]);
  }

  const methods = workbook.addWorksheet(t(L.byMethod));
  methods.columns = [
    { header: t(L.method), width: 24 },
    { header: t(L.payments), width: 12 },
    { header: t(L.amount), width: 16, style: { numFmt: MONEY } },
  ];
  styleHeader(methods.getRow(1));
  for (const entry of report.byMethod) {
    methods.addRow([
      t(expensePaymentMethodLabels[entry.method]),
      entry.count,
      amount(entry.amount),
    ]);
  }

  return Buffer.from(await workbook.xlsx.writeBuffer());
}
