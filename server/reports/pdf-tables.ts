// Tables on A4 pages for the report PDFs (pdfkit): a heading, a header row and rows of text,
// numbers right-aligned, continuing on a new page (header repeated) when the page is full.
import PDFDocument from 'pdfkit';
import { BODY_FONT, BOLD_FONT, useReceiptFonts } from '../receipts/fonts';
import { pdfText } from '../receipts/pdf';

export type Doc = PDFKit.PDFDocument;

export interface TableColumn {
  header: string;
  /** Share of the page's width. */
  width: number;
  align?: 'left' | 'right';
}

const MARGIN = 40;
const ROW = 15;
const SIZE = 8.5;

export function newReportDocument(title: string, now: Date): Doc {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: pdfText(title), Creator: 'Risiti', CreationDate: now },
  });
  useReceiptFonts(doc);
  return doc;
}

export function collectPdf(doc: Doc): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

const usable = (doc: Doc) => doc.page.width - 2 * MARGIN;
const bottom = (doc: Doc) => doc.page.height - MARGIN - 20;

function ensureRoom(doc: Doc, height: number): boolean {
  if (doc.y + height <= bottom(doc)) return false;
  doc.addPage();
  return true;
}

export function heading(doc: Doc, text: string, size = 12): void {
  ensureRoom(doc, size + ROW * 3);
  doc.moveDown(0.6);
  doc
    .font(BOLD_FONT)
    .fontSize(size)
    .text(pdfText(text), MARGIN, doc.y, { width: usable(doc) });
  doc.font(BODY_FONT).moveDown(0.3);
}

export function paragraph(doc: Doc, text: string, size = 9): void {
  ensureRoom(doc, ROW);
  doc
    .font(BODY_FONT)
    .fontSize(size)
    .text(pdfText(text), MARGIN, doc.y, { width: usable(doc) });
}

/** Cell padding: 2 pt each side, 3 pt above the text. */
const PAD_X = 2;
const PAD_Y = 3;
/** Amounts never lose a digit: a figure too wide for its column is printed smaller, down to this. */
const SMALLEST = 5.5;

/**
 * One row. A header row is as tall as its longest header needs (headers wrap to two or more
 * lines). Other rows are one line: a text too long for its column ends with "…", and an amount
 * too wide is printed smaller instead, as cutting a figure short would change it.
 */
function drawRow(
  doc: Doc,
  columns: TableColumn[],
  cells: string[],
  style: 'header' | 'body' | 'total',
): void {
  const width = usable(doc);
  const header = style === 'header';
  doc.font(style === 'body' ? BODY_FONT : BOLD_FONT).fontSize(SIZE);
  const texts = columns.map((_, i) => pdfText(cells[i] ?? ''));
  const widths = columns.map((column) => column.width * width - 2 * PAD_X);
  const height = header
    ? Math.max(
        ROW,
        ...texts.map((text, i) => doc.heightOfString(text, { width: widths[i] }) + 2 * PAD_Y),
      )
    : ROW;
  if (header) ensureRoom(doc, height + ROW);
  const top = doc.y;
  let x = MARGIN;
  columns.forEach((column, i) => {
    const align = column.align ?? 'left';
    const text = texts[i]!;
    const w = widths[i]!;
    if (header) {
      doc.text(text, x + PAD_X, top + PAD_Y, { width: w, align });
    } else if (align === 'right') {
      const natural = doc.widthOfString(text);
      doc.fontSize(natural > w ? Math.max(SMALLEST, (0.98 * SIZE * w) / natural) : SIZE);
      doc.text(text, x + PAD_X, top + PAD_Y, { width: w, align, lineBreak: false });
      doc.fontSize(SIZE);
    } else {
      doc.text(text, x + PAD_X, top + PAD_Y, {
        width: w,
        align,
        height: ROW - PAD_Y,
        ellipsis: true,
      });
    }
    x += column.width * width;
  });
  const rowBottom = top + height;
  doc
    .moveTo(MARGIN, rowBottom)
    .lineTo(MARGIN + width, rowBottom)
    .lineWidth(0.3)
    .strokeColor('#bbbbbb')
    .stroke();
  doc.x = MARGIN;
  doc.y = rowBottom;
}

export function table(
  doc: Doc,
  columns: TableColumn[],
  rows: string[][],
  options: { totals?: string[] } = {},
): void {
  const headers = () =>
    drawRow(
      doc,
      columns,
      columns.map((c) => c.header),
      'header',
    );
  ensureRoom(doc, ROW * 2);
  headers();
  for (const row of rows) {
    if (ensureRoom(doc, ROW)) headers();
    drawRow(doc, columns, row, 'body');
  }
  if (options.totals) {
    if (ensureRoom(doc, ROW)) headers();
    drawRow(doc, columns, options.totals, 'total');
  }
  doc.moveDown(0.5);
}

/** "Page 1 of 3" at the foot of every page. */
export function pageNumbers(doc: Doc, label: (page: number, pages: number) => string): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // The footer sits in the bottom margin; without this pdfkit would start a new page for it.
    doc.page.margins.bottom = 0;
    doc
      .font(BODY_FONT)
      .fontSize(7.5)
      .fillColor('#666666')
      .text(label(i + 1, range.count), MARGIN, doc.page.height - MARGIN, {
        width: usable(doc),
        align: 'right',
        lineBreak: false,
      });
    doc.fillColor('#000000');
  }
}
