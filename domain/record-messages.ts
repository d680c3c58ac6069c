// Validation messages of the business's records (organizations, companies and their VFD,
// customers, products), which only the signed-in screens and the server show. Apart from the
// common ones (domain/messages.ts), so that the pages before sign-in do not load them: the first
// part of the Swahili catalog (scripts/split-catalog.mjs) and the first script leave them out.
import type { Message } from './i18n';
import { amountTooLarge } from './money';
import { hasDecimalComma } from './typed-number';

export const recordMessages = {
  organizationNameRequired: /*i18n*/ { id: 'Please enter the organization name' },
  ownerNameRequired: /*i18n*/ { id: "Please enter the owner's name" },
  organizationRequired: /*i18n*/ { id: 'Please choose an organization' },
  organizationDisabled: /*i18n*/ {
    id: 'This organization is disabled: enable it before adding a company to it',
  },
  companyNameRequired: /*i18n*/ { id: 'Please enter the company name' },
  nameTooLong: /*i18n*/ { id: 'Name must be at most 100 characters' },
  addressRequired: /*i18n*/ { id: 'Please enter the address' },
  vfdSerialInvalid: /*i18n*/ {
    id: 'Enter the VFD serial number from TRA, for example 10TZ100781',
  },
  certificateFileRequired: /*i18n*/ { id: 'Choose the certificate file (.pfx) from TRA' },
  certificateFileTooLarge: /*i18n*/ { id: 'The certificate file must be at most 100 KB' },
  certificatePasswordRequired: /*i18n*/ { id: 'Enter the certificate password' },
  certSerialInvalid: /*i18n*/ {
    id: 'The certificate serial must be 1 to 200 printable characters',
  },
  dateInvalid: /*i18n*/ { id: 'Enter a date as YYYY-MM-DD' },
  customerNameRequired: /*i18n*/ { id: 'Please enter a customer name' },
  customerNameTooLong: /*i18n*/ { id: 'The customer name must be at most 100 characters' },
  identificationTypeRequired: /*i18n*/ { id: 'Please choose an identification type' },
  tinInvalid: /*i18n*/ { id: 'Please enter a correct TIN number' },
  nidaInvalid: /*i18n*/ { id: 'Enter correct NIDA number' },
  identificationNumberInvalid: /*i18n*/ { id: 'Please enter a correct identification number' },
  vrnInvalid: /*i18n*/ { id: 'Please enter a correct VAT registration number' },
  productNameRequired: /*i18n*/ { id: 'Please enter a product name' },
  productNameTooLong: /*i18n*/ { id: 'The product name must be at most 100 characters' },
  unitPriceInvalid: /*i18n*/ { id: 'Enter a price of zero or more' },
  /** A price typed in shillings that is not one (letters, a minus, a third decimal). */
  priceTyped: /*i18n*/ { id: 'Enter a price of 0 or more, with at most 2 decimals' },
  /** A price sent in cents (the API) with a fraction of a cent. */
  priceWholeCents: /*i18n*/ { id: 'Enter the price in whole cents' },
  priceTooLarge: /*i18n*/ { id: 'The price may be at most 10,000,000,000,000 TZS' },
  /** "2,5" or "4500,50": read as nothing rather than as 25 or 450,050. */
  decimalComma: /*i18n*/ { id: 'Write decimals with a point, as in 2.5' },
  taxTypeRequired: /*i18n*/ { id: 'Please choose a tax type' },
} satisfies Record<string, Message>;

/** What is wrong with a number typed that its parser could not read, else `otherwise`. */
export function typedNumberProblem(text: string, otherwise: Message): string {
  return hasDecimalComma(text) ? recordMessages.decimalComma.id : otherwise.id;
}

/** What is wrong with a price typed in shillings that parseAmount could not read. */
export function typedPriceProblem(text: string): string {
  if (amountTooLarge(text)) return recordMessages.priceTooLarge.id;
  return typedNumberProblem(text, recordMessages.priceTyped);
}
