// Reads a receipt from TRA's public verification page ("Taxpayer receipt verification portal"),
// and from the built-in simulator's JSON answer for the same receipt. The real page is no API:
// it is the HTML a customer sees, with the legal receipt's labels (TIN:, RECEIPT DATE:, TOTAL
// INCL OF TAX: …) in bold before their values and the items in a table. It is read by those
// labels in document order rather than by position or CSS class, so a reshuffled layout still
// reads; a page without the START OF LEGAL RECEIPT marker is not a receipt (the form that asks
// for the receipt time, or "not found").
import { parse, type HTMLElement, type Node } from 'node-html-parser';
import { parseAmount, type Cents } from '../../../domain/money';
import { parseQuantity, quantity, type Quantity } from '../../../domain/quantity';
import { parseCalendarDate, parseTimeOfDay } from '../../../domain/schemas/fields';

export type TaxGroup = 'A' | 'B' | 'C' | 'D' | 'E';

export interface VerifiedReceiptItem {
  description: string;
  quantity: Quantity;
  /** What was paid for the line, tax included. */
  amount: Cents;
  /** TRA's tax group when the page shows it (the real page does not, per line). */
  taxGroup: TaxGroup | null;
}

/** A fiscal receipt as TRA's verification shows it. */
export interface VerifiedReceipt {
  seller: {
    name: string;
    tin: string | null;
    /** Null when the seller is not registered for VAT. */
    vrn: string | null;
    serial: string | null;
    mobile: string | null;
  };
  receiptNumber: string | null;
  verificationCode: string | null;
  /** YYYY-MM-DD and HH:mm:ss. */
  date: string;
  time: string;
  items: VerifiedReceiptItem[];
  totalExcludingTax: Cents | null;
  totalTax: Cents | null;
  totalIncludingTax: Cents;
}

const RECEIPT_MARKER = /START OF LEGAL RECEIPT/i;

/** Whether an HTML page shows a receipt (rather than the time form or an error). */
export function isReceiptPage(html: string): boolean {
  return RECEIPT_MARKER.test(html);
}

/**
 * The page's text as tokens in document order: each text node, trimmed, and a bold label
 * ("TIN:") apart from its value. A label is a token ending in a colon.
 */
function tokens(root: HTMLElement): string[] {
  const out: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === 3) {
      const text = node.text.replace(/\s+/g, ' ').trim();
      if (text) out.push(text);
      return;
    }
    const element = node as HTMLElement;
    const tag = element.rawTagName?.toLowerCase();
    if (tag === 'script' || tag === 'style' || tag === 'head') return;
    for (const child of element.childNodes) walk(child);
  };
  walk(root);
  // "RECEIPT NO: 1234" in one text node is a label and its value too.
  return out.flatMap((token) => {
    const joined = /^([A-Z][A-Z .\-/]{1,40}:)\s*(\S.*)$/.exec(token);
    return joined ? [joined[1]!, joined[2]!] : [token];
  });
}

const labelKey = (token: string) =>
  token
    .replace(/:\s*$/, '')
    .replace(/[^A-Za-z ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase();

/** The value after each label (the first time the label appears). */
function labelled(list: string[]): Map<string, string> {
  const values = new Map<string, string>();
  list.forEach((token, index) => {
    if (!token.endsWith(':')) return;
    const key = labelKey(token);
    const next = list[index + 1];
    if (!key || values.has(key) || next === undefined || next.endsWith(':')) return;
    values.set(key, next);
  });
  return values;
}

function first(values: Map<string, string>, ...keys: string[]): string | null {
  for (const key of keys) {
    const value = values.get(key);
    if (value !== undefined && value !== '') return value;
  }
  return null;
}

const digitsOnly = (text: string | null) => (text ? text.replace(/\D/g, '') : '');

function moneyOf(text: string | null): Cents | null {
  if (!text) return null;
  return parseAmount(text.replace(/[^\d.,]/g, ''));
}

function identifier(text: string | null): string | null {
  const value = (text ?? '').replace(/[\s-]/g, '').toUpperCase();
  if (!value || /^(N\/?A|NIL|NONE|NOTREGISTERED)$/.test(value)) return null;
  return value;
}

function itemRows(root: HTMLElement): VerifiedReceiptItem[] {
  const table = root
    .querySelectorAll('table')
    .find((candidate) =>
      candidate
        .querySelectorAll('th')
        .some((th) => /description/i.test(th.text) || /maelezo/i.test(th.text)),
    );
  if (!table) return [];
  const rows = table.querySelectorAll('tbody tr');
  return rows.flatMap((row): VerifiedReceiptItem[] => {
    const cells = row.querySelectorAll('td').map((td) => td.text.replace(/\s+/g, ' ').trim());
    if (cells.length < 3) return [];
    const description = cells[0]!;
    const amount = moneyOf(cells[cells.length - 1]!);
    const qty = parseQuantity(cells[1]!) ?? quantity(1);
    const group = cells.length > 3 ? /^[A-E]$/.exec(cells[2]!.toUpperCase())?.[0] : undefined;
    if (!description || amount === null) return [];
    return [{ description, quantity: qty, amount, taxGroup: (group as TaxGroup) ?? null }];
  });
}

/** The receipt on TRA's verification page, or null when the page shows none. */
export function readVerificationPage(html: string): VerifiedReceipt | null {
  if (!isReceiptPage(html)) return null;
  const root = parse(html);
  const list = tokens(root);
  const values = labelled(list);
  const markerAt = list.findIndex((token) => RECEIPT_MARKER.test(token));
  // The business is the first bold heading of the receipt that is no label and no marker.
  const heading = root
    .querySelectorAll('.invoice-header h4, .invoice-header b, h4 b')
    .map((element) => element.text.replace(/\s+/g, ' ').trim())
    .find((text) => text && !text.endsWith(':') && !RECEIPT_MARKER.test(text));
  const name =
    heading ??
    list.slice(markerAt + 1).find((token) => !token.endsWith(':') && !/^TRA$/i.test(token)) ??
    '';
  const date = parseCalendarDate(first(values, 'RECEIPT DATE', 'DATE') ?? '');
  const time = parseTimeOfDay(first(values, 'RECEIPT TIME', 'TIME') ?? '');
  const total = moneyOf(first(values, 'TOTAL INCL OF TAX', 'TOTAL INCLUDING TAX'));
  if (!name || !date || !time || total === null) return null;
  const codeAt = list.findIndex((token) => /RECEIPT VERIFICATION CODE/i.test(token));
  const code = codeAt >= 0 ? identifier(list[codeAt + 1] ?? null) : null;
  const tin = digitsOnly(first(values, 'TIN'));
  return {
    seller: {
      name,
      tin: /^\d{9}$/.test(tin) ? tin : null,
      vrn: identifier(first(values, 'VRN')),
      serial: identifier(first(values, 'SERIAL NO', 'SERIAL NUMBER', 'SERIAL')),
      mobile: digitsOnly(first(values, 'MOBILE')) || null,
    },
    receiptNumber: first(values, 'RECEIPT NO', 'RECEIPT NUMBER'),
    verificationCode: code && /^[A-Z0-9]+$/.test(code) ? code : null,
    date,
    time,
    items: itemRows(root),
    totalExcludingTax: moneyOf(first(values, 'TOTAL EXCL OF TAX', 'TOTAL EXCLUDING TAX')),
    totalTax: moneyOf(first(values, 'TOTAL TAX')),
    totalIncludingTax: total,
  };
}

/** The built-in simulator's JSON for a receipt (server/tra-sim/verify-page.ts). */
interface SimulatorReceipt {
  rctvnum?: unknown;
  seller?: { name?: unknown; tin?: unknown; vrn?: unknown; serial?: unknown };
  receiptNumber?: unknown;
  date?: unknown;
  time?: unknown;
  customer?: { mobile?: unknown };
  items?: { description?: unknown; quantity?: unknown; taxGroup?: unknown; amount?: unknown }[];
  totalExcludingTax?: unknown;
  totalTax?: unknown;
  totalIncludingTax?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);
const numberText = (value: unknown) =>
  typeof value === 'number' ? String(value) : typeof value === 'string' ? value : null;

/** The receipt in the simulator's JSON answer, or null when it is not one. */
export function readSimulatorJson(body: unknown): VerifiedReceipt | null {
  const receipt = body as SimulatorReceipt | null;
  if (!receipt || typeof receipt !== 'object' || !receipt.seller) return null;
  const date = parseCalendarDate(text(receipt.date) ?? '');
  const time = parseTimeOfDay(text(receipt.time) ?? '');
  const total = moneyOf(numberText(receipt.totalIncludingTax));
  const name = text(receipt.seller.name)?.trim();
  if (!date || !time || total === null || !name) return null;
  const items = (Array.isArray(receipt.items) ? receipt.items : []).flatMap(
    (item): VerifiedReceiptItem[] => {
      const description = text(item.description)?.trim();
      const amount = moneyOf(numberText(item.amount));
      const qty = parseQuantity(numberText(item.quantity) ?? '');
      const group = /^[A-E]$/.exec(text(item.taxGroup) ?? '')?.[0] as TaxGroup | undefined;
      if (!description || amount === null || qty === null) return [];
      return [{ description, quantity: qty, amount, taxGroup: group ?? null }];
    },
  );
  const tin = digitsOnly(text(receipt.seller.tin));
  return {
    seller: {
      name,
      tin: /^\d{9}$/.test(tin) ? tin : null,
      vrn: identifier(text(receipt.seller.vrn)),
      serial: identifier(text(receipt.seller.serial)),
      mobile: null,
    },
    receiptNumber: numberText(receipt.receiptNumber),
    verificationCode: identifier(text(receipt.rctvnum)),
    date,
    time,
    items,
    totalExcludingTax: moneyOf(numberText(receipt.totalExcludingTax)),
    totalTax: moneyOf(numberText(receipt.totalTax)),
    totalIncludingTax: total,
  };
}
