// The sales report as an Excel workbook (./xlsx.ts, streamed row by row so a year of receipts
// never sits in memory as cell objects): one sheet of receipts, one of their lines and
// one of daily totals by tax group. Cells are typed: days are dates, counts and quantities are
// numbers, amounts are numbers of shillings (cents / 100, shown with two decimals), codes and
// names are text.
import { sql } from 'drizzle-orm';
import type { Locale, Message } from '../../domain/i18n';
import {
  REPORT_PAYMENT_TYPES,
  REPORT_TAX_GROUPS,
  daysBetween,
  reportPaymentLabels,
  type SalesReport,
} from '../../domain/sales-report';
import { taxTypeLabels, isTaxType } from '../../domain/tax';
import { invoiceStatusLabels } from '../../domain/invoice-status';
import type { DbOrTx } from '../db/client';
import { translate } from '../i18n';
import { reportLabels as L, traStateLabels } from './labels';
import { salesWhere, type SalesQuery } from './sales';
import { XlsxWriter, type CellValue, type SheetColumn } from './xlsx';

const AMOUNT = '#,##0.00';
const DAY = 'dd-mm-yyyy';
/** Days read per query: a week of receipts at a time, through the (company, date) index. */
const DAYS_PER_READ = 7;
/** Excel's last row is 1,048,576; past it a sheet continues on another. */
const MAX_ROWS = 1_048_575;

type Row = Record<string, string | number | null>;

const shillings = (value: string | number | null | undefined) => Number(value ?? 0) / 100;

/** A calendar day as Excel's date (./xlsx.ts writes Dates as UTC serial days). */
function excelDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

function chunks(firstDay: string, lastDay: string): Array<[string, string]> {
  const days = daysBetween(firstDay, lastDay);
  const out: Array<[string, string]> = [];
  for (let i = 0; i < days.length; i += DAYS_PER_READ) {
    out.push([days[i]!, days[Math.min(days.length, i + DAYS_PER_READ) - 1]!]);
  }
  return out;
}

async function rows(db: DbOrTx, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** A sheet that moves on to "Name (2)" when Excel's row limit is reached. */
async function sheets(workbook: XlsxWriter, name: string, columns: SheetColumn[]) {
  let part = 1;
  let sheet = await workbook.sheet(name, columns);
  let count = 0;
  return {
    async add(values: CellValue[]) {
      if (count >= MAX_ROWS) {
        await sheet.end();
        part += 1;
        sheet = await workbook.sheet(`${name} (${part})`, columns);
        count = 0;
      }
      await sheet.add(values);
      count += 1;
    },
    commit: () => sheet.end(),
  };
}

export interface ExcelOptions {
  locale: Locale;
}

export async function salesWorkbook(
  db: DbOrTx,
  query: SalesQuery,
  report: SalesReport,
  options: ExcelOptions,
): Promise<Buffer> {
  const t = (message: Message, values?: Record<string, unknown>) =>
    translate(options.locale, message, values);
  const workbook = new XlsxWriter();
  const where = salesWhere(query);

  const receipts = await sheets(workbook, t(L.receiptsSheet), [
    { header: t(L.date), width: 12, numFmt: DAY },
    { header: t(L.time), width: 10 },
    { header: t(L.receiptNumber), width: 12 },
    { header: t(L.verificationCode), width: 16 },
    { header: t(L.status), width: 12 },
    { header: t(L.traState), width: 18 },
    { header: t(L.customer), width: 28 },
    { header: t(L.operator), width: 20 },
    { header: t(L.totalExcl), width: 16, numFmt: AMOUNT },
    { header: t(L.vat), width: 14, numFmt: AMOUNT },
    { header: t(L.totalIncl), width: 16, numFmt: AMOUNT },
    { header: t(L.discount), width: 12, numFmt: AMOUNT },
    ...REPORT_PAYMENT_TYPES.map((type) => ({
      header: t(reportPaymentLabels[type]),
      width: 14,
      numFmt: AMOUNT,
    })),
  ]);
  for (const [from, to] of chunks(query.firstDay, query.lastDay)) {
    const batch = await rows(
      db,
      sql`select s.date, s.time, s.receipt_number, s.verification_code, s.status, s.tra_status,
        s.customer_name, s.operator_name, s.total_excl, s.tax, s.total_incl, s.discount,
        s.pay_cash, s.pay_cheque, s.pay_ccard, s.pay_emoney, s.pay_invoice
      from sales s where ${where} and s.date >= ${from} and s.date <= ${to}
      order by s.receipt_number`,
    );
    for (const r of batch) {
      await receipts.add([
        excelDay(String(r.date)),
        String(r.time),
        Number(r.receipt_number),
        String(r.verification_code),
        t(invoiceStatusLabels[r.status as 'submitted' | 'issued']),
        t(traStateLabels[r.tra_status as 'pending' | 'accepted' | 'rejected']),
        String(r.customer_name) || t(L.walkIn),
        String(r.operator_name),
        shillings(r.total_excl),
        shillings(r.tax),
        shillings(r.total_incl),
        shillings(r.discount),
        shillings(r.pay_cash),
        shillings(r.pay_cheque),
        shillings(r.pay_ccard),
        shillings(r.pay_emoney),
        shillings(r.pay_invoice),
      ]);
    }
  }
  await receipts.commit();

  const lines = await sheets(workbook, t(L.linesSheet), [
    { header: t(L.date), width: 12, numFmt: DAY },
    { header: t(L.receiptNumber), width: 12 },
    { header: t(L.line), width: 6 },
    { header: t(L.description), width: 32 },
    { header: t(L.quantity), width: 10, numFmt: '#,##0.###' },
    { header: t(L.taxType), width: 20 },
    { header: t(L.taxGroup), width: 8 },
    { header: t(L.net), width: 14, numFmt: AMOUNT },
    { header: t(L.vat), width: 12, numFmt: AMOUNT },
    { header: t(L.amount), width: 14, numFmt: AMOUNT },
    { header: t(L.discount), width: 12, numFmt: AMOUNT },
  ]);
  const groupOf = { standard: 'A', zero_rated: 'C', special_relief: 'D', exempted: 'E' } as const;
  for (const [from, to] of chunks(query.firstDay, query.lastDay)) {
    const batch = await rows(
      db,
      sql`select l.date, s.receipt_number, l.line_no, l.description, l.quantity, l.tax_type,
        l.net, l.tax, l.amount, l.discount
      from sale_lines l join sales s on s.company_id = l.company_id and s.invoice_id = l.invoice_id
      where l.company_id = ${query.companyId} and l.date >= ${from} and l.date <= ${to}
        and s.date >= ${from} and s.date <= ${to} and ${where}
      order by s.receipt_number, l.line_no`,
    );
    for (const r of batch) {
      const taxType = String(r.tax_type);
      await lines.add([
        excelDay(String(r.date)),
        Number(r.receipt_number),
        Number(r.line_no) + 1,
        String(r.description),
        Number(r.quantity) / 1000,
        isTaxType(taxType) ? t(taxTypeLabels[taxType]) : taxType,
        isTaxType(taxType) ? groupOf[taxType] : '',
        shillings(r.net),
        shillings(r.tax),
        shillings(r.amount),
        shillings(r.discount),
      ]);
    }
  }
  await lines.commit();

  const daily = await sheets(workbook, t(L.dailySheet), [
    { header: t(L.date), width: 12, numFmt: DAY },
    { header: t(L.receipts), width: 10 },
    ...REPORT_TAX_GROUPS.flatMap((group) => [
      { header: t(L.groupNet, { group }), width: 14, numFmt: AMOUNT },
      { header: t(L.groupVat, { group }), width: 14, numFmt: AMOUNT },
    ]),
    { header: t(L.totalExcl), width: 16, numFmt: AMOUNT },
    { header: t(L.vat), width: 14, numFmt: AMOUNT },
    { header: t(L.totalIncl), width: 16, numFmt: AMOUNT },
    { header: t(L.discount), width: 12, numFmt: AMOUNT },
  ]);
  for (const day of report.days) {
    await daily.add([
      excelDay(day.date),
      day.receipts,
      ...REPORT_TAX_GROUPS.flatMap((group) => [
        shillings(day.groups[group].net),
        shillings(day.groups[group].tax),
      ]),
      shillings(day.totalExcl),
      shillings(day.tax),
      shillings(day.totalIncl),
      shillings(day.discount),
    ]);
  }
  await daily.add([
    t(L.total),
    report.totals.receipts,
    ...REPORT_TAX_GROUPS.flatMap((group) => [
      shillings(report.groups[group].net),
      shillings(report.groups[group].tax),
    ]),
    shillings(report.totals.totalExcl),
    shillings(report.totals.tax),
    shillings(report.totals.totalIncl),
    shillings(report.totals.discount),
  ]);
  await daily.commit();

  return workbook.finish('Risiti');
}
