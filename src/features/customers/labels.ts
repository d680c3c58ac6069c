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

/** Short forms for list rows. */
export const identificationTypeShort: Record<IdentificationType, MessageDescriptor> = {
  TAX_IDENTIFICATION_NUMBER: msg`TIN`,
  DRIVING_LICENCE: msg`Licence`,
  VOTERS_NUMBER: msg`Voter's ID`,
  PASSPORT: msg`Passport`,
  NATIONAL_IDENTIFICATION_AUTHORITY: msg`NIDA`,
  NO_IDENTIFICATION: msg`No ID`,
};

/** What the number of each type looks like (the rules of domain/schemas/customer.ts). */
export const identificationNumberHints: Record<IdentificationType, MessageDescriptor | null> = {
  TAX_IDENTIFICATION_NUMBER: msg`9 digits`,
  NATIONAL_IDENTIFICATION_AUTHORITY: msg`20 digits`,
  DRIVING_LICENCE: msg`5 to 20 letters or digits`,
  VOTERS_NUMBER: msg`5 to 20 letters or digits`,
  PASSPORT: msg`5 to 20 letters or digits`,
  NO_IDENTIFICATION: null,
};
