// TRA's XML, written by hand so every byte is ours to decide: element order exactly as
// tra-vfd.md, no whitespace between elements (the signature covers the bytes as sent), text
// escaped, money with two decimals. Also reads TRA's answers.
import crypto from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import { toDecimalString, ZERO, type Cents } from '../../domain/money';
import type { TraPaymentType } from '../../domain/tra';
import { signXml } from './certificate';

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

export type TaxGroup = 'A' | 'B' | 'C' | 'D' | 'E';

/** Characters XML 1.0 cannot carry at all; dropped rather than making the receipt unreadable. */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

export function escapeXml(text: string): string {
  return text
    .replace(FORBIDDEN, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const amount = (value: Cents) => toDecimalString(value);

const el = (name: string, content: string | number) => `<${name}>${content}</${name}>`;
const text = (name: string, value: string) => el(name, escapeXml(value));

export interface ReceiptXmlInput {
  date: string;
  time: string;
  tin: string;
  regId: string;
  efdSerial: string;
  custIdType: number;
  custId: string;
  custName: string;
  mobileNum: string;
  gc: number;
  dc: number;
  znum: string;
  rctvnum: string;
  items: { id: string; desc: string; qty: string; taxCode: number; amtCents: Cents }[];
  totalExclCents: Cents;
  totalInclCents: Cents;
  discountCents: Cents;
  payments: { type: TraPaymentType; cents: Cents }[];
  vatTotals: { group: TaxGroup; netCents: Cents; taxCents: Cents }[];
}

/** The signed part of a receipt: `<RCT>…</RCT>`. */
export function receiptXml(r: ReceiptXmlInput): string {
  return (
    '<RCT>' +
    el('DATE', r.date) +
    el('TIME', r.time) +
    text('TIN', r.tin) +
    text('REGID', r.regId) +
    text('EFDSERIAL', r.efdSerial) +
    el('CUSTIDTYPE', r.custIdType) +
    text('CUSTID', r.custId) +
    text('CUSTNAME', r.custName) +
    text('MOBILENUM', r.mobileNum) +
    el('RCTNUM', r.gc) +
    el('DC', r.dc) +
    el('GC', r.gc) +
    el('ZNUM', r.znum) +
    text('RCTVNUM', r.rctvnum) +
    el(
      'ITEMS',
      r.items
        .map((item) =>
          el(
            'ITEM',
            text('ID', item.id) +
              text('DESC', item.desc) +
              el('QTY', item.qty) +
              el('TAXCODE', item.taxCode) +
              el('AMT', amount(item.amtCents)),
          ),
        )
        .join(''),
    ) +
    el(
      'TOTALS',
      el('TOTALTAXEXCL', amount(r.totalExclCents)) +
        el('TOTALTAXINCL', amount(r.totalInclCents)) +
        el('DISCOUNT', amount(r.discountCents)),
    ) +
    el(
      'PAYMENTS',
      r.payments.map((p) => el('PMTTYPE', p.type) + el('PMTAMOUNT', amount(p.cents))).join(''),
    ) +
    el(
      'VATTOTALS',
      r.vatTotals
        .map(
          (v) =>
            el('VATRATE', v.group) +
            el('NETTAMOUNT', amount(v.netCents)) +
            el('TAXAMOUNT', amount(v.taxCents)),
        )
        .join(''),
    ) +
    '</RCT>'
  );
}

export interface ZReportXmlInput {
  date: string;
  time: string;
  headerLines: [string, string, string, string];
  vrn: string;
  tin: string;
  taxOffice: string;
  regId: string;
  znumber: string;
  efdSerial: string;
  registrationDate: string;
  uin: string;
  dailyTotalCents: Cents;
  grossCents: Cents;
  discountsCents: Cents;
  ticketsFiscal: number;
  /** Rate label of each group as TRA writes it, B-0.00 … */
  vatTotals: { label: string; netCents: Cents; taxCents: Cents }[];
  payments: { type: TraPaymentType; cents: Cents }[];
}

/** The signed part of a Z report: `<ZREPORT>…</ZREPORT>`. */
export function zReportXml(z: ZReportXmlInput): string {
  return (
    '<ZREPORT>' +
    el('DATE', z.date) +
    el('TIME', z.time) +
    el('HEADER', z.headerLines.map((line) => text('LINE', line)).join('')) +
    text('VRN', z.vrn) +
    text('TIN', z.tin) +
    text('TAXOFFICE', z.taxOffice) +
    text('REGID', z.regId) +
    el('ZNUMBER', z.znumber) +
    text('EFDSERIAL', z.efdSerial) +
    el('REGISTRATIONDATE', z.registrationDate) +
    text('USER', z.uin) +
    el('SIMIMSI', 'WEBAPI') +
    el(
      'TOTALS',
      el('DAILYTOTALAMOUNT', amount(z.dailyTotalCents)) +
        el('GROSS', amount(z.grossCents)) +
        el('CORRECTIONS', amount(ZERO)) +
        el('DISCOUNTS', amount(z.discountsCents)) +
        el('SURCHARGES', amount(ZERO)) +
        el('TICKETSVOID', 0) +
        el('TICKETSVOIDTOTAL', amount(ZERO)) +
        el('TICKETSFISCAL', z.ticketsFiscal) +
        el('TICKETSNONFISCAL', 0),
    ) +
    el(
      'VATTOTALS',
      z.vatTotals
        .map(
          (v) =>
            el('VATRATE', v.label) +
            el('NETTAMOUNT', amount(v.netCents)) +
            el('TAXAMOUNT', amount(v.taxCents)),
        )
        .join(''),
    ) +
    el(
      'PAYMENTS',
      z.payments.map((p) => el('PMTTYPE', p.type) + el('PMTAMOUNT', amount(p.cents))).join(''),
    ) +
    el('CHANGES', el('VATCHANGENUM', 0) + el('HEADCHANGENUM', 0)) +
    el('ERRORS', '') +
    el('FWVERSION', '3.0') +
    el('FWCHECKSUM', 'WEBAPI') +
    '</ZREPORT>'
  );
}

export function registrationXml(tin: string, certKey: string): string {
  return `<REGDATA>${text('TIN', tin)}${text('CERTKEY', certKey)}</REGDATA>`;
}

/** The document as sent: declaration, the signed part, and its signature. */
export function signedDocument(signedPart: string, privateKey: crypto.KeyObject): string {
  return envelope(signedPart, signXml(privateKey, signedPart));
}

/**
 * The same document, signed on libuv's thread pool: a group of receipts is signed on every
 * core at once instead of one after the other on the event loop. RSA PKCS#1 v1.5 signatures
 * are deterministic, so the bytes are those signedDocument gives.
 */
export function signedDocumentAsync(
  signedPart: string,
  privateKey: crypto.KeyObject,
): Promise<string> {
  return new Promise((resolve, reject) => {
    crypto.sign('sha1', Buffer.from(signedPart, 'utf8'), privateKey, (error, signature) => {
      if (error) reject(error);
      else resolve(envelope(signedPart, signature.toString('base64')));
    });
  });
}

export function envelope(signedPart: string, signature: string): string {
  return `${XML_DECLARATION}<EFDMS>${signedPart}<EFDMSSIGNATURE>${signature}</EFDMSSIGNATURE></EFDMS>`;
}

/**
 * Splits a document into its signed part and signature, exactly as the bytes arrived.
 * Null when the document is not one EFDMS element holding one signed part and a signature.
 */
export function splitSigned(
  document: string,
  part: 'RCT' | 'ZREPORT' | 'REGDATA' | 'RCTACK' | 'ZACK' | 'EFDMSRESP',
): { signedPart: string; signature: string } | null {
  const pattern = new RegExp(
    `^\\s*(?:<\\?xml[^>]*\\?>)?\\s*<EFDMS>\\s*(<${part}>[\\s\\S]*</${part}>)\\s*<EFDMSSIGNATURE>([A-Za-z0-9+/=\\s]*)</EFDMSSIGNATURE>\\s*</EFDMS>\\s*$`,
  );
  const match = pattern.exec(document);
  if (!match) return null;
  return { signedPart: match[1]!, signature: match[2]!.replace(/\s/g, '') };
}

const answerParser = new XMLParser({
  ignoreDeclaration: true,
  parseTagValue: false,
  trimValues: true,
  ignoreAttributes: true,
});

type Tree = Record<string, unknown>;

function field(node: unknown, name: string): string {
  if (!node || typeof node !== 'object') return '';
  const value = (node as Tree)[name];
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? '' : String(value);
}

function parseTree(body: string): Tree | null {
  try {
    const tree = answerParser.parse(body) as unknown;
    return tree && typeof tree === 'object' ? (tree as Tree) : null;
  } catch {
    return null;
  }
}

export interface Ack {
  ackCode: number;
  ackMessage: string;
  number: string;
  date: string;
  time: string;
}

/** TRA's answer to a receipt (RCTACK) or Z report (ZACK); null when it is neither. */
export function parseAck(body: string, kind: 'RCTACK' | 'ZACK'): Ack | null {
  const tree = parseTree(body);
  const ack = (tree?.EFDMS as Tree | undefined)?.[kind];
  if (!ack || typeof ack !== 'object') return null;
  const code = field(ack, 'ACKCODE');
  if (!/^-?\d+$/.test(code)) return null;
  return {
    ackCode: Number(code),
    ackMessage: field(ack, 'ACKMSG'),
    number: field(ack, kind === 'RCTACK' ? 'RCTNUM' : 'ZNUMBER'),
    date: field(ack, 'DATE'),
    time: field(ack, 'TIME'),
  };
}

/** TRA's registration answer, flattened (TAXCODES/CODEA → CODEA). */
export function parseRegistration(body: string): Record<string, string> | null {
  const tree = parseTree(body);
  const resp = (tree?.EFDMS as Tree | undefined)?.EFDMSRESP;
  if (!resp || typeof resp !== 'object') return null;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(resp as Tree)) {
    if (value && typeof value === 'object') {
      for (const [inner, innerValue] of Object.entries(value as Tree)) {
        if (typeof innerValue !== 'object') out[inner] = String(innerValue);
      }
    } else {
      out[key] = value === undefined || value === null ? '' : String(value);
    }
  }
  if (!/^-?\d+$/.test(out.ACKCODE ?? '')) return null;
  return out;
}

/** The message of an `<Error><Message>…</Message></Error>` answer (TRA's HTTP 500). */
export function parseErrorMessage(body: string): string | null {
  const tree = parseTree(body);
  const error = tree?.Error;
  const message = field(error, 'Message');
  return message || null;
}
