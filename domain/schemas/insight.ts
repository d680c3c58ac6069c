// AI business insights (spec §3, §4): what the AI provider says about a period of the business's
// sales, expenses, tax or overall health. Provider output is untrusted text, so it is parsed with
// this schema before it is stored or shown; anything out of range is refused, not repaired.
import * as v from 'valibot';
import { DATE_PRESETS, dateRangeSchema, type DatePreset } from '../date-range';
import type { Message } from '../i18n';
import { calendarDate } from './fields';

export const INSIGHT_TYPES = ['sales', 'expenses', 'tax', 'health'] as const;
export type InsightType = (typeof INSIGHT_TYPES)[number];

export const insightTypeLabels: Record<InsightType, Message> = {
  sales: /*i18n*/ { id: 'Sales' },
  expenses: /*i18n*/ { id: 'Expenses' },
  tax: /*i18n*/ { id: 'Tax' },
  health: /*i18n*/ { id: 'Business health' },
};

/** Severity is a score from 0 (nothing to do) to 100 (act now), shown as one of three levels. */
export const SEVERITY_LEVELS = ['low', 'medium', 'high'] as const;
export type SeverityLevel = (typeof SEVERITY_LEVELS)[number];

export const severityLabels: Record<SeverityLevel, Message> = {
  low: /*i18n*/ { id: 'Low' },
  medium: /*i18n*/ { id: 'Medium' },
  high: /*i18n*/ { id: 'High' },
};

export function severityLevel(score: number): SeverityLevel {
  if (score >= 67) return 'high';
  if (score >= 34) return 'medium';
  return 'low';
}

/** Generation runs in the background; the app polls the task and may retry a failed one. */
export const INSIGHT_TASK_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type InsightTaskStatus = (typeof INSIGHT_TASK_STATUSES)[number];

export function isInsightTaskFinished(status: InsightTaskStatus): boolean {
  return status === 'completed' || status === 'failed';
}

export const insightMessages = {
  typeInvalid: /*i18n*/ { id: 'Choose sales, expenses, tax or business health' },
  consentRequired: /*i18n*/ { id: 'Choose whether you agree to AI processing of your data' },
} satisfies Record<string, Message>;

const text = (max: number) => v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(max));

/** The period an insight is about: the preset asked for and the days it resolved to. */
export const insightPeriodSchema = v.pipe(
  v.object({
    preset: v.picklist(DATE_PRESETS),
    firstDay: calendarDate(),
    lastDay: calendarDate(),
  }),
  v.check((period) => period.lastDay >= period.firstDay),
);

/** One insight as stored and as the app shows it. */
export const insightSchema = v.object({
  type: v.picklist(INSIGHT_TYPES),
  title: text(120),
  /** What was found, in the user's language. */
  summary: text(1000),
  recommendedAction: text(500),
  /** How sure the model is, from 0 to 1. */
  confidence: v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(1)),
  /** From 0 (informational) to 100 (urgent); see severityLevel. */
  severityScore: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100)),
  period: insightPeriodSchema,
  /** True when served from an earlier generation for the same period, without a new AI request. */
  cached: v.boolean(),
  generatedAt: v.pipe(v.string(), v.isoTimestamp()),
});
export type InsightInput = v.InferInput<typeof insightSchema>;
export type Insight = v.InferOutput<typeof insightSchema>;

/** What a provider answers: the insights without what the server adds (period, cache, time). */
export const providerInsightsSchema = v.object({
  insights: v.pipe(
    v.array(v.omit(insightSchema, ['period', 'cached', 'generatedAt'])),
    v.maxLength(20),
  ),
});
export type ProviderInsights = v.InferOutput<typeof providerInsightsSchema>;

/** Asking for insights of one type over a period (a preset, or custom days). */
export const insightRequestSchema = v.intersect([
  v.object({ type: v.picklist(INSIGHT_TYPES, insightMessages.typeInvalid.id) }),
  dateRangeSchema,
]);
export type InsightRequestInput = v.InferInput<typeof insightRequestSchema>;
export type InsightRequest = v.InferOutput<typeof insightRequestSchema>;

/** Consent to data processing (spec §4): given, declined, or changed later. */
export const insightConsentSchema = v.object({
  granted: v.boolean(insightMessages.consentRequired.id),
});
export type InsightConsent = v.InferOutput<typeof insightConsentSchema>;

/** The daily quota as the app shows it: "used of limit". */
export interface InsightQuota {
  used: number;
  limit: number;
}

export function quotaLeft(quota: InsightQuota): number {
  return Math.max(0, quota.limit - quota.used);
}

/** A generation task as the API answers it: its status, and its insights once completed. */
export interface InsightTaskView {
  id: string;
  type: InsightType;
  status: InsightTaskStatus;
  period: { preset: DatePreset; firstDay: string; lastDay: string };
  insights: Insight[] | null;
  /** The error code of a failed task (domain/errors.ts). */
  error: string | null;
  /** Answered from an earlier generation today, without a new AI request. */
  cached: boolean;
  createdAt: string;
  finishedAt: string | null;
}

/** What the app reads first: the user's consent, today's quota and their latest task. */
export interface InsightState {
  /** null until the user answered the question. */
  consent: boolean | null;
  quota: InsightQuota;
  latest: InsightTaskView | null;
  /** Who writes the insights: the server's own engine, or an outside AI service. */
  engine: 'own' | 'outside';
}
