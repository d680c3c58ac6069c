// Expense categories (spec §3): the business's own chart of what it spends on. A category can be
// inactivated (spec §4) but not removed while expenses use it; its code is unique per company.
import * as v from 'valibot';
import type { Message } from '../i18n';
import { clientId, optionalText } from './fields';

export const categoryMessages = {
  nameLength: /*i18n*/ { id: 'Category name must be 2 to 100 characters' },
  codeInvalid: /*i18n*/ { id: 'Code must be 2 to 20 letters, digits, - or _' },
} satisfies Record<string, Message>;

const cm = categoryMessages;

export const expenseCategorySchema = v.object({
  id: clientId,
  name: v.pipe(
    v.string(cm.nameLength.id),
    v.trim(),
    v.minLength(2, cm.nameLength.id),
    v.maxLength(100, cm.nameLength.id),
  ),
  /** A short code for reports and accounting exports, e.g. FUEL or RENT-01; stored upper-case. */
  code: v.pipe(
    v.string(cm.codeInvalid.id),
    v.trim(),
    v.regex(/^[A-Za-z0-9_-]{2,20}$/, cm.codeInvalid.id),
    v.toUpperCase(),
  ),
  description: optionalText(500),
  active: v.optional(v.boolean(), true),
});
export type ExpenseCategoryInput = v.InferInput<typeof expenseCategorySchema>;
export type ExpenseCategory = v.InferOutput<typeof expenseCategorySchema>;

/** Activating or inactivating a category or a vendor, after the user confirms (spec §4). */
export const activeChangeSchema = v.object({ active: v.boolean() });
export type ActiveChange = v.InferOutput<typeof activeChangeSchema>;
