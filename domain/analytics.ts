// What usage analytics may carry (spec §7): event names, the current user's properties, and
// parameter values bounded so that no event can hold a long text, an absurd number or a
// currency code the analytics service does not know.
import { CURRENCIES, type Currency } from './currency';
import type { ExpenseSource } from './expense';
import type { Locale } from './i18n';
import type { Role, SessionUser } from './roles';

export const ANALYTICS_MAX_STRING = 100;
export const ANALYTICS_MAX_NUMBER = 999_999_999;
export const ANALYTICS_FALLBACK_CURRENCY: Currency = 'USD';

export type AnalyticsEvent =
  | 'login'
  | 'language_changed'
  | 'invoice_created'
  | 'invoice_submitted'
  | 'invoice_canceled'
  | 'invoice_emailed'
  | 'customer_created'
  | 'customers_imported'
  | 'product_created'
  | `expense_created_${ExpenseSource}`
  | 'ai_insight_requested';

/** The current user as analytics sees it (spec §3): no name, email or phone. */
export interface AnalyticsUser {
  id: string;
  user_type: Role;
  company_id: string | null;
  language: Locale;
  isAdmin: boolean;
}

export function analyticsUser(user: SessionUser): AnalyticsUser {
  return {
    id: user.id,
    user_type: user.user_type,
    company_id: user.company_id,
    language: user.language,
    isAdmin: user.isAdmin,
  };
}

/** Cut at 100 characters, never in the middle of a character outside the basic plane. */
export function analyticsString(value: string): string {
  const chars = Array.from(value);
  return chars.length <= ANALYTICS_MAX_STRING
    ? value
    : chars.slice(0, ANALYTICS_MAX_STRING).join('');
}

/** Capped at ±999,999,999; a value that is not a number at all becomes 0. */
export function analyticsNumber(value: number): number {
  if (Number.isNaN(value)) return 0;
  return Math.min(ANALYTICS_MAX_NUMBER, Math.max(-ANALYTICS_MAX_NUMBER, value));
}

/** One of the 30 accepted codes (any letter case), else USD. */
export function analyticsCurrency(code: string | null | undefined): Currency {
  const upper = (code ?? '').trim().toUpperCase();
  return (CURRENCIES as readonly string[]).includes(upper)
    ? (upper as Currency)
    : ANALYTICS_FALLBACK_CURRENCY;
}

export type AnalyticsValue = string | number | boolean;

/**
 * Event parameters made safe to send: strings cut, numbers capped, a `currency` parameter
 * reduced to an accepted code, and values that are not text, numbers or flags dropped.
 */
export function analyticsParams(params: Record<string, unknown>): Record<string, AnalyticsValue> {
  const safe: Record<string, AnalyticsValue> = {};
  for (const [key, value] of Object.entries(params)) {
    if (key === 'currency') safe[key] = analyticsCurrency(typeof value === 'string' ? value : null);
    else if (typeof value === 'string') safe[key] = analyticsString(value);
    else if (typeof value === 'number') safe[key] = analyticsNumber(value);
    else if (typeof value === 'boolean') safe[key] = value;
  }
  return safe;
}
