// The simulator's reading of what a VFD sends: well-formed XML, exactly TRA's elements in
// TRA's order, amounts with two decimals, and totals that add up. Pure functions; the
// numbering checks that need the ledger are in simulator.ts.
import { XMLParser, XMLValidator } from 'fast-xml-parser';

export const ACK = {
  success: { code: 0, message: 'Success' },
  badSignature: { code: 1, message: 'Invalid signature' },
  badTin: { code: 3, message: 'Invalid TIN' },
  badSerial: { code: 6, message: 'Invalid serial or serial not registered to web API/TIN' },
  badClient: { code: 7, message: 'Invalid client header' },
  wrongCertificate: { code: 8, message: 'Wrong certificate used to register' },
  // TRA has not published codes for the checks below; the simulator numbers them itself.
  badToken: { code: 11, message: 'Invalid or expired token' },
  badRoutingKey: { code: 12, message: 'Invalid routing key' },
  malformed: { code: 13, message: 'Malformed XML' },
  badStructure: { code: 14, message: 'Invalid receipt structure' },
  blocked: { code: 15, message: 'VFD blocked by TRA' },
  gcSequence: { code: 20, message: 'GC out of sequence' },
  rctnumNotGc: { code: 21, message: 'RCTNUM must equal GC' },
  dcSequence: { code: 22, message: 'DC out of sequence' },
  znumNotDate: { code: 23, message: 'ZNUM differs from DATE' },
  futureDate: { code: 24, message: 'Date is in the future' },
  olderDate: { code: 25, message: 'Date older than the previous receipt' },
  badRctvnum: { code: 26, message: 'RCTVNUM must be RECEIPTCODE followed by GC' },
  duplicateRctvnum: { code: 27, message: 'RCTVNUM already used by a different receipt' },
  totals: { code: 30, message: 'Totals do not add up' },
  badCustomerId: { code: 31, message: 'Invalid customer ID' },
  badMobile: { code: 32, message: 'Invalid MOBILENUM' },
  badCode: { code: 33, message: 'Invalid code' },
  zDayNotOver: { code: 40, message: 'Z report for a day that is not over' },
  zTotals: { code: 41, message: 'Z report totals differ from the receipts of the day' },
  zDuplicate: { code: 42, message: 'Z report already received with different content' },
} as const;

export interface Verdict {
  code: number;
  message: string;
}

export class Refusal extends Error {
  constructor(
    readonly verdict: Verdict,
    detail?: string,
  ) {
    super(detail ? `${verdict.message}: ${detail}` : verdict.message);
  }
  get ack(): Verdict {
    return { code: this.verdict.code, message: this.message };
  }
}

interface Node {
  name: string;
  children: Node[];
  text: string;
}

const parser = new XMLParser({
  preserveOrder: true,
  parseTagValue: false,
  trimValues: false,
  ignoreAttributes: false,
  processEntities: true,
  ignoreDeclaration: true,
});

function toNodes(raw: unknown[]): Node[] {
  const nodes: Node[] = [];
  for (const entry of raw) {
    const record = entry as Record<string, unknown>;
    if (':@' in record) throw new Refusal(ACK.badStructure, 'attributes are not allowed');
    for (const [key, value] of Object.entries(record)) {
      if (key === '#text') {
        if (String(value).trim() !== '') {
          throw new Refusal(ACK.badStructure, 'text between elements');
        }
        continue;
      }
      const inner = value as unknown[];
      const textParts = inner.filter((i) => '#text' in (i as object));
      const elements = inner.filter((i) => !('#text' in (i as object)));
      const text = textParts.map((t) => String((t as Record<string, unknown>)['#text'])).join('');
      if (elements.length > 0 && text.trim() !== '') {
        throw new Refusal(ACK.badStructure, `${key} mixes text and elements`);
      }
      nodes.push({ name: key, children: toNodes(elements), text });
    }
  }
  return nodes;
}

/** Parses one element document (the signed part) into a node tree. */
export function parseElement(xml: string, root: string): Node {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new Refusal(ACK.malformed, 'DOCTYPE is not allowed');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Refusal(ACK.malformed, valid.err.msg);
  const nodes = toNodes(parser.parse(xml) as unknown[]);
  if (nodes.length !== 1 || nodes[0]!.name !== root) {
    throw new Refusal(ACK.badStructure, `expected one ${root} element`);
  }
  return nodes[0]!;
}

function expectSequence(parent: Node, names: readonly string[]): Map<string, Node> {
  const found = parent.children.map((c) => c.name);
  for (let i = 0; i < Math.max(names.length, found.length); i++) {
    if (names[i] !== found[i]) {
      const where = `${parent.name} element ${i + 1}`;
      if (names[i] === undefined)
        throw new Refusal(ACK.badStructure, `unexpected ${found[i]} in ${where}`);
      if (found[i] === undefined)
        throw new Refusal(ACK.badStructure, `${names[i]} missing in ${parent.name}`);
      throw new Refusal(ACK.badStructure, `${where}: expected ${names[i]}, found ${found[i]}`);
    }
  }
  return new Map(parent.children.map((c) => [c.name, c]));
}

/** Children that repeat a group of names (PMTTYPE PMTAMOUNT PMTTYPE PMTAMOUNT …), at least once. */
function expectRepeated(parent: Node, group: readonly string[]): Node[][] {
  const children = parent.children;
  if (children.length === 0 || children.length % group.length !== 0) {
    throw new Refusal(ACK.badStructure, `${parent.name} must repeat ${group.join(', ')}`);
  }
  const rows: Node[][] = [];
  for (let i = 0; i < children.length; i += group.length) {
    const row = children.slice(i, i + group.length);
    row.forEach((node, k) => {
      if (node.name !== group[k]) {
        throw new Refusal(
          ACK.badStructure,
          `${parent.name}: expected ${group[k]}, found ${node.name}`,
        );
      }
    });
    rows.push(row);
  }
  return rows;
}

function leaf(node: Node): string {
  if (node.children.length > 0) throw new Refusal(ACK.badStructure, `${node.name} must hold text`);
  return node.text;
}

/**
 * "1234.05" → 123405: an amount in plain decimal notation with at most two decimals, as TRA
 * takes them ("200" in TRA's own sample, "200.0" from VFDs that print floats). Signs,
 * exponents ("1.5e+06") and more decimals are refused.
 */
export function money(node: Node): number {
  const text = leaf(node);
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) {
    throw new Refusal(ACK.badStructure, `${node.name} must be an amount with up to two decimals`);
  }
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

function integer(node: Node): number {
  const text = leaf(node);
  if (!/^\d{1,10}$/.test(text))
    throw new Refusal(ACK.badStructure, `${node.name} must be a number`);
  return Number(text);
}

const RCT_ELEMENTS = [
  'DATE',
  'TIME',
  'TIN',
  'REGID',
  'EFDSERIAL',
  'CUSTIDTYPE',
  'CUSTID',
  'CUSTNAME',
  'MOBILENUM',
  'RCTNUM',
  'DC',
  'GC',
  'ZNUM',
  'RCTVNUM',
  'ITEMS',
  'TOTALS',
  'PAYMENTS',
  'VATTOTALS',
] as const;

export interface ParsedReceipt {
  date: string;
  time: string;
  tin: string;
  regId: string;
  efdSerial: string;
  custIdType: number;
  custId: string;
  custName: string;
  mobileNum: string;
  rctNum: number;
  dc: number;
  gc: number;
  znum: string;
  rctvnum: string;
  items: { id: string; desc: string; qty: string; taxCode: number; amount: number }[];
  totalExcl: number;
  totalIncl: number;
  discount: number;
  payments: { type: string; amount: number }[];
  vatTotals: { rate: string; net: number; tax: number }[];
}

function checkDateTime(date: string, time: string): void {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) {
    throw new Refusal(ACK.badStructure, 'DATE must be YYYY-MM-DD');
  }
  if (!/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/.test(time)) {
    throw new Refusal(ACK.badStructure, 'TIME must be HH:MM:SS');
  }
}

/** Reads `<RCT>…</RCT>`: structure and formats only. */
export function parseReceipt(signedPart: string): ParsedReceipt {
  const rct = parseElement(signedPart, 'RCT');
  const e = expectSequence(rct, RCT_ELEMENTS);
  const get = (name: (typeof RCT_ELEMENTS)[number]) => e.get(name)!;
  const items = get('ITEMS').children.map((item) => {
    if (item.name !== 'ITEM')
      throw new Refusal(ACK.badStructure, `unexpected ${item.name} in ITEMS`);
    const f = expectSequence(item, ['ID', 'DESC', 'QTY', 'TAXCODE', 'AMT']);
    const qty = leaf(f.get('QTY')!);
    if (!/^\d+(\.\d+)?$/.test(qty) || Number(qty) <= 0) {
      throw new Refusal(ACK.badStructure, 'QTY must be a positive number');
    }
    return {
      id: leaf(f.get('ID')!),
      desc: leaf(f.get('DESC')!),
      qty,
      taxCode: integer(f.get('TAXCODE')!),
      amount: money(f.get('AMT')!),
    };
  });
  if (items.length === 0) throw new Refusal(ACK.badStructure, 'ITEMS must hold at least one ITEM');
  const totals = expectSequence(get('TOTALS'), ['TOTALTAXEXCL', 'TOTALTAXINCL', 'DISCOUNT']);
  const receipt: ParsedReceipt = {
    date: leaf(get('DATE')),
    time: leaf(get('TIME')),
    tin: leaf(get('TIN')),
    regId: leaf(get('REGID')),
    efdSerial: leaf(get('EFDSERIAL')),
    custIdType: integer(get('CUSTIDTYPE')),
    custId: leaf(get('CUSTID')),
    custName: leaf(get('CUSTNAME')),
    mobileNum: leaf(get('MOBILENUM')),
    rctNum: integer(get('RCTNUM')),
    dc: integer(get('DC')),
    gc: integer(get('GC')),
    znum: leaf(get('ZNUM')),
    rctvnum: leaf(get('RCTVNUM')),
    items,
    totalExcl: money(totals.get('TOTALTAXEXCL')!),
    totalIncl: money(totals.get('TOTALTAXINCL')!),
    discount: money(totals.get('DISCOUNT')!),
    payments: expectRepeated(get('PAYMENTS'), ['PMTTYPE', 'PMTAMOUNT']).map(([type, amount]) => ({
      type: leaf(type!),
      amount: money(amount!),
    })),
    vatTotals: expectRepeated(get('VATTOTALS'), ['VATRATE', 'NETTAMOUNT', 'TAXAMOUNT']).map(
      ([rate, net, tax]) => ({ rate: leaf(rate!), net: money(net!), tax: money(tax!) }),
    ),
  };
  checkDateTime(receipt.date, receipt.time);
  return receipt;
}

const GROUP_OF_CODE: Record<number, string> = { 1: 'A', 2: 'B', 3: 'C', 4: 'D', 5: 'E' };
/** Tax rates in basis points per group, as the simulator registers them (TAXCODES). */
export const SIM_RATES_BP: Record<string, number> = { A: 1800, B: 0, C: 0, D: 0, E: 0 };
const PAYMENT_TYPES = new Set(['CASH', 'CHEQUE', 'CCARD', 'EMONEY', 'INVOICE']);

/** What TRA checks in a receipt's content once its numbering is right. */
export function checkReceiptContent(r: ParsedReceipt): void {
  if (r.custIdType < 1 || r.custIdType > 7) {
    throw new Refusal(ACK.badCustomerId, 'CUSTIDTYPE must be 1 to 7');
  }
  if (r.custIdType === 1 && !/^\d{9}$/.test(r.custId)) {
    throw new Refusal(ACK.badCustomerId, 'a TIN (CUSTIDTYPE 1) must be 9 digits');
  }
  if (r.mobileNum !== '') {
    if (/[+\s-]/.test(r.mobileNum)) {
      throw new Refusal(ACK.badMobile, 'no +, spaces or dashes allowed');
    }
    if (!/^(255\d{9}|0\d{9})$/.test(r.mobileNum)) {
      throw new Refusal(ACK.badMobile, 'must be 255XXXXXXXXX or 0XXXXXXXXX');
    }
  }
  // Items per tax group: their amounts (AMT) and how many there are.
  const byGroup = new Map<string, { amount: number; items: number }>();
  for (const item of r.items) {
    const group = GROUP_OF_CODE[item.taxCode];
    if (!group) throw new Refusal(ACK.badCode, `TAXCODE ${item.taxCode}`);
    const sum = byGroup.get(group) ?? { amount: 0, items: 0 };
    byGroup.set(group, { amount: sum.amount + item.amount, items: sum.items + 1 });
  }
  const itemsTotal = r.items.reduce((s, i) => s + i.amount, 0);
  // Two readings of AMT are in use (docs/tra-receipt-amounts.md): after discount, so that
  // Σ AMT = TOTALTAXINCL (Risiti), or before it, so that Σ AMT − DISCOUNT = TOTALTAXINCL.
  // Either is accepted when the whole receipt follows it.
  const discounted = itemsTotal !== r.totalIncl;
  if (discounted && itemsTotal - r.discount !== r.totalIncl) {
    throw new Refusal(
      ACK.totals,
      'the item amounts (AMT) do not add up to TOTALTAXINCL, with or without DISCOUNT',
    );
  }
  const seenRates = new Set<string>();
  let net = 0;
  let tax = 0;
  let groupsDiscount = 0;
  for (const vat of r.vatTotals) {
    const rateBp = SIM_RATES_BP[vat.rate];
    if (rateBp === undefined) throw new Refusal(ACK.badCode, `VATRATE ${vat.rate}`);
    if (seenRates.has(vat.rate)) throw new Refusal(ACK.totals, `VATRATE ${vat.rate} given twice`);
    seenRates.add(vat.rate);
    const group = byGroup.get(vat.rate);
    const gross = vat.net + vat.tax;
    // After discount, a group's VAT totals are its items; before it, at most its items, the
    // difference being the part of DISCOUNT that fell on the group.
    if (!group || (discounted ? gross > group.amount : gross !== group.amount)) {
      throw new Refusal(ACK.totals, `VATTOTALS ${vat.rate} do not match its items`);
    }
    groupsDiscount += group.amount - gross;
    // Tax checked once per group, in integer cents: the exact tax in the group's gross amount,
    // give or take half a cent for each item rounded on its own (and one more for the share
    // of a discount). 3 × 10.00 at 18 % is 25.41 + 4.59.
    const roundings = group.items + (discounted ? 1 : 0);
    const off = Math.abs(vat.tax * (10_000 + rateBp) - gross * rateBp) * 2;
    if (off > Math.max(1, roundings) * (10_000 + rateBp)) {
      throw new Refusal(ACK.totals, `TAXAMOUNT of ${vat.rate} does not match its rate`);
    }
    net += vat.net;
    tax += vat.tax;
  }
  for (const group of byGroup.keys()) {
    if (!seenRates.has(group))
      throw new Refusal(ACK.totals, `VATTOTALS missing for group ${group}`);
  }
  if (discounted && groupsDiscount !== r.discount) {
    throw new Refusal(ACK.totals, 'VATTOTALS do not take off DISCOUNT');
  }
  if (net !== r.totalExcl)
    throw new Refusal(ACK.totals, 'NETTAMOUNT do not add up to TOTALTAXEXCL');
  if (net + tax !== r.totalIncl) {
    throw new Refusal(ACK.totals, 'TOTALTAXEXCL plus tax is not TOTALTAXINCL');
  }
  const seenTypes = new Set<string>();
  let paid = 0;
  for (const payment of r.payments) {
    if (!PAYMENT_TYPES.has(payment.type)) throw new Refusal(ACK.badCode, `PMTTYPE ${payment.type}`);
    if (seenTypes.has(payment.type)) {
      throw new Refusal(ACK.totals, `PMTTYPE ${payment.type} given twice`);
    }
    seenTypes.add(payment.type);
    paid += payment.amount;
  }
  if (paid !== r.totalIncl) throw new Refusal(ACK.totals, 'payments do not add up to TOTALTAXINCL');
}

const Z_ELEMENTS = [
  'DATE',
  'TIME',
  'HEADER',
  'VRN',
  'TIN',
  'TAXOFFICE',
  'REGID',
  'ZNUMBER',
  'EFDSERIAL',
  'REGISTRATIONDATE',
  'USER',
  'SIMIMSI',
  'TOTALS',
  'VATTOTALS',
  'PAYMENTS',
  'CHANGES',
  'ERRORS',
  'FWVERSION',
  'FWCHECKSUM',
] as const;

const Z_TOTALS = [
  'DAILYTOTALAMOUNT',
  'GROSS',
  'CORRECTIONS',
  'DISCOUNTS',
  'SURCHARGES',
  'TICKETSVOID',
  'TICKETSVOIDTOTAL',
  'TICKETSFISCAL',
  'TICKETSNONFISCAL',
] as const;

export interface ParsedZReport {
  date: string;
  time: string;
  header: string[];
  vrn: string;
  tin: string;
  regId: string;
  znumber: string;
  efdSerial: string;
  user: string;
  dailyTotal: number;
  gross: number;
  discounts: number;
  ticketsFiscal: number;
  vatTotals: { rate: string; net: number; tax: number }[];
  payments: { type: string; amount: number }[];
}

export function parseZReport(signedPart: string): ParsedZReport {
  const z = parseElement(signedPart, 'ZREPORT');
  const e = expectSequence(z, Z_ELEMENTS);
  const get = (name: (typeof Z_ELEMENTS)[number]) => e.get(name)!;
  expectSequence(get('HEADER'), ['LINE', 'LINE', 'LINE', 'LINE']);
  const totals = expectSequence(get('TOTALS'), Z_TOTALS);
  const fixed: Array<[string, string]> = [
    [leaf(get('SIMIMSI')), 'WEBAPI'],
    [leaf(get('FWVERSION')), '3.0'],
    [leaf(get('FWCHECKSUM')), 'WEBAPI'],
    [leaf(get('ERRORS')), ''],
  ];
  for (const [value, expected] of fixed) {
    if (value !== expected) throw new Refusal(ACK.badStructure, `expected ${expected || 'empty'}`);
  }
  expectSequence(get('CHANGES'), ['VATCHANGENUM', 'HEADCHANGENUM']);
  const parsed: ParsedZReport = {
    date: leaf(get('DATE')),
    time: leaf(get('TIME')),
    header: get('HEADER').children.map(leaf),
    vrn: leaf(get('VRN')),
    tin: leaf(get('TIN')),
    regId: leaf(get('REGID')),
    znumber: leaf(get('ZNUMBER')),
    efdSerial: leaf(get('EFDSERIAL')),
    user: leaf(get('USER')),
    dailyTotal: money(totals.get('DAILYTOTALAMOUNT')!),
    gross: money(totals.get('GROSS')!),
    discounts: money(totals.get('DISCOUNTS')!),
    ticketsFiscal: integer(totals.get('TICKETSFISCAL')!),
    vatTotals: expectRepeated(get('VATTOTALS'), ['VATRATE', 'NETTAMOUNT', 'TAXAMOUNT']).map(
      ([rate, net, tax]) => ({ rate: leaf(rate!), net: money(net!), tax: money(tax!) }),
    ),
    payments: expectRepeated(get('PAYMENTS'), ['PMTTYPE', 'PMTAMOUNT']).map(([type, amount]) => ({
      type: leaf(type!),
      amount: money(amount!),
    })),
  };
  for (const name of ['CORRECTIONS', 'SURCHARGES', 'TICKETSVOIDTOTAL'] as const)
    money(totals.get(name)!);
  for (const name of ['TICKETSVOID', 'TICKETSNONFISCAL'] as const) integer(totals.get(name)!);
  checkDateTime(parsed.date, parsed.time);
  if (!/^\d{8}$/.test(parsed.znumber))
    throw new Refusal(ACK.badStructure, 'ZNUMBER must be YYYYMMDD');
  const labels = parsed.vatTotals.map((v) => v.rate).join(',');
  if (labels !== 'A-18.00,B-0.00,C-0.00,D-0.00,E-0.00') {
    throw new Refusal(
      ACK.badStructure,
      'VATTOTALS must list A-18.00, B-0.00, C-0.00, D-0.00, E-0.00',
    );
  }
  const types = parsed.payments.map((p) => p.type).join(',');
  if (types !== 'CASH,CHEQUE,CCARD,EMONEY,INVOICE') {
    throw new Refusal(ACK.badStructure, 'PAYMENTS must list CASH, CHEQUE, CCARD, EMONEY, INVOICE');
  }
  return parsed;
}
