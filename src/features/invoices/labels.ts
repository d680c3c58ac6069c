// Names of invoice values as people read them, in their language.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { IdentificationType } from '../../../domain/schemas/customer';

/** Spec §3's identification types, as people call them. */
export const identificationTypeLabels: Record<IdentificationType, MessageDescriptor> = {
  TAX_IDENTIFICATION_NUMBER: msg`TIN (Taxpayer Identification Number)`,
  DRIVING_LICENCE: msg`Driving licence`,
  VOTERS_NUMBER: msg`Voter's ID number`,
  PASSPORT: msg`Passport`,
  NATIONAL_IDENTIFICATION_AUTHORITY: msg`NIDA (national ID)`,
  NO_IDENTIFICATION: msg`No identification`,
};

/** Short forms, for receipts and narrow rows. */
export const identificationTypeShort: Record<IdentificationType, MessageDescriptor> = {
  TAX_IDENTIFICATION_NUMBER: msg`TIN`,
  DRIVING_LICENCE: msg`Licence`,
  VOTERS_NUMBER: msg`Voter's ID`,
  PASSPORT: msg`Passport`,
  NATIONAL_IDENTIFICATION_AUTHORITY: msg`NIDA`,
  NO_IDENTIFICATION: msg`No ID`,
};

/** "0712 345 678" for the stored 9-digit local part "712345678". */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  return /^\d{9}$/.test(phone)
    ? `0${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`
    : phone;
}
