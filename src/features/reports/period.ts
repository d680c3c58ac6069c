// The period and filter a report page's search means (./search.ts holds the URL schemas).
import type { I18n } from '@lingui/core';
import { dateRangeMessages, presetRange, type DatePreset } from '../../../domain/date-range';
import {
  REPORT_MAX_DAYS,
  daysBetween,
  reportMessages,
  type SalesFilter,
} from '../../../domain/sales-report';
import type { SalesSearch } from './search';

export interface Period {
  preset: DatePreset;
  firstDay: string;
  lastDay: string;
}

/**
 * The days a search asks for; null for a custom period that is incomplete, backwards or longer
 * than the server reports (the picker says why).
 */
export function periodOfSearch(
  search: { preset?: DatePreset | undefined; from?: string | undefined; to?: string | undefined },
  now: Date,
  fallback: Exclude<DatePreset, 'custom'> = 'this_month',
): Period | null {
  const chosen = search.preset ?? fallback;
  if (chosen === 'custom') {
    const { from, to } = search;
    if (!from || !to || to < from) return null;
    if (daysBetween(from, to).length > REPORT_MAX_DAYS) return null;
    return { preset: 'custom', firstDay: from, lastDay: to };
  }
  const range = presetRange(chosen, now);
  return { preset: chosen, firstDay: range.firstDay, lastDay: range.lastDay };
}

/** What is wrong with a custom period's first and last day, translated; null where nothing. */
export function customPeriodErrors(
  search: { preset?: DatePreset | undefined; from?: string | undefined; to?: string | undefined },
  i18n: I18n,
): { from: string | null; to: string | null } {
  if (search.preset !== 'custom') return { from: null, to: null };
  const { from, to } = search;
  let toError: string | null = null;
  if (!to) toError = i18n._(dateRangeMessages.toInvalid);
  else if (from && to < from) toError = i18n._(dateRangeMessages.toBeforeFrom);
  else if (from && daysBetween(from, to).length > REPORT_MAX_DAYS) {
    toError = i18n._(reportMessages.periodTooLong);
  }
  return { from: from ? null : i18n._(dateRangeMessages.fromInvalid), to: toError };
}

export function filterOfSearch(search: SalesSearch): SalesFilter {
  const filter: SalesFilter = {};
  if (search.operator) filter.operator = search.operator;
  if (search.product) filter.product = search.product;
  if (search.customer) filter.customer = search.customer;
  if (search.taxType) filter.taxType = search.taxType;
  if (search.payment) filter.payment = search.payment;
  if (search.status) filter.status = search.status;
  return filter;
}

/** The query of a report request: the period and, for an admin, the company. */
export function periodQuery(
  period: Period,
  companyId: string | null | undefined,
): Record<string, string | undefined> {
  return {
    preset: period.preset,
    ...(period.preset === 'custom' ? { from: period.firstDay, to: period.lastDay } : {}),
    companyId: companyId ?? undefined,
  };
}
