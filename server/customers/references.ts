// What keeps a customer from being deleted. Records that refer to a customer (invoices) do so
// through a foreign key to customers.id with the default NO ACTION rule, so the database
// itself refuses the delete, even when the invoice is written by another process at the same
// moment; this turns that refusal into the user's message.
import type { ErrorCode } from '../../domain/errors';
import { databaseError, FOREIGN_KEY_VIOLATION } from '../db/errors';
import { appError, type AppError } from '../http/app-error';

/**
 * The message for each referring table, by the foreign key's constraint name. A referring
 * table without an entry gets the default; add an entry when a table needs its own words.
 */
export const customerReferenceMessages: Record<string, ErrorCode> = {};
const DEFAULT_REFUSAL: ErrorCode = 'customer_has_invoices';

/** The user's error for a customer delete the database refused, or null for any other failure. */
export function customerDeleteRefusal(error: unknown): AppError | null {
  const info = databaseError(error);
  if (info?.code !== FOREIGN_KEY_VIOLATION) return null;
  const code = (info.constraint && customerReferenceMessages[info.constraint]) || DEFAULT_REFUSAL;
  return appError(409, code);
}
