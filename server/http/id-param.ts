// A UUID path parameter; anything else cannot name a record, so it is answered 404 before it
// reaches a query (PostgreSQL would reject it as a uuid with a 500).
import type { Context } from 'hono';
import { appError } from './app-error';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An optional UUID in the query string: absent is undefined, anything but a UUID is 404. */
export function idQuery(c: Context, name: string): string | undefined {
  const value = c.req.query(name);
  if (value === undefined) return undefined;
  if (!UUID.test(value)) throw appError(404, 'not_found');
  return value.toLowerCase();
}

export function idParam(c: Context, name = 'id'): string {
  const value = c.req.param(name) ?? '';
  if (!UUID.test(value)) throw appError(404, 'not_found');
  return value.toLowerCase();
}
