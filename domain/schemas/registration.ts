// Self-registration of a business that wants Risiti (spec §5 Registration). It becomes a
// potential client that the platform admin follows up; the account is set up within 2 working days.
import * as v from 'valibot';
import type { Message } from '../i18n';
import { m } from '../messages';
import { phone9 } from './auth';
import { companySchema } from './company';
import { blankToNull, fieldMessages, textBetween, tin } from './fields';
import { organizationSchema } from './organization';
import { personEntries as ownerEntries } from './user';

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

/**
 * Turning a registration request into a business (one action of the platform admin): the
 * organization, its first company (the Company form without the organization, which is the new
 * one) and the company's owner, who is invited by email.
 */
export const conversionSchema = v.object({
  organization: organizationSchema,
  company: v.omit(companySchema, ['organizationId']),
  owner: v.object(ownerEntries),
});
export type ConversionInput = v.InferInput<typeof conversionSchema>;
export type Conversion = v.InferOutput<typeof conversionSchema>;
