// Company form rules (spec §5 Company form): organization, name, 9-digit TIN, email, 9-digit
// phone, address and the VFD serial TRA issued with the certificate are required; VRN is not.
import * as v from 'valibot';
import { m } from '../messages';
import { recordMessages } from '../record-messages';
import { phone9 } from './auth';
import { blankToNull, tin, vrn } from './fields';

/** The VFD serial TRA issues with a certificate (CERTKEY): 10TZ100781, 10TZ1000211. */
export const vfdSerialPattern = /^\d{2}TZ\d{5,10}$/;

export const companySchema = v.object({
  organizationId: v.pipe(
    v.string(recordMessages.organizationRequired.id),
    v.trim(),
    v.nonEmpty(recordMessages.organizationRequired.id),
    v.uuid(recordMessages.organizationRequired.id),
  ),
  name: v.pipe(
    v.string(recordMessages.companyNameRequired.id),
    v.trim(),
    v.nonEmpty(recordMessages.companyNameRequired.id),
    v.maxLength(100, recordMessages.nameTooLong.id),
  ),
  tin,
  vrn: blankToNull(vrn),
  email: v.pipe(
    v.string(m.emailInvalid.id),
    v.trim(),
    v.email(m.emailInvalid.id),
    v.maxLength(100, m.emailInvalid.id),
  ),
  phone: phone9,
  address: v.pipe(
    v.string(recordMessages.addressRequired.id),
    v.trim(),
    v.nonEmpty(recordMessages.addressRequired.id),
    v.maxLength(200, recordMessages.addressRequired.id),
  ),
  serial: v.pipe(
    v.string(recordMessages.vfdSerialInvalid.id),
    v.trim(),
    v.toUpperCase(),
    v.regex(vfdSerialPattern, recordMessages.vfdSerialInvalid.id),
  ),
});
export type CompanyInput = v.InferOutput<typeof companySchema>;

/**
 * What Cert-Serial carries (before base64) when an administrator overrides the value taken
 * from the certificate; null goes back to the certificate's own serial.
 */
export const certSerialOverrideSchema = v.object({
  certSerial: v.nullable(
    v.pipe(
      v.string(recordMessages.certSerialInvalid.id),
      v.trim(),
      v.regex(/^[\x20-\x7e]{1,200}$/, recordMessages.certSerialInvalid.id),
    ),
  ),
});

/** A calendar day, YYYY-MM-DD (East Africa Time where it names a business day). */
export const isoDate = v.pipe(
  v.string(recordMessages.dateInvalid.id),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, recordMessages.dateInvalid.id),
  v.check((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, recordMessages.dateInvalid.id),
);
