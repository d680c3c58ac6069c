// The cursor of a list of invoices newest first (the invoice list and the invoices report):
// the date, creation time and id of the last invoice of a page, in base64url JSON. A cursor
// comes back from the client, so it is read strictly: a real day, the exact time the server
// wrote, a UUID; anything else names no invoice (and would fail as a cast in the database).
import { parseCalendarDate } from '../../domain/calendar-date';
import { UUID } from './id-param';

export interface InvoiceCursor {
  date: string;
  createdAt: string;
  id: string;
}

export function encodeInvoiceCursor(row: { date: string; createdAt: Date; id: string }): string {
  const cursor: InvoiceCursor = {
    date: row.date,
    createdAt: row.createdAt.toISOString(),
    id: row.id,
  };
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/** The cursor a text holds, or null when it holds none. */
export function readInvoiceCursor(text: string): InvoiceCursor | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { date, createdAt, id } = value as Record<string, unknown>;
  if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  if (parseCalendarDate(date) !== date) return null;
  if (
    typeof createdAt !== 'string' ||
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(createdAt)
  ) {
    return null;
  }
  const instant = new Date(createdAt);
  if (Number.isNaN(instant.getTime()) || instant.toISOString() !== createdAt) return null;
  if (typeof id !== 'string' || !UUID.test(id)) return null;
  return { date, createdAt, id: id.toLowerCase() };
}
