// The USSD channel's fixed points, shared by the server's menus and the app's pages: the short
// code, the PIN rule, the choices a sale offers and how a typed amount is read (whole shillings,
// VAT included, within the invoice editor's largest total).
import * as v from 'valibot';
import type { Message } from './i18n';
import { m } from './messages';
import { cents, type Cents } from './money';
import type { PaymentType } from './payments';
import { MAX_INVOICE_TOTAL_CENTS } from './schemas/invoice';
import type { TaxType } from './tax';

export const USSD_SHORT_CODE = '*148*09#';

/** The longest screen a USSD gateway delivers to every phone, "CON "/"END " included. */
export const USSD_SCREEN_MAX = 182;

export const USSD_PIN_PATTERN = /^\d{4}$/;

/** Menu numbers of a sale's tax type, in the order the screen lists them. */
export const USSD_TAX_CHOICES: readonly TaxType[] = [
  'standard',
  'exempted',
  'zero_rated',
  'special_relief',
];

/** Menu numbers of a sale's payment type. */
export const USSD_PAYMENT_CHOICES: readonly PaymentType[] = [
  'cash',
  'e-money',
  'credit_card',
  'cheque',
];

export const ussdAmountMessages = {
  notWhole: /*i18n*/ { id: 'Enter the amount in whole shillings, digits only' },
  zero: /*i18n*/ { id: 'The amount must be above 0' },
  tooLarge: /*i18n*/ { id: 'The invoice total may be at most 5,000,000,000,000 TZS' },
} satisfies Record<string, Message>;

/**
 * Reads an amount typed on a phone keypad: whole shillings ("15000"), VAT included. Answers the
 * amount in cents or the message that says what is wrong.
 */
export function parseUssdAmount(text: string): { amount: Cents } | { problem: Message } {
  const digits = text.trim();
  if (!/^\d{1,16}$/.test(digits)) return { problem: ussdAmountMessages.notWhole };
  const value = BigInt(digits) * 100n;
  if (value === 0n) return { problem: ussdAmountMessages.zero };
  if (value > BigInt(MAX_INVOICE_TOTAL_CENTS)) return { problem: ussdAmountMessages.tooLarge };
  return { amount: cents(value) };
}

export const ussdPinMessages = {
  pinInvalid: /*i18n*/ { id: 'The PIN is 4 digits' },
  pinMismatch: /*i18n*/ { id: 'The two PINs are not the same' },
  pinShared: /*i18n*/ {
    id: 'Someone else with your mobile number uses this PIN for USSD: choose another PIN.',
  },
} satisfies Record<string, Message>;

/** Setting the USSD PIN: the account's current password, then the new PIN twice. */
export const ussdPinSchema = v.pipe(
  v.object({
    currentPassword: v.pipe(
      v.string(m.currentPasswordRequired.id),
      v.nonEmpty(m.currentPasswordRequired.id),
      v.maxLength(200, m.currentPasswordRequired.id),
    ),
    pin: v.pipe(
      v.string(ussdPinMessages.pinInvalid.id),
      v.regex(USSD_PIN_PATTERN, ussdPinMessages.pinInvalid.id),
    ),
    confirmPin: v.string(ussdPinMessages.pinMismatch.id),
  }),
  v.forward(
    v.partialCheck(
      [['pin'], ['confirmPin']],
      (input) => input.pin === input.confirmPin,
      ussdPinMessages.pinMismatch.id,
    ),
    ['confirmPin'],
  ),
);
export type UssdPinInput = v.InferOutput<typeof ussdPinSchema>;

/** A try of the menus from the app: the session's id and what was typed so far, "*"-joined. */
export const ussdTrySchema = v.object({
  sessionId: v.pipe(
    v.string(m.fieldInvalid.id),
    v.regex(/^[A-Za-z0-9_-]{8,64}$/, m.fieldInvalid.id),
  ),
  text: v.pipe(v.string(m.fieldInvalid.id), v.maxLength(500, m.fieldInvalid.id)),
});

/** What the app shows about the caller's USSD access. */
export interface UssdAccess {
  shortCode: string;
  /** The nine digits the channel recognises the caller by, from the profile; null when none. */
  mobile: string | null;
  pinSet: boolean;
  /** Only company owners and operators sell through USSD. */
  eligible: boolean;
}

/** One screen of the menus: CON keeps the session open for an answer, END closes it. */
export interface UssdReply {
  end: boolean;
  text: string;
}
