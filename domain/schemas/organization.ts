// Organization form rules (spec §3 Organization: name, owner name, owner phone, owner email).
import * as v from 'valibot';
import { m } from '../messages';
import { recordMessages } from '../record-messages';
import { phone9 } from './auth';

export const organizationName = v.pipe(
  v.string(recordMessages.organizationNameRequired.id),
  v.trim(),
  v.nonEmpty(recordMessages.organizationNameRequired.id),
  v.maxLength(100, recordMessages.nameTooLong.id),
);

export const organizationSchema = v.object({
  name: organizationName,
  ownerName: v.pipe(
    v.string(recordMessages.ownerNameRequired.id),
    v.trim(),
    v.nonEmpty(recordMessages.ownerNameRequired.id),
    v.maxLength(100, recordMessages.nameTooLong.id),
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
