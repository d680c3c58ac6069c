import { describe, expect, it } from 'vitest';
import {
  insightConsentSchema,
  insightMessages,
  insightRequestSchema,
  insightSchema,
  isInsightTaskFinished,
  providerInsightsSchema,
  quotaLeft,
  severityLevel,
} from '../../domain/schemas/insight';
import { fieldErrors, parsed } from './field-errors';

const insight = (overrides: Record<string, unknown> = {}) => ({
  type: 'expenses',
  title: 'Fuel costs rose by a third',
  summary: 'Fuel was 33% of expenses last month, up from 25% the month before.',
  recommendedAction: 'Compare prices at two more stations on your delivery route.',
  confidence: 0.82,
  severityScore: 55,
  period: { preset: 'last_month', firstDay: '2026-02-01', lastDay: '2026-02-28' },
  cached: false,
  generatedAt: '2026-03-02T06:15:00.000Z',
  ...overrides,
});

describe('AI insights (spec §3, §4)', () => {
  it('stores an insight with its type, confidence, severity, action, period and cache flag', () => {
    expect(parsed(insightSchema, insight())).toEqual(insight());
    for (const type of ['sales', 'expenses', 'tax', 'health']) {
      expect(parsed(insightSchema, insight({ type })).type).toBe(type);
    }
  });

  it("refuses a provider's answer that is out of range rather than repairing it", () => {
    for (const change of [
      { type: 'marketing' },
      { confidence: 1.2 },
      { confidence: -0.1 },
      { confidence: Number.NaN },
      { severityScore: 101 },
      { severityScore: 12.5 },
      { recommendedAction: '' },
      { title: 'x'.repeat(121) },
      { period: { preset: 'custom', firstDay: '2026-03-01', lastDay: '2026-02-01' } },
      { generatedAt: 'yesterday' },
    ]) {
      expect(
        Object.keys(fieldErrors(insightSchema, insight(change))),
        JSON.stringify(change),
      ).not.toEqual([]);
    }
    const { period: _period, cached: _cached, generatedAt: _at, ...fromProvider } = insight();
    expect(parsed(providerInsightsSchema, { insights: [fromProvider] }).insights).toHaveLength(1);
    expect(
      Object.keys(
        fieldErrors(providerInsightsSchema, { insights: [{ ...fromProvider, confidence: 2 }] }),
      ),
    ).toEqual(['insights.0.confidence']);
  });

  it('shows the severity score as low, medium or high', () => {
    expect([0, 33, 34, 66, 67, 100].map(severityLevel)).toEqual([
      'low',
      'low',
      'medium',
      'medium',
      'high',
      'high',
    ]);
  });

  it('is asked for by type and period, with consent given or declined', () => {
    expect(parsed(insightRequestSchema, { type: 'tax', preset: 'this_year' })).toEqual({
      type: 'tax',
      preset: 'this_year',
    });
    expect(
      parsed(insightRequestSchema, {
        type: 'sales',
        preset: 'custom',
        from: '01-01-2026',
        to: '31-01-2026',
      }),
    ).toEqual({ type: 'sales', preset: 'custom', from: '2026-01-01', to: '2026-01-31' });
    expect(fieldErrors(insightRequestSchema, { type: 'weather', preset: 'today' })).toEqual({
      type: insightMessages.typeInvalid.id,
    });
    expect(parsed(insightConsentSchema, { granted: false })).toEqual({ granted: false });
    expect(fieldErrors(insightConsentSchema, { granted: 'yes' })).toEqual({
      granted: insightMessages.consentRequired.id,
    });
  });

  it('tracks the background task and the daily quota', () => {
    expect(
      ['queued', 'running', 'completed', 'failed'].filter((s) => isInsightTaskFinished(s as never)),
    ).toEqual(['completed', 'failed']);
    expect(quotaLeft({ used: 3, limit: 10 })).toBe(7);
    expect(quotaLeft({ used: 12, limit: 10 })).toBe(0);
  });
});
