// Customer rules of spec §3 and §5, shared by the app's forms, its offline duplicate check, the
// CSV import (browser worker and server) and the API. Input is normalised before it is checked,
// so "123-456-789" and "0712 345 678" are stored as 123456789 and 712345678.
import * as v from 'valibot';
import { m } from '../messages';
import { recordMessages } from '../record-messages';
import type { SyncedRecord } from './record';

/** Identification types of spec §3, in TRA's CUSTIDTYPE order (1 … 6). */
export const IDENTIFICATION_TYPES = [
  'TAX_IDENTIFICATION_NUMBER',
  'DRIVING_LICENCE',
  'VOTERS_NUMBER',
  'PASSPORT',
  'NATIONAL_IDENTIFICATION_AUTHORITY',
  'NO_IDENTIFICATION',
] as const;
export type IdentificationType = (typeof IDENTIFICATION_TYPES)[number];

export const CUSTOMER_NAME_MAX = 100;

const separators = /[\s\-–/.()]+/g;

/** Digits and letters only: people write TINs and NIDA numbers with dashes and spaces. */
export function compactIdentifier(value: string): string {
  return value.replace(separators, '').toUpperCase();
}

/**
 * The 9-digit local part of a Tanzanian phone number, accepting the ways people write it
 * (0712 345 678, +255 712 345 678, 255712345678). Anything else is returned compacted, to fail
 * the 9-digit rule with the user's own digits.
 */
export function normalizePhone(value: string): string {
  const compact = value.replace(/[\s\-–().]+/g, '').replace(/^\+/, '');
  if (/^255[1-9]\d{8}$/.test(compact)) return compact.slice(3);
  if (/^0[1-9]\d{8}$/.test(compact)) return compact.slice(1);
  return compact;
}

export function normalizeName(value: string): string {
  return value.trim().replace(/\s+/g, ' ');
}

/** Empty, blank, null or missing all mean "not given". */
const optionalText = (normalize: (s: string) => string, rule: v.GenericSchema<string, string>) =>
  v.pipe(
    v.nullish(v.string(m.fieldInvalid.id), null),
    v.transform((value) => {
      const trimmed = value?.trim() ?? '';
      return trimmed === '' ? null : normalize(trimmed);
    }),
    v.nullable(rule),
  );

const identificationNumberRules: Record<
  Exclude<IdentificationType, 'NO_IDENTIFICATION'>,
  { test: RegExp; message: string }
> = {
  TAX_IDENTIFICATION_NUMBER: { test: /^\d{9}$/, message: recordMessages.tinInvalid.id },
  NATIONAL_IDENTIFICATION_AUTHORITY: { test: /^\d{20}$/, message: recordMessages.nidaInvalid.id },
  DRIVING_LICENCE: {
    test: /^[A-Z0-9]{5,20}$/,
    message: recordMessages.identificationNumberInvalid.id,
  },
  VOTERS_NUMBER: {
    test: /^[A-Z0-9]{5,20}$/,
    message: recordMessages.identificationNumberInvalid.id,
  },
  PASSPORT: { test: /^[A-Z0-9]{5,20}$/, message: recordMessages.identificationNumberInvalid.id },
};

/** The message for an identification number that does not fit its type, or null when it fits. */
export function identificationNumberProblem(
  type: IdentificationType,
  number: string | null,
): string | null {
  if (type === 'NO_IDENTIFICATION') return null;
  const rule = identificationNumberRules[type];
  return number !== null && rule.test.test(number) ? null : rule.message;
}

/**
 * The optional identification and contact fields, normalised; shared with the customer copy on
 * an invoice so both read a TIN, a phone or a VRN the same way.
 */
export const customerContactFields = {
  identificationNumber: optionalText(compactIdentifier, v.string()),
  phoneNumber: optionalText(
    normalizePhone,
    // Nine digits after the 0 or 255; "0754 123 45" is a digit short, not "075412345".
    v.pipe(v.string(), v.regex(/^[1-9]\d{8}$/, m.phoneInvalid.id)),
  ),
  email: optionalText(
    (s) => s,
    v.pipe(v.string(), v.email(m.emailInvalid.id), v.maxLength(100, m.emailInvalid.id)),
  ),
  vatRegistrationNumber: optionalText(
    compactIdentifier,
    v.pipe(v.string(), v.regex(/^\d{8}[A-Z]$/, recordMessages.vrnInvalid.id)),
  ),
};

export const customerFieldsSchema = v.pipe(
  v.object({
    // A missing key reads as empty, so it gets the field's own message.
    name: v.pipe(
      v.optional(v.string(recordMessages.customerNameRequired.id), ''),
      v.transform(normalizeName),
      v.nonEmpty(recordMessages.customerNameRequired.id),
      v.maxLength(CUSTOMER_NAME_MAX, recordMessages.customerNameTooLong.id),
    ),
    identificationType: v.pipe(
      v.optional(v.string(recordMessages.identificationTypeRequired.id), ''),
      v.picklist(IDENTIFICATION_TYPES, recordMessages.identificationTypeRequired.id),
    ),
    ...customerContactFields,
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const { identificationType, identificationNumber } = dataset.value;
    const problem = identificationNumberProblem(identificationType, identificationNumber ?? null);
    if (problem) {
      addIssue({
        message: problem,
        input: identificationNumber,
        path: [
          {
            type: 'object',
            origin: 'value',
            input: dataset.value,
            key: 'identificationNumber',
            value: identificationNumber,
          },
        ],
      });
    }
  }),
  // "No identification" carries no number, whatever was typed before the type was changed.
  v.transform((value) =>
    value.identificationType === 'NO_IDENTIFICATION'
      ? { ...value, identificationNumber: null }
      : value,
  ),
);

export type CustomerFields = v.InferOutput<typeof customerFieldsSchema>;
export type CustomerFieldsInput = v.InferInput<typeof customerFieldsSchema>;

/** A customer as the API returns it and the app stores it. */
export interface Customer extends CustomerFields, SyncedRecord {}

/**
 * The key two customers of one company may not share: the same identification number under the
 * same type. "No identification" customers have none.
 */
export function identificationKey(
  customer: Pick<CustomerFields, 'identificationType' | 'identificationNumber'>,
): string | null {
  if (customer.identificationType === 'NO_IDENTIFICATION' || !customer.identificationNumber)
    return null;
  return `${customer.identificationType}:${customer.identificationNumber}`;
}

/**
 * What an imported row may not share with a customer the company already has: its
 * identification, or, for a customer with neither identification nor VAT number, its name,
 * phone and email together. An exported list imported again then adds nobody twice, while two
 * people of one name are still told apart by a phone or an email.
 */
export function importKey(
  customer: Pick<
    CustomerFields,
    'identificationType' | 'identificationNumber' | 'name' | 'phoneNumber' | 'email'
  > & { vatRegistrationNumber: string | null },
): string | null {
  const identified = identificationKey(customer);
  if (identified || customer.vatRegistrationNumber) return identified;
  const email = (customer.email ?? '').toLowerCase();
  return `none:${customer.name.toLowerCase()}\n${customer.phoneNumber ?? ''}\n${email}`;
}

/** The CSV column that names a row's importKey. */
export const importKeyColumn = (key: string) =>
  key.startsWith('none:') ? ('name' as const) : ('identification_number' as const);
