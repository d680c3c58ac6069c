// Receipts and invoices as PDF (pdfkit): an A4 invoice, and 80 mm and 58 mm thermal receipts.
// A fiscal receipt carries the legal block of spec/tra-vfd.md ("What a legal receipt shows")
// between TRA's START and END markers, with the QR code of its verification link; a draft or a
// canceled invoice has no fiscal numbers and is marked as a pro forma, never as a receipt.
// Amounts are printed from integer cents with domain/money; no float is ever formatted.
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { Locale, Message } from '../../domain/i18n';
import { formatAmount, type Cents } from '../../domain/money';
import { paymentTypeLabels } from '../../domain/payments';
import { formatQuantity, quantity } from '../../domain/quantity';
import { formatPercent } from '../../domain/tax';
import { translate } from '../i18n';
import { BODY_FONT, BOLD_FONT, fontCovers, useReceiptFonts } from './fonts';
import { idTypeLabels, LEGAL_END, LEGAL_START, receiptLabels as L, TRA_MARK } from './labels';
import type { ReceiptView } from './view';

export const RECEIPT_LAYOUTS = ['a4', '80mm', '58mm'] as const;
export type ReceiptLayout = (typeof RECEIPT_LAYOUTS)[number];

export interface PdfOptions {
  layout: ReceiptLayout;
  locale: Locale;
  /** Creation time written in the document's metadata. */
  now: Date;
  /** A copy given again later (receipt reissuing): marked as such above the legal block. */
  copy?: boolean;
}

type Doc = PDFKit.PDFDocument;
type T = (message: Message, values?: Record<string, unknown>) => string;

const MM = 72 / 25.4;
/** Some viewers refuse pages taller than 200 inches; longer receipts continue on a new page. */
const MAX_PAGE_HEIGHT = 14_000;
/**
 * Text as the receipt font can draw it: line breaks and tabs become spaces, and a character the
 * font lacks loses its accent or, failing that, becomes "?" rather than a wrong glyph.
 */
export function pdfText(value: string): string {
  const drawable = (ch: string) => {
    const code = ch.codePointAt(0)!;
    return code >= 0x20 && code !== 0x7f && fontCovers(code);
  };
  let out = '';
  for (const ch of value.replace(/[\t\r\n]+/g, ' ')) {
    if (drawable(ch)) {
      out += ch;
      continue;
    }
    const plain = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
    out += [...plain].every(drawable) && plain ? plain : '?';
  }
  return out;
}

const money = (amount: Cents) => formatAmount(amount);
const quantityText = (units: number) => formatQuantity(quantity(units));
const percentText = (percent: number) => formatPercent(Math.round(percent * 100));

async function qrPng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 360 });
}

function collect(doc: Doc): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

function title(view: ReceiptView, t: T): string {
  return view.fiscal
    ? `${view.business.name} — ${t(L.receiptNumber)} ${view.fiscal.receiptNumber}`
    : `${view.business.name} — ${t(L.proFormaInvoice)}`;
}

function newDocument(view: ReceiptView, options: PdfOptions, t: T, size: number[], margin: number) {
  const doc = new PDFDocument({
    size,
    margin,
    info: {
      Title: pdfText(title(view, t)),
      Author: pdfText(view.business.name),
      Creator: 'Risiti',
      Producer: 'Risiti',
      CreationDate: options.now,
    },
    lang: options.locale,
  });
  useReceiptFonts(doc);
  return doc;
}

/** A column of text with a cursor: the thermal receipt is one, and the A4 legal header too. */
class Column {
  constructor(
    readonly doc: Doc,
    readonly x: number,
    readonly width: number,
    public y: number,
    readonly size: number,
  ) {}

  private font(bold: boolean, size = this.size) {
    this.doc.font(bold ? BOLD_FONT : BODY_FONT).fontSize(size);
  }

  text(
    value: string,
    options: { align?: 'left' | 'center' | 'right'; bold?: boolean; size?: number } = {},
  ) {
    this.font(options.bold ?? false, options.size);
    this.doc.text(pdfText(value), this.x, this.y, {
      width: this.width,
      align: options.align ?? 'left',
    });
    this.y = this.doc.y;
  }

  center(value: string, options: { bold?: boolean; size?: number } = {}) {
    this.text(value, { ...options, align: 'center' });
  }

  /** Label on the left, value on the right; on two lines when they do not fit on one. */
  pair(label: string, value: string, options: { bold?: boolean } = {}) {
    this.font(options.bold ?? false);
    const left = pdfText(label);
    const right = pdfText(value);
    const fits =
      this.doc.widthOfString(left) + this.doc.widthOfString(right) + this.size <= this.width;
    if (fits) {
      this.doc.text(left, this.x, this.y, { width: this.width });
      this.doc.text(right, this.x, this.y, { width: this.width, align: 'right' });
      this.y += this.doc.currentLineHeight(true);
    } else {
      this.doc.text(left, this.x, this.y, { width: this.width });
      this.doc.text(right, this.x, this.doc.y, { width: this.width, align: 'right' });
      this.y = this.doc.y;
    }
  }

  rule() {
    this.y += this.size * 0.4;
    this.doc
      .save()
      .moveTo(this.x, this.y)
      .lineTo(this.x + this.width, this.y)
      .lineWidth(0.5)
      .dash(2, { space: 2 })
      .stroke()
      .undash()
      .restore();
    this.y += this.size * 0.6;
  }

  gap(lines = 0.5) {
    this.y += this.size * lines;
  }
}

/** The business lines of the legal block (or of a pro forma's header). */
function businessLines(col: Column, view: ReceiptView, t: T, fiscal: boolean) {
  const b = view.business;
  col.center(b.name, { bold: true, size: col.size * 1.25 });
  if (b.address) col.center(b.address);
  col.center(`${t(L.mobile)}: ${b.mobile}`);
  col.center(`${t(L.tin)}: ${b.tin}`);
  col.center(`${t(L.vrn)}: ${b.vrn ?? t(L.notRegistered)}`);
  if (fiscal) {
    col.center(`${t(L.serial)}: ${b.serial}`);
    if (b.uin) col.center(`${t(L.uin)}: ${b.uin}`);
    if (b.taxOffice) col.center(`${t(L.taxOffice)}: ${b.taxOffice}`);
  }
}

function customerPairs(view: ReceiptView, t: T): Array<[string, string]> {
  const c = view.customer;
  const pairs: Array<[string, string]> = [[t(L.customerName), c.name || '-']];
  pairs.push([t(L.customerIdType), t(idTypeLabels[c.identificationType])]);
  if (c.identificationNumber) pairs.push([t(L.customerId), c.identificationNumber]);
  pairs.push([t(L.customerMobile), c.phoneNumber ? `0${c.phoneNumber}` : '-']);
  if (c.vatRegistrationNumber) pairs.push([t(L.customerVrn), c.vatRegistrationNumber]);
  return pairs;
}

function receiptPairs(view: ReceiptView, t: T): Array<[string, string]> {
  const f = view.fiscal;
  const pairs: Array<[string, string]> = f
    ? [
        [t(L.receiptNumber), String(f.receiptNumber)],
        [t(L.zNumber), f.zNumber],
        [t(L.receiptDate), f.receiptDate],
        [t(L.receiptTime), f.receiptTime],
      ]
    : [[t(L.invoiceDate), view.date]];
  if (view.reference) pairs.push([t(L.reference), view.reference]);
  return pairs;
}

function totalPairs(view: ReceiptView, t: T): Array<[string, string, boolean]> {
  const tot = view.totals;
  const rows: Array<[string, string, boolean]> = [
    [t(L.totalExclTax), money(tot.totalExcludingTax), false],
  ];
  for (const group of view.taxGroups) {
    rows.push([
      t(L.vatGroup, { group: group.taxGroup, rate: formatPercent(group.rateBp) }),
      money(group.taxAmount),
      false,
    ]);
  }
  rows.push([t(L.totalTax), money(tot.taxAmount), false]);
  if (tot.totalDiscount > 0) rows.push([t(L.discount), money(tot.totalDiscount), false]);
  rows.push([t(L.totalInclTax), `Tsh ${money(tot.totalIncludingTax)}`, true]);
  return rows;
}

function paymentPairs(view: ReceiptView, t: T): Array<[string, string]> {
  const pairs = view.payments.map((p): [string, string] => [
    t(paymentTypeLabels[p.type]),
    money(p.amount),
  ]);
  if (view.unpaid > 0) pairs.push([t(L.onCredit), money(view.unpaid)]);
  return pairs;
}

function notices(view: ReceiptView, t: T, copy = false): string[] {
  if (view.fiscal) return copy ? [t(L.copyNotice)] : [];
  const lines = [t(L.proFormaNotice)];
  if (view.status === 'canceled') lines.push(t(L.canceledNotice));
  return lines;
}

/** The thermal receipt, top to bottom; returns where it ended. */
function drawThermal(
  doc: Doc,
  view: ReceiptView,
  t: T,
  qr: Buffer | null,
  margin: number,
  size: number,
  copy = false,
) {
  const width = doc.page.width - 2 * margin;
  const col = new Column(doc, margin, width, margin, size);
  const fiscal = view.fiscal !== null;
  for (const notice of notices(view, t, copy)) col.center(notice, { bold: true });
  if (!fiscal) col.rule();
  if (fiscal) {
    col.center(LEGAL_START, { bold: true });
    col.center(TRA_MARK, { bold: true, size: size * 1.4 });
  }
  businessLines(col, view, t, fiscal);
  col.rule();
  for (const [label, value] of customerPairs(view, t)) col.pair(`${label}:`, value);
  col.rule();
  for (const [label, value] of receiptPairs(view, t)) col.pair(`${label}:`, value);
  col.rule();
  for (const item of view.items) {
    col.text(item.description);
    col.pair(
      `${quantityText(item.quantity)} x ${money(item.unitPriceInclusive)}`,
      `${money(item.amount)} ${item.taxGroup}`,
    );
    if (item.discountPercent > 0) {
      col.pair(
        t(L.itemDiscount, { percent: percentText(item.discountPercent) }),
        `-${money(item.discount)}`,
      );
    }
  }
  col.rule();
  for (const [label, value, bold] of totalPairs(view, t)) col.pair(`${label}:`, value, { bold });
  const payments = paymentPairs(view, t);
  if (payments.length) {
    col.rule();
    col.text(`${t(L.payments)}:`, { bold: true });
    for (const [label, value] of payments) col.pair(label, value);
  }
  if (view.fiscal && qr) {
    col.rule();
    const side = Math.min(width, size * 15);
    doc.image(qr, margin + (width - side) / 2, col.y, { width: side, height: side });
    col.y += side + size * 0.4;
    col.center(t(L.verificationCode), { bold: true });
    col.center(view.fiscal.verificationCode, { bold: true, size: size * 1.3 });
    col.gap();
    col.center(LEGAL_END, { bold: true });
  }
  return col.y;
}

async function thermalPdf(view: ReceiptView, options: PdfOptions, t: T, qr: Buffer | null) {
  const paper = options.layout === '58mm' ? 58 : 80;
  const width = paper * MM;
  const margin = paper === 58 ? 6 : 9;
  const size = paper === 58 ? 6.5 : 8;
  // Thermal paper is a roll: the page is as long as the receipt. A first pass measures it.
  const probe = newDocument(view, options, t, [width, MAX_PAGE_HEIGHT], margin);
  const probeDone = collect(probe);
  let pages = 1;
  probe.on('pageAdded', () => pages++);
  const end = drawThermal(probe, view, t, qr, margin, size, options.copy);
  probe.end();
  await probeDone;
  const height = pages > 1 ? MAX_PAGE_HEIGHT : Math.ceil(end + margin + 2);
  const doc = newDocument(view, options, t, [width, height], margin);
  const done = collect(doc);
  drawThermal(doc, view, t, qr, margin, size, options.copy);
  doc.end();
  return done;
}

/** The A4 invoice; a fiscal one is itself the legal receipt, between TRA's markers. */
async function a4Pdf(view: ReceiptView, options: PdfOptions, t: T, qr: Buffer | null) {
  const margin = 40;
  const doc = newDocument(view, options, t, [595.28, 841.89], margin);
  const done = collect(doc);
  const left = margin;
  const width = doc.page.width - 2 * margin;
  const bottom = doc.page.height - margin;
  const size = 9;
  const fiscal = view.fiscal !== null;
  let col = new Column(doc, left, width, margin, size);

  const ensure = (height: number) => {
    if (col.y + height <= bottom) return false;
    doc.addPage();
    col = new Column(doc, left, width, margin, size);
    return true;
  };

  for (const notice of notices(view, t, options.copy)) {
    doc.fillColor('#b42318');
    col.center(notice, { bold: true, size: 14 });
    doc.fillColor('black');
  }
  if (fiscal) {
    col.center(LEGAL_START, { bold: true, size: 11 });
    col.center(TRA_MARK, { bold: true, size: 14 });
  }
  col.gap();
  businessLines(col, view, t, fiscal);
  col.rule();

  // Customer on the left, the document's numbers on the right.
  const half = (width - 20) / 2;
  const top = col.y;
  const customer = new Column(doc, left, half, top, size);
  customer.text(t(L.billTo), { bold: true });
  for (const [label, value] of customerPairs(view, t)) customer.pair(`${label}:`, value);
  const numbers = new Column(doc, left + half + 20, half, top, size);
  numbers.text(t(fiscal ? L.taxInvoice : L.proFormaInvoice), { bold: true, size: 12 });
  for (const [label, value] of receiptPairs(view, t)) numbers.pair(`${label}:`, value);
  numbers.text(t(view.amountsIncludeTax ? L.pricesInclusive : L.pricesExclusive));
  col.y = Math.max(customer.y, numbers.y);
  col.rule();

  // Items.
  const columns = [
    { key: 'n', width: 22, align: 'left' as const },
    { key: 'description', width: width - 22 - 50 - 80 - 45 - 30 - 85, align: 'left' as const },
    { key: 'quantity', width: 50, align: 'right' as const },
    { key: 'unitPrice', width: 80, align: 'right' as const },
    { key: 'discount', width: 45, align: 'right' as const },
    { key: 'tax', width: 30, align: 'right' as const },
    { key: 'amount', width: 85, align: 'right' as const },
  ];
  // A header word wider than its column ("Punguzo" over the discounts) is printed smaller
  // rather than broken inside the word.
  const sizeFor = (cell: string, i: number, bold: boolean) => {
    if (!bold) return size;
    doc.font(BOLD_FONT).fontSize(size);
    const room = columns[i]!.width - 4;
    const widest = Math.max(
      ...pdfText(cell)
        .split(/\s+/)
        .map((word) => doc.widthOfString(word)),
    );
    return widest > room ? Math.max(5, (size * room) / widest) : size;
  };
  const drawRow = (cells: string[], bold: boolean) => {
    const sizes = cells.map((cell, i) => sizeFor(cell, i, bold));
    doc.font(bold ? BOLD_FONT : BODY_FONT);
    const heights = cells.map((cell, i) =>
      doc.fontSize(sizes[i]!).heightOfString(pdfText(cell), { width: columns[i]!.width - 4 }),
    );
    const height = Math.max(...heights);
    let x = left;
    cells.forEach((cell, i) => {
      doc.fontSize(sizes[i]!).text(pdfText(cell), x, col.y, {
        width: columns[i]!.width - 4,
        align: columns[i]!.align,
      });
      x += columns[i]!.width;
    });
    doc.fontSize(size);
    col.y += height + 3;
  };
  const header = [
    '#',
    t(L.description),
    t(L.quantity),
    t(L.unitPrice),
    t(L.discountShort),
    t(L.taxShort),
    t(L.amount),
  ];
  drawRow(header, true);
  view.items.forEach((item, index) => {
    const cells = [
      String(index + 1),
      item.description,
      quantityText(item.quantity),
      money(item.unitPrice),
      item.discountPercent > 0 ? `${percentText(item.discountPercent)}%` : '',
      item.taxGroup,
      money(item.amount),
    ];
    doc.font(BODY_FONT).fontSize(size);
    const height = doc.heightOfString(pdfText(item.description), { width: columns[1]!.width - 4 });
    if (ensure(height + 3)) drawRow(header, true);
    drawRow(cells, false);
  });
  col.rule();

  // Totals and payments, on the right half.
  const payments = paymentPairs(view, t);
  const totals = totalPairs(view, t);
  const lines = 1 + totals.length + (payments.length ? payments.length + 1 : 0);
  ensure(lines * size * 1.4);
  const sums = new Column(doc, left + half + 20, half, col.y, size);
  if (view.totals.totalDiscount > 0) sums.pair(`${t(L.subTotal)}:`, money(view.totals.subTotal));
  for (const [label, value, bold] of totals) sums.pair(`${label}:`, value, { bold });
  if (payments.length) {
    sums.gap();
    sums.text(`${t(L.payments)}:`, { bold: true });
    for (const [label, value] of payments) sums.pair(label, value);
  }
  col.y = sums.y;

  if (view.fiscal && qr) {
    const side = 110;
    ensure(side + 50);
    col.rule();
    const top = col.y;
    doc.image(qr, left, top, { width: side, height: side });
    const info = new Column(doc, left + side + 16, width - side - 16, top + 10, size);
    info.text(t(L.verificationCode), { bold: true });
    info.text(view.fiscal.verificationCode, { bold: true, size: 16 });
    info.gap();
    info.text(t(L.verifyAt));
    info.text(view.fiscal.verificationUrl);
    col.y = Math.max(top + side, info.y) + size;
    col.center(LEGAL_END, { bold: true, size: 11 });
  }
  doc.end();
  return done;
}

/** Renders the receipt (or pro forma) in the requester's language. */
export async function renderReceiptPdf(view: ReceiptView, options: PdfOptions): Promise<Buffer> {
  const t: T = (message, values) => translate(options.locale, message, values);
  const qr = view.fiscal ? await qrPng(view.fiscal.verificationUrl) : null;
  return options.layout === 'a4' ? a4Pdf(view, options, t, qr) : thermalPdf(view, options, t, qr);
}
