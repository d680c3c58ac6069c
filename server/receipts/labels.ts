// The words printed on receipts and invoices, in the requester's language. The markers that
// open and close the legal block, and "TRA", are TRA's fixed format and are printed as they
// are in both languages.
import type { Message } from '../../domain/i18n';
import type { IdentificationType } from '../../domain/schemas/customer';

export const LEGAL_START = '*** START OF LEGAL RECEIPT ***';
export const LEGAL_END = '*** END OF LEGAL RECEIPT ***';
export const TRA_MARK = 'TRA';

export const receiptLabels = {
  taxInvoice: /*i18n*/ { id: 'TAX INVOICE' },
  proFormaInvoice: /*i18n*/ { id: 'PRO FORMA INVOICE' },
  proFormaNotice: /*i18n*/ { id: 'PRO FORMA — NOT A FISCAL RECEIPT' },
  canceledNotice: /*i18n*/ { id: 'CANCELED — NOT VALID' },
  copyNotice: /*i18n*/ { id: 'COPY — REPRINT OF THE ORIGINAL RECEIPT' },
  mobile: /*i18n*/ { id: 'MOBILE' },
  tin: /*i18n*/ { id: 'TIN' },
  vrn: /*i18n*/ { id: 'VRN' },
  notRegistered: /*i18n*/ { id: 'NOT REGISTERED' },
  serial: /*i18n*/ { id: 'SERIAL NO' },
  uin: /*i18n*/ { id: 'UIN' },
  taxOffice: /*i18n*/ { id: 'TAX OFFICE' },
  customerName: /*i18n*/ { id: 'CUSTOMER NAME' },
  customerIdType: /*i18n*/ { id: 'CUSTOMER ID TYPE' },
  customerId: /*i18n*/ { id: 'CUSTOMER ID' },
  customerMobile: /*i18n*/ { id: 'CUSTOMER MOBILE' },
  customerVrn: /*i18n*/ { id: 'CUSTOMER VRN' },
  receiptNumber: /*i18n*/ { id: 'RECEIPT NO' },
  zNumber: /*i18n*/ { id: 'Z NUMBER' },
  receiptDate: /*i18n*/ { id: 'RECEIPT DATE' },
  receiptTime: /*i18n*/ { id: 'RECEIPT TIME' },
  invoiceDate: /*i18n*/ { id: 'DATE' },
  reference: /*i18n*/ { id: 'REFERENCE' },
  totalExclTax: /*i18n*/ { id: 'TOTAL EXCL OF TAX' },
  totalTax: /*i18n*/ { id: 'TOTAL TAX' },
  totalInclTax: /*i18n*/ { id: 'TOTAL INCL OF TAX' },
  discount: /*i18n*/ { id: 'DISCOUNT' },
  subTotal: /*i18n*/ { id: 'SUBTOTAL BEFORE DISCOUNT, EXCL OF TAX' },
  verificationCode: /*i18n*/ { id: 'RECEIPT VERIFICATION CODE' },
  verifyAt: /*i18n*/ { id: 'Scan the code or visit this address to verify the receipt with TRA:' },
  billTo: /*i18n*/ { id: 'BILL TO' },
  description: /*i18n*/ { id: 'Description' },
  quantity: /*i18n*/ { id: 'Qty' },
  unitPrice: /*i18n*/ { id: 'Unit price' },
  discountShort: /*i18n*/ { id: 'Disc.' },
  taxShort: /*i18n*/ { id: 'Tax' },
  amount: /*i18n*/ { id: 'Amount' },
  pricesInclusive: /*i18n*/ { id: 'Prices include VAT' },
  pricesExclusive: /*i18n*/ { id: 'Prices exclude VAT' },
  vatGroup: /*i18n*/ { id: 'VAT {group} {rate}%' },
  payments: /*i18n*/ { id: 'PAYMENTS' },
  onCredit: /*i18n*/ { id: 'On credit (unpaid)' },
  itemDiscount: /*i18n*/ { id: 'Discount {percent}%' },
} satisfies Record<string, Message>;

export const idTypeLabels: Record<IdentificationType, Message> = {
  TAX_IDENTIFICATION_NUMBER: /*i18n*/ { id: 'TIN' },
  DRIVING_LICENCE: /*i18n*/ { id: 'Driving licence' },
  VOTERS_NUMBER: /*i18n*/ { id: 'Voters number' },
  PASSPORT: /*i18n*/ { id: 'Passport' },
  NATIONAL_IDENTIFICATION_AUTHORITY: /*i18n*/ { id: 'NIDA' },
  NO_IDENTIFICATION: /*i18n*/ { id: 'No identification' },
};
