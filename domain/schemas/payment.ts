// What the platform admin sets about paying for Risiti: the instructions every company reads on
// /payment (both languages), and the day a company's subscription is paid until.
import * as v from 'valibot';
import type { Message } from '../i18n';
import { calendarDate, textBetween } from './fields';

export const paymentMessages = {
  instructionsLength: /*i18n*/ { id: 'Instructions must be 3 to 3000 characters' },
  paidUntilInvalid: /*i18n*/ { id: 'Enter the date as DD-MM-YYYY' },
} satisfies Record<string, Message>;

export const paymentInstructionsSchema = v.object({
  en: textBetween(3, 3000, paymentMessages.instructionsLength),
  sw: textBetween(3, 3000, paymentMessages.instructionsLength),
});
export type PaymentInstructions = v.InferOutput<typeof paymentInstructionsSchema>;

/** null: the company has not paid (or the day is taken back). */
export const paidUntilSchema = v.object({
  paidUntil: v.nullable(calendarDate(paymentMessages.paidUntilInvalid)),
});
