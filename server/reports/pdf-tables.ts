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

function drawRow(doc: Doc, columns: TableColumn[], cells: string[], bold: boolean): void {
  const width = usable(doc);
  let x = MARGIN;
  const y = doc.y;
  doc.font(bold ? BOLD_FONT : BODY_FONT).fontSize(SIZE);
  columns.forEach((column, i) => {
    const w = column.width * width;
    doc.text(pdfText(cells[i] ?? ''), x + 2, y + 3, {
      width: w - 4,
      align: column.align ?? 'left',
      lineBreak: false,
      ellipsis: true,
    });
    x += w;
  });
  doc
    .moveTo(MARGIN, y + ROW)
    .lineTo(MARGIN + width, y + ROW)
    .lineWidth(0.3)
    .strokeColor('#bbbbbb')
    .stroke();
  doc.x = MARGIN;
  doc.y = y + ROW;
}

export function table(
  doc: Doc,
  columns: TableColumn[],
  rows: string[][],
  options: { totals?: string[] } = {},
): void {
  ensureRoom(doc, ROW * 2);
  drawRow(
    doc,
    columns,
    columns.map((c) => c.header),
    true,
  );
  for (const row of rows) {
    if (ensureRoom(doc, ROW))
      drawRow(
        doc,
        columns,
        columns.map((c) => c.header),
        true,
      );
    drawRow(doc, columns, row, false);
  }
  if (options.totals) {
    if (ensureRoom(doc, ROW))
      drawRow(
        doc,
        columns,
        columns.map((c) => c.header),
        true,
      );
    drawRow(doc, columns, options.totals, true);
  }
  doc.moveDown(0.5);
}

/** "Page 1 of 3" at the foot of every page. */
export function pageNumbers(doc: Doc, label: (page: number, pages: number) => string): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
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
