// What a printed receipt, the A4 invoice and the public receipt page show, in one shape: built
// from an invoice on this device, or from the server's public receipt JSON.
import type { Cents } from '../../../domain/money';
import type { InvoiceStatus } from '../../../domain/invoice-status';
import type { PaymentType } from '../../../domain/payments';
import type { ReceiptBusiness } from '../../../domain/receipt-business';
import type { IdentificationType } from '../../../domain/schemas/customer';
import type { Invoice } from '../../../domain/schemas/invoice';
import type { TaxType } from '../../../domain/tax';
import type { BusinessProfile } from '../../db/business-profile';

export interface ReceiptLine {
  description: string;
  /** Units, up to 3 decimals. */
  quantity: number;
  unitPrice: Cents;
  taxType: TaxType;
  discountPercent: number;
  /** After discount, tax included (TRA's AMT). */
  amount: Cents;
}

export interface ReceiptView {
  business: ReceiptBusiness | null;
  status: InvoiceStatus;
  date: string;
  customer: {
    name: string;
    identificationType: IdentificationType;
    identificationNumber: string | null;
    phoneNumber: string | null;
  };
  amountsIncludeTax: boolean;
  lines: ReceiptLine[];
  totals: Pick<
    Invoice['totals'],
    'totalDiscount' | 'totalExcludingTax' | 'taxAmount' | 'totalIncludingTax' | 'subTotal'
  >;
  payments: { type: PaymentType; amount: Cents }[];
  reference: string | null;
  operatorName: string | null;
  fiscal: ReceiptFiscal | null;
}

/** The fiscal block: what the server assigned when it numbered and signed the receipt. */
export interface ReceiptFiscal {
  receiptNumber: number;
  zNumber: string;
  receiptDate: string;
  receiptTime: string;
  verificationCode: string;
  verificationUrl: string;
}

/** GET /v1/accounting/public/receipts/{publicId}: the receipt as its customer may see it. */
export interface PublicReceipt {
  publicId: string;
  status: InvoiceStatus;
  date: string;
  reference: string | null;
  business: ReceiptBusiness;
  customer: ReceiptView['customer'];
  amountsIncludeTax: boolean;
  items: Array<ReceiptLine & { taxGroup?: string }>;
  totals: ReceiptView['totals'];
  payments: ReceiptView['payments'];
  fiscal: ReceiptFiscal | null;
}

/** The public receipt, drawn like any receipt. */
export function receiptOfPublic(receipt: PublicReceipt): ReceiptView {
  return {
    business: receipt.business,
    status: receipt.status,
    date: receipt.fiscal?.receiptDate ?? receipt.date,
    customer: receipt.customer,
    amountsIncludeTax: receipt.amountsIncludeTax,
    lines: receipt.items.map((item) => ({
      description: item.description,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      taxType: item.taxType,
      discountPercent: item.discountPercent,
      amount: item.amount,
    })),
    totals: receipt.totals,
    payments: receipt.payments,
    reference: receipt.reference,
    operatorName: null,
    fiscal: receipt.fiscal,
  };
}

export function businessOf(profile: BusinessProfile | null | undefined): ReceiptBusiness | null {
  if (!profile) return null;
  const { name, address, mobile, tin, vrn, serial, uin, taxOffice } = profile;
  return { name, address, mobile, tin, vrn, serial, uin, taxOffice };
}

/** The receipt of an invoice on this device. */
export function receiptOfInvoice(invoice: Invoice, business: ReceiptBusiness | null): ReceiptView {
  return {
    business,
    status: invoice.status,
    date: invoice.fiscal?.receiptDate ?? invoice.date,
    customer: {
      name: invoice.customer.name,
      identificationType: invoice.customer.identificationType,
      identificationNumber: invoice.customer.identificationNumber,
      phoneNumber: invoice.customer.phoneNumber,
    },
    amountsIncludeTax: invoice.amountsIncludeTax,
    lines: invoice.items.map((item, index) => ({
      description: item.description,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      taxType: item.taxType,
      discountPercent: item.discountPercent,
      amount: invoice.lineTotals[index]?.amount ?? (0 as Cents),
    })),
    totals: invoice.totals,
    payments: invoice.payments,
    reference: invoice.reference,
    operatorName: invoice.operatorName,
    fiscal: invoice.fiscal,
  };
}

/** A receipt is legal once the server numbered and signed it (spec/tra-vfd.md rule 12). */
export function isFiscal(view: Pick<ReceiptView, 'fiscal' | 'status'>): boolean {
  return view.fiscal !== null && (view.status === 'submitted' || view.status === 'issued');
}
