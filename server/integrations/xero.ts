// Xero: the organisation the tokens reach (GET /connections) and its sales invoices
// (ACCREC, authorised or paid), read page by page since the last import, mapped line by line.
import { exactCents, exactPercentBp, exactQuantity } from './decimal';
import { ProviderError } from './errors';
import { isObject, providerJson, providerList, text, type JsonObject } from './http';
import { clip, skip, taxTypeOf, type ExternalInvoice, type MappedLine } from './mapped';
import { cents } from '../../domain/money';
import { QUANTITY_SCALE } from '../../domain/quantity';

export const XERO_PAGE_SIZE = 100;

export async function xeroOrganisation(
  apiUrl: string,
  accessToken: string,
): Promise<{ tenantId: string; name: string } | null> {
  const list = await providerList(`${apiUrl}/connections`, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
  });
  const organisations = list.filter(isObject);
  const chosen =
    organisations.find((c) => c.tenantType === 'ORGANISATION') ?? organisations[0] ?? null;
  if (!chosen) return null;
  const tenantId = text(chosen.tenantId);
  if (!tenantId || tenantId.length > 100) throw new ProviderError('unreadable', 'tenant id');
  return { tenantId, name: clip(text(chosen.tenantName) ?? tenantId, 200) };
}

export async function xeroInvoicePage(
  apiUrl: string,
  accessToken: string,
  tenantId: string,
  page: number,
  since: Date | null,
): Promise<unknown[]> {
  const query = new URLSearchParams({
    where: 'Type=="ACCREC"&&(Status=="AUTHORISED"||Status=="PAID")',
    order: 'UpdatedDateUTC ASC',
    page: String(page),
  });
  const headers: Record<string, string> = {
    authorization: `Bearer ${accessToken}`,
    'xero-tenant-id': tenantId,
    accept: 'application/json',
  };
  if (since) headers['if-modified-since'] = since.toISOString().slice(0, 19);
  const body = await providerJson(`${apiUrl}/api.xro/2.0/Invoices?${query.toString()}`, {
    headers,
  });
  if (!Array.isArray(body.Invoices)) throw new ProviderError('unreadable', 'no Invoices');
  return body.Invoices;
}

/** "/Date(1700000000000+0000)/" or an ISO time. */
function xeroDate(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const ms = /^\/Date\((\d{1,15})([+-]\d{4})?\)\/$/.exec(value)?.[1];
  const date = ms ? new Date(Number(ms)) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function phoneOf(contact: JsonObject): string | null {
  const phones = Array.isArray(contact.Phones) ? contact.Phones.filter(isObject) : [];
  const phone =
    phones.find((p) => p.PhoneType === 'MOBILE' && text(p.PhoneNumber)) ??
    phones.find((p) => text(p.PhoneNumber));
  if (!phone) return null;
  const parts = [phone.PhoneCountryCode, phone.PhoneAreaCode, phone.PhoneNumber].map(
    (part) => text(part) ?? '',
  );
  const digits = parts.join('').replace(/\D/g, '');
  return digits ? clip(digits, 30) : null;
}

function mapLine(line: JsonObject, mode: string): MappedLine | 'tax' | 'line' {
  const quantity = exactQuantity(line.Quantity ?? 1);
  const unitPrice = exactCents(line.UnitAmount ?? 0);
  const lineAmount = exactCents(line.LineAmount ?? 0);
  const tax = exactCents(line.TaxAmount ?? 0);
  if (quantity === null || unitPrice === null || lineAmount === null || tax === null) return 'line';
  const discountAmount = line.DiscountAmount;
  if (discountAmount !== undefined && discountAmount !== null && exactCents(discountAmount) !== 0) {
    return 'line';
  }
  const discountBp = exactPercentBp(line.DiscountRate ?? 0);
  if (discountBp === null) return 'line';
  const description = text(line.Description) ?? text(line.ItemCode);
  if (!description) return 'line';
  if (mode === 'NoTax' && tax !== 0) return 'tax';
  const net = cents(mode === 'Inclusive' ? lineAmount - tax : lineAmount);
  const taxType = taxTypeOf(net, tax, text(line.TaxType) ?? '');
  if (!taxType) return 'tax';
  return {
    description: clip(description, 255),
    quantity: quantity / QUANTITY_SCALE,
    unitPrice,
    taxType,
    discountPercent: discountBp / 100,
  };
}

export function mapXeroInvoice(raw: unknown, tenantId: string): ExternalInvoice | null {
  if (!isObject(raw)) return null;
  const id = text(raw.InvoiceID);
  if (!id || id.length > 100) return null;
  const number = clip(text(raw.InvoiceNumber) ?? id, 50);
  const base = { externalId: `${tenantId}:${id}`, number, updatedAt: xeroDate(raw.UpdatedDateUTC) };
  if ((text(raw.CurrencyCode) ?? 'TZS').toUpperCase() !== 'TZS') {
    return { ...base, result: skip('currency') };
  }
  const mode = text(raw.LineAmountTypes) ?? 'Exclusive';
  if (!['Exclusive', 'Inclusive', 'NoTax'].includes(mode)) return { ...base, result: skip('tax') };
  const rawLines = Array.isArray(raw.LineItems) ? raw.LineItems.filter(isObject) : [];
  if (rawLines.length === 0) return { ...base, result: skip('empty') };
  const lines: MappedLine[] = [];
  for (const rawLine of rawLines) {
    const line = mapLine(rawLine, mode);
    if (typeof line === 'string') return { ...base, result: skip(line) };
    lines.push(line);
  }
  const contact = isObject(raw.Contact) ? raw.Contact : {};
  return {
    ...base,
    result: {
      ok: true,
      customer: {
        name: clip(text(contact.Name) ?? '', 100),
        email: text(contact.EmailAddress),
        phoneNumber: phoneOf(contact),
      },
      amountsIncludeTax: mode === 'Inclusive',
      lines,
      reference: text(raw.Reference) ? clip(text(raw.Reference)!, 100) : null,
    },
  };
}
