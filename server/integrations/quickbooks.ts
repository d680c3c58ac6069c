// QuickBooks Online: the company's name (CompanyInfo), its tax codes with their rates, and its
// invoices changed since the last import, read with the query API 100 at a time.
import { cents } from '../../domain/money';
import { QUANTITY_SCALE } from '../../domain/quantity';
import type { TaxType } from '../../domain/tax';
import { exactCents, exactPercentBp, exactQuantity } from './decimal';
import { ProviderError } from './errors';
import { isObject, providerJson, text, type JsonObject } from './http';
import { clip, skip, taxTypeOf, type ExternalInvoice, type MappedLine } from './mapped';

export const QUICKBOOKS_PAGE_SIZE = 100;
const MINOR_VERSION = '75';

const headers = (accessToken: string) => ({
  authorization: `Bearer ${accessToken}`,
  accept: 'application/json',
});

/** A realm id is QuickBooks' company number. */
export const REALM_PATTERN = /^\d{1,30}$/;

async function query(
  apiUrl: string,
  accessToken: string,
  realmId: string,
  statement: string,
): Promise<JsonObject> {
  const url = `${apiUrl}/v3/company/${realmId}/query?${new URLSearchParams({
    query: statement,
    minorversion: MINOR_VERSION,
  }).toString()}`;
  const body = await providerJson(url, { headers: headers(accessToken) });
  if (!isObject(body.QueryResponse)) throw new ProviderError('unreadable', 'no QueryResponse');
  return body.QueryResponse;
}

export async function quickbooksCompanyName(
  apiUrl: string,
  accessToken: string,
  realmId: string,
): Promise<string> {
  const body = await providerJson(
    `${apiUrl}/v3/company/${realmId}/companyinfo/${realmId}?minorversion=${MINOR_VERSION}`,
    { headers: headers(accessToken) },
  );
  const info = isObject(body.CompanyInfo) ? body.CompanyInfo : null;
  if (!info) throw new ProviderError('unreadable', 'no CompanyInfo');
  return clip(text(info.CompanyName) ?? text(info.LegalName) ?? realmId, 200);
}

/** Tax code id → the Risiti tax type of a line using it, or null when none fits. */
export type TaxCodes = Map<string, TaxType | null>;

export async function quickbooksTaxCodes(
  apiUrl: string,
  accessToken: string,
  realmId: string,
): Promise<TaxCodes> {
  const rates = await query(apiUrl, accessToken, realmId, 'select * from TaxRate MAXRESULTS 1000');
  const rateOf = new Map<string, number | null>();
  for (const rate of Array.isArray(rates.TaxRate) ? rates.TaxRate.filter(isObject) : []) {
    const id = text(rate.Id);
    if (id) rateOf.set(id, exactPercentBp(rate.RateValue ?? 0));
  }
  const codes = await query(apiUrl, accessToken, realmId, 'select * from TaxCode MAXRESULTS 1000');
  const result: TaxCodes = new Map();
  for (const code of Array.isArray(codes.TaxCode) ? codes.TaxCode.filter(isObject) : []) {
    const id = text(code.Id);
    if (!id) continue;
    const list = isObject(code.SalesTaxRateList) ? code.SalesTaxRateList : {};
    const details = Array.isArray(list.TaxRateDetail) ? list.TaxRateDetail.filter(isObject) : [];
    let bp: number | null = 0;
    for (const detail of details) {
      const ref = isObject(detail.TaxRateRef) ? text(detail.TaxRateRef.value) : null;
      const rate = ref ? rateOf.get(ref) : undefined;
      bp = rate === undefined || rate === null || bp === null ? null : bp + rate;
    }
    const name = `${text(code.Name) ?? ''} ${id}`;
    result.set(
      id,
      bp === 1800 ? 'standard' : bp === 0 ? taxTypeOf(cents(0), cents(0), name) : null,
    );
  }
  // The US editions' built-in codes.
  if (!result.has('NON')) result.set('NON', 'exempted');
  return result;
}

export async function quickbooksInvoicePage(
  apiUrl: string,
  accessToken: string,
  realmId: string,
  since: Date,
  start: number,
): Promise<unknown[]> {
  const after = `${since.toISOString().slice(0, 19)}+00:00`;
  const response = await query(
    apiUrl,
    accessToken,
    realmId,
    `select * from Invoice where Metadata.LastUpdatedTime > '${after}' ` +
      `ORDERBY Metadata.LastUpdatedTime STARTPOSITION ${start} MAXRESULTS ${QUICKBOOKS_PAGE_SIZE}`,
  );
  if (response.Invoice === undefined) return [];
  if (!Array.isArray(response.Invoice)) throw new ProviderError('unreadable', 'Invoice');
  return response.Invoice;
}

function mapLine(
  line: JsonObject,
  codes: TaxCodes,
  discountBp: number,
): MappedLine | 'tax' | 'line' {
  const detail = isObject(line.SalesItemLineDetail) ? line.SalesItemLineDetail : {};
  const quantity = exactQuantity(detail.Qty ?? 1);
  const amount = exactCents(line.Amount ?? 0);
  const unitPrice = detail.UnitPrice === undefined ? amount : exactCents(detail.UnitPrice);
  if (quantity === null || unitPrice === null || amount === null) return 'line';
  const description =
    text(line.Description) ?? (isObject(detail.ItemRef) ? text(detail.ItemRef.name) : null);
  if (!description) return 'line';
  const code = isObject(detail.TaxCodeRef) ? text(detail.TaxCodeRef.value) : null;
  const taxType = code ? codes.get(code) : 'exempted';
  if (!taxType) return 'tax';
  return {
    description: clip(description, 255),
    quantity: quantity / QUANTITY_SCALE,
    unitPrice,
    taxType,
    discountPercent: discountBp / 100,
  };
}

/**
 * QuickBooks keeps line amounts without tax whatever GlobalTaxCalculation says (the gross is a
 * separate field), so the draft takes amounts without VAT and Risiti adds it.
 */
export function mapQuickbooksInvoice(
  raw: unknown,
  realmId: string,
  codes: TaxCodes,
): ExternalInvoice | null {
  if (!isObject(raw)) return null;
  const id = text(raw.Id);
  if (!id || id.length > 100) return null;
  const meta = isObject(raw.MetaData) ? raw.MetaData : {};
  const updated = text(meta.LastUpdatedTime);
  const updatedAt = updated ? new Date(updated) : null;
  const base = {
    externalId: `${realmId}:${id}`,
    number: clip(text(raw.DocNumber) ?? id, 50),
    updatedAt: updatedAt && !Number.isNaN(updatedAt.getTime()) ? updatedAt : null,
  };
  const currency = isObject(raw.CurrencyRef) ? text(raw.CurrencyRef.value) : null;
  if ((currency ?? 'TZS').toUpperCase() !== 'TZS') return { ...base, result: skip('currency') };
  const rawLines = Array.isArray(raw.Line) ? raw.Line.filter(isObject) : [];
  let discountBp = 0;
  for (const line of rawLines.filter((l) => l.DetailType === 'DiscountLineDetail')) {
    const detail = isObject(line.DiscountLineDetail) ? line.DiscountLineDetail : {};
    const amount = exactCents(line.Amount ?? 0);
    if (amount === 0) continue;
    const percent = detail.PercentBased === true ? exactPercentBp(detail.DiscountPercent) : null;
    // A discount of a fixed amount spreads over the lines in ways Risiti cannot reproduce.
    if (percent === null || discountBp !== 0) return { ...base, result: skip('line') };
    discountBp = percent;
  }
  const lines: MappedLine[] = [];
  for (const line of rawLines) {
    const type = line.DetailType;
    if (type === 'SubTotalLineDetail' || type === 'DescriptionOnly') continue;
    if (type === 'DiscountLineDetail') continue;
    if (type !== 'SalesItemLineDetail') return { ...base, result: skip('line') };
    const mapped = mapLine(line, codes, discountBp);
    if (typeof mapped === 'string') return { ...base, result: skip(mapped) };
    lines.push(mapped);
  }
  if (lines.length === 0) return { ...base, result: skip('empty') };
  const customerRef = isObject(raw.CustomerRef) ? raw.CustomerRef : {};
  const billEmail = isObject(raw.BillEmail) ? raw.BillEmail : {};
  return {
    ...base,
    result: {
      ok: true,
      customer: {
        name: clip(text(customerRef.name) ?? '', 100),
        email: text(billEmail.Address),
        phoneNumber: null,
      },
      amountsIncludeTax: false,
      lines,
      reference: null,
    },
  };
}
