// Self-registration of a business that wants Risiti (spec §5 Registration). It becomes a
// potential client that the platform admin follows up; the account is set up within 2 working days.
import * as v from 'valibot';
import type { Message } from '../i18n';
import { m } from '../messages';
import { phone9 } from './auth';
import { blankToNull, fieldMessages, textBetween, tin } from './fields';

export const registrationMessages = {
  fullNameLength: /*i18n*/ { id: 'Full name must be 5 to 50 characters' },
  companyNameLength: /*i18n*/ { id: 'Company name must be at least 5 characters' },
  promoCodeInvalid: /*i18n*/ { id: 'Promo code must be 6 letters or digits' },
} satisfies Record<string, Message>;

const rm = registrationMessages;

export const registrationSchema = v.object({
  fullName: textBetween(5, 50, rm.fullNameLength),
  email: v.pipe(
    v.string(m.emailInvalid.id),
    v.trim(),
    v.email(m.emailInvalid.id),
    v.maxLength(100, m.emailInvalid.id),
  ),
  phone: phone9,
  companyName: v.pipe(
    v.string(rm.companyNameLength.id),
    v.trim(),
    v.minLength(5, rm.companyNameLength.id),
    v.maxLength(100, fieldMessages.textTooLong.id),
  ),
  tin,
  /** Optional; codes are printed in capitals, so they are compared upper-cased. */
  promoCode: blankToNull(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^[A-Za-z0-9]{6}$/, rm.promoCodeInvalid.id),
      v.toUpperCase(),
    ),
  ),
});
export type RegistrationInput = v.InferInput<typeof registrationSchema>;
export type Registration = v.InferOutput<typeof registrationSchema>;
