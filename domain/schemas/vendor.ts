// Vendors (spec §3): the suppliers a business buys from, chosen when recording an expense. A
// vendor's TIN and serial are unique within the company ('Conflict. Tax Number or Serial already
// registered.').
//
// Spec §5 gives two readings of each identifier; the product takes the exact ones, because they
// are what TRA issues and prints: TIN exactly 9 digits, VAT number (VRN) exactly 9 letters or
// digits, serial up to 10 letters or digits (VFD serials such as 10TZ100781 are 10), phone 9 to
// 15 digits. The "at least" readings would accept numbers TRA never issues.
import * as v from 'valibot';
import type { Message } from '../i18n';
import { blankToNull, clientId, optionalText, phoneDigits, serial, tin, vrn } from './fields';

export const vendorMessages = {
  nameLength: /*i18n*/ { id: 'Vendor name must be 2 to 255 characters' },
} satisfies Record<string, Message>;

export const vendorSchema = v.object({
  id: clientId,
  name: v.pipe(
    v.string(vendorMessages.nameLength.id),
    v.trim(),
    v.minLength(2, vendorMessages.nameLength.id),
    v.maxLength(255, vendorMessages.nameLength.id),
  ),
  tin,
  vrn: blankToNull(vrn),
  serial: blankToNull(serial),
  phone: blankToNull(phoneDigits),
  address: optionalText(255),
  active: v.optional(v.boolean(), true),
});
export type VendorInput = v.InferInput<typeof vendorSchema>;
export type Vendor = v.InferOutput<typeof vendorSchema>;
