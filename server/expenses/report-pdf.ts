// The expenses report as an A4 PDF (pdfkit): heading, totals, the splits by category, payment
// method and vendor, then every expense counted, with page numbers. Amounts are printed from
// integer cents with domain/money, text in the receipt font (server/receipts/fonts.ts).
import PDFDocument from 'pdfkit';
import { expensePaymentMethodLabels, expenseStatusLabels } from '../../domain/expense';
import { formatAmount, type Cents } from '../../domain/money';
import { BODY_FONT, BOLD_FONT, useReceiptFonts } from '../receipts/fonts';
import { pdfText } from '../receipts/pdf';
import { reportLabels as L, type ReportDocument } from './report';
import { calendarDateText } from '../../domain/calendar-date';

type Doc = PDFKit.PDFDocument;

interface Column {
  label: string;
  width: number;
  align?: 'left' | 'right';
}

const MARGIN = 40;
const PAGE = { width: 595.28, height: 841.89 };
const CONTENT = PAGE.width - 2 * MARGIN;
const ROW = 14;
const SIZE = 8.5;

function collect(doc: Doc): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** Average width of a character of the body font at SIZE, in points (DejaVu Sans runs wide). */
const CHARACTER = SIZE * 0.6;

/**
 * The text cut to fit `width`, ending in "…" when cut. Most cells are short and pass on the
 * estimate alone; a longer one is measured, so a Swahili status or a category that fits is not
 * cut on a guess.
 */
function fit(doc: Doc, text: string, width: number): string {
  if (text.length * CHARACTER <= width || doc.widthOfString(text) <= width) return text;
  let cut = Math.min(text.length - 1, Math.floor(width / (SIZE * 0.45)));
  while (cut > 1 && doc.widthOfString(`${text.slice(0, cut)}…`) > width) cut -= 1;
  return `${text.slice(0, cut)}…`;
}

class Table {
  private y: number;

  constructor(
    private readonly doc: Doc,
    private readonly columns: Column[],
  ) {
    this.y = doc.y;
  }

  private cells(values: string[], bold: boolean) {
    const { doc } = this;
    doc.font(bold ? BOLD_FONT : BODY_FONT).fontSize(SIZE);
    let x = MARGIN;
    this.columns.forEach((column, index) => {
      // Cut to what the column holds before drawing: pdfkit's own wrapping and ellipsis cost
      // more than the rest of a 10,000-row report together.
      const text = fit(doc, pdfText(values[index] ?? ''), column.width - 4);
      const width = doc.widthOfString(text);
      const left = column.align === 'right' ? x + column.width - 2 - width : x + 2;
      doc.text(text, left, this.y + 3, { lineBreak: false });
      x += column.width;
    });
    this.y += ROW;
  }

  /** The column names, wrapped to as many lines as the longest needs rather than cut. */
  header() {
    const { doc } = this;
    doc.font(BOLD_FONT).fontSize(SIZE);
    const labels = this.columns.map((column) => pdfText(column.label));
    const height = Math.max(
      ROW,
      ...labels.map(
        (label, i) => doc.heightOfString(label, { width: this.columns[i]!.width - 4 }) + 5,
      ),
    );
    doc.rect(MARGIN, this.y, CONTENT, height).fill('#e6f2ec').fillColor('#000000');
    let x = MARGIN;
    this.columns.forEach((column, i) => {
      doc.text(labels[i]!, x + 2, this.y + 3, {
        width: column.width - 4,
        align: column.align ?? 'left',
      });
      x += column.width;
    });
    this.y += height;
  }

  row(values: string[], options: { bold?: boolean } = {}) {
    if (this.y + ROW > PAGE.height - MARGIN - 12) {
      this.doc.addPage();
      this.y = MARGIN;
      this.header();
    }
    this.cells(values, options.bold ?? false);
  }

  end() {
    this.doc.y = this.y + 10;
    this.doc.x = MARGIN;
  }
}

function heading(doc: Doc, text: string) {
  if (doc.y > PAGE.height - MARGIN - 80) doc.addPage();
  doc.font(BOLD_FONT).fontSize(11).text(pdfText(text), MARGIN, doc.y, { width: CONTENT });
  doc.moveDown(0.3);
}

const money = (amount: Cents) => formatAmount(amount);

export async function renderReportPdf(document: ReportDocument): Promise<Buffer> {
  const { t, report } = document;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: pdfText(`${t(L.title)} — ${document.companyName}`),
      Author: pdfText(document.companyName),
      Creator: 'Risiti',
      Producer: 'Risiti',
      CreationDate: document.now,
    },
    lang: document.locale,
  });
  useReceiptFonts(doc);
  const done = collect(doc);

  doc
    .font(BOLD_FONT)
    .fontSize(16)
    .text(pdfText(t(L.title)), { width: CONTENT });
  doc.font(BODY_FONT).fontSize(10);
  doc.text(pdfText(`${document.companyName} · TIN ${document.companyTin}`), { width: CONTENT });
  const { firstDay, lastDay } = document.filters.range;
  doc.text(
    pdfText(t(L.period, { from: calendarDateText(firstDay), to: calendarDateText(lastDay) })),
  );
  if (document.filterNames.length) {
    doc.text(pdfText(t(L.filters, { filters: document.filterNames.join(', ') })));
  }
  doc
    .fontSize(8)
    .fillColor('#555555')
    .text(pdfText(t(L.allAmountsTzs)));
  doc.fillColor('#000000').moveDown(0.8);

  heading(doc, t(L.summary));
  const summary = new Table(doc, [
    { label: t(L.count), width: CONTENT / 4, align: 'right' },
    { label: t(L.netAmount), width: CONTENT / 4, align: 'right' },
    { label: t(L.vat), width: CONTENT / 4, align: 'right' },
    { label: t(L.total), width: CONTENT / 4, align: 'right' },
  ]);
  summary.header();
  summary.row(
    [
      String(report.totals.count),
      money(report.totals.netAmount),
      money(report.totals.totalVat),
      money(report.totals.totalAmount),
    ],
    { bold: true },
  );
  summary.end();

  if (report.totals.count === 0) {
    doc
      .font(BODY_FONT)
      .fontSize(10)
      .text(pdfText(t(L.none)));
  } else {
    heading(doc, t(L.byCategory));
    const categories = new Table(doc, [
      { label: t(L.category), width: CONTENT - 300 },
      { label: t(L.expenses), width: 60, align: 'right' },
      { label: t(L.netAmount), width: 80, align: 'right' },
      { label: t(L.vat), width: 80, align: 'right' },
      { label: t(L.total), width: 80, align: 'right' },
    ]);
    categories.header();
    for (const entry of report.byCategory) {
      categories.row([
        document.categoryName(entry.categoryId),
        String(entry.count),
        money(entry.netAmount),
        money(entry.totalVat),
        money(entry.totalAmount),
      ]);
    }
    categories.end();

    heading(doc, t(L.byMethod));
    const methods = new Table(doc, [
      { label: t(L.method), width: CONTENT - 160 },
      { label: t(L.payments), width: 60, align: 'right' },
      { label: t(L.amount), width: 100, align: 'right' },
    ]);
    methods.header();
    for (const entry of report.byMethod) {
      methods.row([
        t(expensePaymentMethodLabels[entry.method]),
        String(entry.count),
        money(entry.amount),
      ]);
    }
    methods.end();

    heading(doc, t(L.byVendor));
    const vendors = new Table(doc, [
      { label: t(L.vendor), width: CONTENT - 220 },
      { label: t(L.expenses), width: 60, align: 'right' },
      { label: t(L.vat), width: 80, align: 'right' },
      { label: t(L.total), width: 80, align: 'right' },
    ]);
    vendors.header();
    for (const entry of report.byVendor) {
      vendors.row([
        entry.name || t(L.unknownVendor),
        String(entry.count),
        money(entry.totalVat),
        money(entry.totalAmount),
      ]);
    }
    vendors.end();

    heading(doc, t(L.expenses));
    const list = new Table(doc, [
      { label: t(L.date), width: 58 },
      { label: t(L.receiptCode), width: 66 },
      { label: t(L.vendor), width: 106 },
      { label: t(L.category), width: 90 },
      { label: t(L.status), width: 72 },
      { label: t(L.vat), width: 58, align: 'right' },
      { label: t(L.total), width: CONTENT - 450, align: 'right' },
    ]);
    list.header();
    for (const expense of report.rows) {
      list.row([
        calendarDateText(expense.date),
        expense.receiptCode,
        expense.vendor?.name ?? t(L.unknownVendor),
        document.categoryName(expense.categoryId),
        t(expenseStatusLabels[expense.status]),
        money(expense.totalVatTzs),
        money(expense.totalAmountTzs),
      ]);
    }
    list.end();
  }

  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index++) {
    doc.switchToPage(range.start + index);
    // The footer sits in the bottom margin; without this pdfkit would start a new page for it.
    doc.page.margins.bottom = 0;
    doc
      .font(BODY_FONT)
      .fontSize(7.5)
      .fillColor('#555555')
      .text(
        pdfText(t(L.page, { page: index + 1, pages: range.count })),
        MARGIN,
        PAGE.height - MARGIN + 8,
        { width: CONTENT, align: 'right', lineBreak: false },
      );
  }
  doc.end();
  return done;
}
