// Organization form rules (spec §3 Organization: name, owner name, owner phone, owner email).
import * as v from 'valibot';
import { m } from '../messages';
import { phone9 } from './auth';

export const organizationName = v.pipe(
  v.string(m.organizationNameRequired.id),
  v.trim(),
  v.nonEmpty(m.organizationNameRequired.id),
  v.maxLength(100, m.nameTooLong.id),
);

export const organizationSchema = v.object({
  name: organizationName,
  ownerName: v.pipe(
    v.string(m.ownerNameRequired.id),
    v.trim(),
    v.nonEmpty(m.ownerNameRequired.id),
    v.maxLength(100, m.nameTooLong.id),
  ),
  ownerPhone: phone9,
  ownerEmail: v.pipe(
    v.string(m.emailInvalid.id),
    v.trim(),
    v.email(m.emailInvalid.id),
    v.maxLength(100, m.emailInvalid.id),
  ),
});
export type OrganizationInput = v.InferOutput<typeof organizationSchema>;
