// What a printed receipt shows, and nothing more: the business as registered with TRA, the
// customer as printed on the invoice, the lines and totals, and the fiscal block. The PDF is
// drawn from it and the public receipt page (/r/{publicId}) reads it, so neither can show an
// internal field (operator, customer email, accounting number, ids) by mistake.
import { eq } from 'drizzle-orm';
import type { InvoiceStatus } from '../../domain/invoice-status';
import { cents, type Cents } from '../../domain/money';
import type { PaymentType } from '../../domain/payments';
import type { ReceiptBusiness } from '../../domain/receipt-business';
import type { IdentificationType } from '../../domain/schemas/customer';
import { TRA_TAX_GROUP } from '../../domain/tra';
import type { TaxType } from '../../domain/tax';
import { toInclusivePrice } from '../../domain/totals';
import { unpaidBalance } from '../../domain/payments';
import type { DbOrTx } from '../db/client';
import { companies, vfds } from '../db/schema';
import type { InvoiceRow } from '../invoices/records';
import type { FiscalReceipt } from '../vfd/fiscalize';

export type TaxGroup = 'A' | 'C' | 'D' | 'E';

export interface ReceiptLine {
  description: string;
  /** Units, up to three decimals. */
  quantity: number;
  /** As entered on the invoice (with VAT when amountsIncludeTax). */
  unitPrice: Cents;
  /** The unit price with VAT, as TRA's receipts show it. */
  unitPriceInclusive: Cents;
  taxType: TaxType;
  taxGroup: TaxGroup;
  discountPercent: number;
  discount: Cents;
  netAmount: Cents;
  taxAmount: Cents;
  /** With VAT, after discount: TRA's AMT. */
  amount: Cents;
}

export interface ReceiptView {
  publicId: string;
  status: InvoiceStatus;
  /** EAT date of the invoice (its receipt date once submitted). */
  date: string;
  reference: string | null;
  business: ReceiptBusiness;
  customer: {
    name: string;
    identificationType: IdentificationType;
    identificationNumber: string | null;
    phoneNumber: string | null;
    vatRegistrationNumber: string | null;
  };
  amountsIncludeTax: boolean;
  items: ReceiptLine[];
  totals: {
    subTotal: Cents;
    totalDiscount: Cents;
    totalExcludingTax: Cents;
    taxAmount: Cents;
    totalIncludingTax: Cents;
  };
  taxGroups: Array<{ taxGroup: TaxGroup; rateBp: number; netAmount: Cents; taxAmount: Cents }>;
  payments: Array<{ type: PaymentType; amount: Cents }>;
  /** What is left to pay: a sale on credit (INVOICE at TRA). */
  unpaid: Cents;
  /** null for a draft or a canceled invoice: it prints as a pro forma. */
  fiscal: {
    receiptNumber: number;
    zNumber: string;
    receiptDate: string;
    receiptTime: string;
    verificationCode: string;
    verificationUrl: string;
  } | null;
}

/** "Plot 1, Kariakoo", "DAR ES SALAAM": parts the previous ones do not already contain. */
function joinAddress(parts: Array<string | undefined>): string {
  const kept: string[] = [];
  for (const part of parts) {
    const text = part?.trim();
    if (!text) continue;
    if (kept.some((k) => k.toLowerCase().includes(text.toLowerCase()))) continue;
    kept.push(text);
  }
  return kept.join(', ');
}

/** The business as TRA registered it, or as the company is recorded before registration. */
export async function receiptBusiness(db: DbOrTx, companyId: string): Promise<ReceiptBusiness> {
  const [row] = await db
    .select({ company: companies, registration: vfds.registration, serial: vfds.serial })
    .from(companies)
    .leftJoin(vfds, eq(vfds.companyId, companies.id))
    .where(eq(companies.id, companyId));
  if (!row) throw new Error(`Company ${companyId} not found`);
  const { company } = row;
  const reg = row.registration ?? {};
  const vrn = (reg.VRN ?? company.vrn ?? '').trim();
  return {
    name: reg.NAME?.trim() || company.name,
    address: joinAddress([reg.ADDRESS ?? company.address, reg.STREET, reg.CITY]),
    mobile: reg.MOBILE?.trim() || company.phone,
    tin: reg.TIN?.trim() || company.tin,
    vrn: vrn && !/^not\s+registered$/i.test(vrn) ? vrn : null,
    serial: row.serial ?? company.serial,
    uin: reg.UIN?.trim() || null,
    taxOffice: reg.TAXOFFICE?.trim() || null,
  };
}

export function receiptView(
  row: InvoiceRow,
  business: ReceiptBusiness,
  receipt: FiscalReceipt | null,
): ReceiptView {
  const fiscal =
    receipt && (row.status === 'submitted' || row.status === 'issued') ? receipt : null;
  return {
    publicId: row.publicId,
    status: row.status,
    date: row.date,
    reference: row.reference,
    business,
    customer: {
      name: row.customer.name,
      identificationType: row.customer.identificationType,
      identificationNumber: row.customer.identificationNumber,
      phoneNumber: row.customer.phoneNumber,
      vatRegistrationNumber: row.customer.vatRegistrationNumber,
    },
    amountsIncludeTax: row.amountsIncludeTax,
    items: row.items.map((item, index) => {
      const line = row.lineTotals[index]!;
      return {
        description: item.description,
        quantity: item.quantity,
        unitPrice: item.unitPrice,
        unitPriceInclusive: row.amountsIncludeTax
          ? item.unitPrice
          : toInclusivePrice(item.unitPrice, item.taxType),
        taxType: item.taxType,
        taxGroup: TRA_TAX_GROUP[item.taxType],
        discountPercent: item.discountPercent,
        discount: cents(line.discount),
        netAmount: cents(line.netAmount),
        taxAmount: cents(line.taxAmount),
        amount: cents(line.amount),
      };
    }),
    totals: {
      subTotal: cents(row.subTotal),
      totalDiscount: cents(row.totalDiscount),
      totalExcludingTax: cents(row.totalExcludingTax),
      taxAmount: cents(row.taxAmount),
      totalIncludingTax: cents(row.totalIncludingTax),
    },
    taxGroups: row.taxGroups.map((group) => ({
      taxGroup: TRA_TAX_GROUP[group.taxType],
      rateBp: group.rateBp,
      netAmount: cents(group.netAmount),
      taxAmount: cents(group.taxAmount),
    })),
    payments: row.payments.map((p) => ({ type: p.type, amount: cents(p.amount) })),
    unpaid: unpaidBalance(row.payments, cents(row.totalIncludingTax)),
    fiscal: fiscal
      ? {
          receiptNumber: fiscal.receiptNumber,
          zNumber: fiscal.znum,
          receiptDate: fiscal.date,
          receiptTime: fiscal.time,
          verificationCode: fiscal.rctvnum,
          verificationUrl: fiscal.verificationUrl,
        }
      : null,
  };
}
