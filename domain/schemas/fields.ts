// Field rules shared by several schemas: identifiers TRA issues (TIN, VRN, serial), phone
// numbers, calendar dates and times as people type them, amounts and quantities.
import * as v from 'valibot';
import type { Message } from '../i18n';
import { m } from '../messages';
import { MAX_CENTS, parseAmount, type Cents } from '../money';
import { MAX_QUANTITY, parseQuantity, type Quantity } from '../quantity';
import { parseCalendarDate } from '../calendar-date';

export { isValidCalendarDate, parseCalendarDate } from '../calendar-date';

export const fieldMessages = {
  tinInvalid: /*i18n*/ { id: 'TIN must be 9 digits' },
  vrnInvalid: /*i18n*/ { id: 'VAT number must be 9 letters or digits' },
  phoneDigits: /*i18n*/ { id: 'Phone number must be 9 to 15 digits' },
  serialInvalid: /*i18n*/ { id: 'Serial number must be at most 10 letters or digits' },
  dateInvalid: /*i18n*/ { id: 'Enter a valid date as DD-MM-YYYY' },
  timeInvalid: /*i18n*/ { id: 'Enter a valid time as HH:mm' },
  amountInvalid: /*i18n*/ { id: 'Enter an amount such as 1,500.00' },
  amountPositive: /*i18n*/ { id: 'The amount must be greater than 0' },
  quantityInvalid: /*i18n*/ { id: 'Enter a quantity greater than 0, with at most 3 decimals' },
  textTooLong: /*i18n*/ { id: 'This text is too long' },
} satisfies Record<string, Message>;

const fm = fieldMessages;

/** A required text: trimmed, and `required` when missing or blank. */
export function requiredText(required: Message) {
  return v.pipe(v.string(required.id), v.trim(), v.nonEmpty(required.id));
}

/** A text whose trimmed length must lie within [min, max], with one message for both bounds. */
export function textBetween(min: number, max: number, message: Message) {
  return v.pipe(
    v.string(message.id),
    v.trim(),
    v.minLength(min, message.id),
    v.maxLength(max, message.id),
  );
}

/**
 * An optional field: missing, null or blank becomes null; anything else must pass `schema`.
 * Forms send '' for an untouched input and the API may send null, and both mean "not given".
 */
export function blankToNull<TOutput>(
  schema: v.GenericSchema<string, TOutput>,
): v.GenericSchema<string | null | undefined, TOutput | null> {
  return v.pipe(
    v.nullish(v.string(m.fieldInvalid.id), null),
    v.transform((value) => (value == null || value.trim() === '' ? null : value)),
    v.nullable(schema),
  );
}

/** An optional free text of at most `max` characters, null when blank. */
export function optionalText(max: number) {
  return blankToNull(v.pipe(v.string(), v.trim(), v.maxLength(max, fm.textTooLong.id)));
}

/** A reference to another record: a UUID, with `required` when missing or malformed. */
export function recordId(required: Message) {
  return v.pipe(v.string(required.id), v.trim(), v.nonEmpty(required.id), v.uuid(required.id));
}

/** The client-generated id of a new record (offline-first); the server makes one when absent. */
export const clientId = v.optional(
  v.pipe(v.string(m.fieldInvalid.id), v.trim(), v.toLowerCase(), v.uuid(m.fieldInvalid.id)),
);

/**
 * TIN: exactly 9 digits. People write it as 123-456-789 or with spaces, so dashes and spaces
 * are dropped first; the stored form is the 9 digits TRA uses.
 */
export const tin = v.pipe(
  v.string(fm.tinInvalid.id),
  v.transform((value) => value.replace(/[\s-]/g, '')),
  v.regex(/^\d{9}$/, fm.tinInvalid.id),
);

/**
 * VAT registration number (VRN): 9 letters or digits, e.g. 10017937K. It is printed as
 * 10-017937-K too, so dashes and spaces are dropped and letters upper-cased.
 */
export const vrn = v.pipe(
  v.string(fm.vrnInvalid.id),
  v.transform((value) => value.replace(/[\s-]/g, '').toUpperCase()),
  v.regex(/^[A-Z0-9]{9}$/, fm.vrnInvalid.id),
);

/**
 * A phone number of 9 to 15 digits: local (712345678, 0712345678) or international
 * (+255 712 345 678). Spaces, dashes, brackets and a leading + are dropped; digits are kept.
 */
export const phoneDigits = v.pipe(
  v.string(fm.phoneDigits.id),
  v.transform((value) => value.replace(/[\s\-()]/g, '').replace(/^\+/, '')),
  v.regex(/^\d{9,15}$/, fm.phoneDigits.id),
);

/** A VFD or EFD serial such as 10TZ100781: up to 10 letters or digits, upper-cased. */
export const serial = v.pipe(
  v.string(fm.serialInvalid.id),
  v.transform((value) => value.replace(/[\s-]/g, '').toUpperCase()),
  v.regex(/^[A-Z0-9]{1,10}$/, fm.serialInvalid.id),
);

/** A calendar date (DD-MM-YYYY as typed, or ISO); the output is ISO YYYY-MM-DD. */
export function calendarDate(message: Message = fm.dateInvalid) {
  return v.pipe(
    v.string(message.id),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const iso = parseCalendarDate(dataset.value);
      if (iso === null) {
        addIssue({ message: message.id });
        return NEVER;
      }
      return iso;
    }),
  );
}

/** Reads HH:mm or HH:mm:ss (24-hour clock) as HH:mm:ss; null when it is not a time of day. */
export function parseTimeOfDay(text: string): string | null {
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!match) return null;
  const [hours, minutes, seconds] = [match[1]!, match[2]!, match[3] ?? '00'].map(Number) as [
    number,
    number,
    number,
  ];
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(hours)}:${two(minutes)}:${two(seconds)}`;
}

/** A time of day (HH:mm or HH:mm:ss); the output is HH:mm:ss. */
export function timeOfDay(message: Message = fm.timeInvalid) {
  return v.pipe(
    v.string(message.id),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const time = parseTimeOfDay(dataset.value);
      if (time === null) {
        addIssue({ message: message.id });
        return NEVER;
      }
      return time;
    }),
  );
}

/**
 * An amount greater than 0, as integer cents. A number is taken as cents (the API's and the
 * local database's form); a string is what a person typed ("1,500.50", "Tsh 200") and is read
 * with parseAmount. Either way the output is exact cents, never a float.
 */
export function positiveAmount(invalid: Message = fm.amountInvalid) {
  return v.pipe(
    v.union([v.string(), v.number()], invalid.id),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const value = dataset.value;
      const amount =
        typeof value === 'string'
          ? parseAmount(value)
          : Number.isSafeInteger(value) && Math.abs(value) <= MAX_CENTS
            ? (value as Cents)
            : null;
      if (amount === null) {
        addIssue({ message: invalid.id });
        return NEVER;
      }
      return amount;
    }),
    v.check((amount) => amount > 0, fm.amountPositive.id),
  );
}

/**
 * A quantity greater than 0 with at most 3 decimals, as integer thousandths (domain/quantity).
 * A number is taken as thousandths (1500 = 1.5), a string as typed ("1.5").
 */
export const positiveQuantity = v.pipe(
  v.union([v.string(), v.number()], fm.quantityInvalid.id),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const value = dataset.value;
    const quantity =
      typeof value === 'string'
        ? parseQuantity(value)
        : Number.isSafeInteger(value) && value > 0 && value <= MAX_QUANTITY
          ? (value as Quantity)
          : null;
    if (quantity === null) {
      addIssue({ message: fm.quantityInvalid.id });
      return NEVER;
    }
    return quantity;
  }),
);

type PathKey = string | number;

/** An issue path as valibot builds it, so that forms and issuesToFields find the field. */
export function issuePath(
  input: unknown,
  keys: readonly PathKey[],
): [v.IssuePathItem, ...v.IssuePathItem[]] {
  let current: unknown = input;
  const path = keys.map((key) => {
    const container = current as Record<PathKey, unknown>;
    const value = container?.[key];
    const item =
      typeof key === 'number'
        ? ({
            type: 'array',
            origin: 'value',
            input: container as unknown as unknown[],
            key,
            value,
          } as const)
        : ({
            type: 'object',
            origin: 'value',
            input: container as Record<string, unknown>,
            key,
            value,
          } as const);
    current = value;
    return item;
  });
  return path as [v.IssuePathItem, ...v.IssuePathItem[]];
}
