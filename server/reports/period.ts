// The period and filters of a report request (?preset=&from=&to=, and the sales filters), read
// with the same domain schemas the app's URLs use. A wrong value is a 422 naming the field.
import type { Context } from 'hono';
import { errorMessages } from '../../domain/errors';
import { dateRangeSchema, resolveDateRange, type DayRange } from '../../domain/date-range';
import {
  REPORT_MAX_DAYS,
  daysBetween,
  reportMessages,
  salesFilterSchema,
  type SalesFilter,
} from '../../domain/sales-report';
import type { Clock } from '../clock';
import { AppError } from '../http/app-error';
import { parseWith } from '../http/validate';

export interface Period {
  firstDay: string;
  lastDay: string;
  range: DayRange;
}

/** The period a request names; a month unless told. */
export function periodOf(c: Context, clock: Clock, fallback = 'this_month'): Period {
  const query = c.req.query();
  const input: Record<string, string | undefined> = { preset: query.preset ?? fallback };
  if (input.preset === 'custom') {
    input.from = query.from;
    input.to = query.to;
  }
  const parsed = parseWith(dateRangeSchema, input);
  const range = resolveDateRange(parsed, clock.now());
  if (daysBetween(range.firstDay, range.lastDay).length > REPORT_MAX_DAYS) {
    throw new AppError(422, 'validation_failed', errorMessages.validation_failed, {
      fields: { to: reportMessages.periodTooLong.id },
    });
  }
  return { firstDay: range.firstDay, lastDay: range.lastDay, range };
}

export function filterOf(c: Context): SalesFilter {
  const query = c.req.query();
  const input: Record<string, string> = {};
  for (const key of Object.keys(salesFilterSchema.entries)) {
    const value = query[key];
    if (value !== undefined && value !== '') input[key] = value;
  }
  return parseWith(salesFilterSchema, input);
}
