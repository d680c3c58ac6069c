// An outside model for insights, when AI_BASE_URL names an OpenAI-compatible endpoint: the
// same figures the own engine reads go to /chat/completions, and the answer is parsed with
// the domain's schema; anything malformed or out of range fails the task (the user may retry)
// rather than being shown.
import * as v from 'valibot';
import type { InsightFigures } from '../../domain/insights-engine';
import type { Locale } from '../../domain/i18n';
import {
  providerInsightsSchema,
  type InsightType,
  type ProviderInsights,
} from '../../domain/schemas/insight';
import type { Config } from '../config';

const TIMEOUT_MS = 45_000;
/** An answer longer than this is not an answer. */
const MAX_ANSWER = 200_000;

export class ProviderError extends Error {}

const completionSchema = v.object({
  choices: v.pipe(
    v.array(v.object({ message: v.object({ content: v.string() }) })),
    v.minLength(1),
  ),
});

const LANGUAGE: Record<Locale, string> = { en: 'English', sw: 'Swahili (Kiswahili)' };

/** Figures in shillings rather than cents, which a model reads more reliably. */
function readable(figures: InsightFigures): unknown {
  return JSON.parse(
    JSON.stringify(figures, (key, value: unknown) =>
      typeof value === 'number' && /total|net|vat|tax|discount|current|previous|amount/i.test(key)
        ? value / 100
        : value,
    ),
  );
}

export async function askModel(
  llm: NonNullable<Config['ai']['llm']>,
  type: InsightType,
  period: { firstDay: string; lastDay: string },
  figures: InsightFigures,
  locale: Locale,
): Promise<ProviderInsights['insights']> {
  const system = [
    'You advise small shops in Tanzania on their business.',
    `Write ${type} insights about the period ${period.firstDay} to ${period.lastDay}, in ${LANGUAGE[locale]}.`,
    'Answer with JSON only: {"insights":[{"type","title","summary","recommendedAction","confidence","severityScore"}]}.',
    `type is always "${type}"; title at most 120 characters, summary 1000, recommendedAction 500;`,
    'confidence is 0 to 1; severityScore a whole number from 0 (nothing to do) to 100 (act now).',
    'Money is in Tanzanian shillings. At most 5 insights, most urgent first.',
  ].join(' ');
  const response = await fetch(`${llm.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(llm.apiKey ? { authorization: `Bearer ${llm.apiKey}` } : {}),
    },
    body: JSON.stringify({
      model: llm.model,
      temperature: 0.2,
      response_format: { type: 'json_object' },
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: JSON.stringify(readable(figures)) },
      ],
    }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  }).catch((error: unknown) => {
    throw new ProviderError(`The model cannot be reached: ${String(error)}`);
  });
  const text = await response.text();
  if (!response.ok) throw new ProviderError(`The model answered ${response.status}`);
  if (text.length > MAX_ANSWER) throw new ProviderError('The model answered too much');
  try {
    const completion = v.parse(completionSchema, JSON.parse(text));
    const content = completion.choices[0]!.message.content.replace(/^```(json)?|```$/g, '');
    const parsed = v.parse(providerInsightsSchema, JSON.parse(content));
    if (parsed.insights.some((insight) => insight.type !== type)) {
      throw new ProviderError(`The model answered insights of another type than ${type}`);
    }
    return parsed.insights;
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    throw new ProviderError(`The model's answer is not valid: ${String(error)}`);
  }
}
