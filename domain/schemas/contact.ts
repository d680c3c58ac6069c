// The public contact form (spec §5): full name, email and message required, phone optional.
import * as v from 'valibot';
import { m } from '../messages';

export const CONTACT_MESSAGE_MAX = 2000;

export const contactRequestSchema = v.object({
  fullName: v.pipe(
    v.string(m.fullNameRequired.id),
    v.trim(),
    v.nonEmpty(m.fullNameRequired.id),
    v.maxLength(100, m.fullNameLength.id),
  ),
  email: v.pipe(
    v.string(m.emailInvalid.id),
    v.trim(),
    v.email(m.emailInvalid.id),
    v.maxLength(100, m.emailInvalid.id),
  ),
  /** Nine digits without the leading 0, or left empty. */
  phone: v.optional(
    v.pipe(
      v.string(m.phoneInvalid.id),
      v.trim(),
      v.check((value) => value === '' || /^[1-9]\d{8}$/.test(value), m.phoneInvalid.id),
    ),
    '',
  ),
  message: v.pipe(
    v.string(m.contactMessageRequired.id),
    v.trim(),
    v.nonEmpty(m.contactMessageRequired.id),
    v.maxLength(CONTACT_MESSAGE_MAX, m.contactMessageLength.id),
  ),
});
export type ContactRequestInput = v.InferOutput<typeof contactRequestSchema>;
