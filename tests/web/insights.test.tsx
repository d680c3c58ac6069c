// The AI insights panel on an owner's dashboard: consent asked first and saved, a task asked
// for the dashboard's period and followed until its insights come, a failed task tried again,
// the daily limit said in words, and the consent taken back.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InsightState, InsightTaskView } from '../../domain/schemas/insight';
import { json, stubServer } from './helpers/fetch';
import { renderApp } from './helpers/render-app';
import { signedIn, signedOut } from './helpers/session';

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await signedOut();
});

const BASE = '/v1/accounting/insights';
const period = { preset: 'today' as const, firstDay: '2026-11-27', lastDay: '2026-11-27' };

function task(overrides: Partial<InsightTaskView> = {}): InsightTaskView {
  return {
    id: '6f1c2b7e-0000-4000-8000-000000000001',
    type: 'sales',
    status: 'queued',
    period,
    insights: null,
    error: null,
    cached: false,
    createdAt: '2026-11-27T08:00:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}

const completed = task({
  status: 'completed',
  finishedAt: '2026-11-27T08:00:05.000Z',
  insights: [
    {
      type: 'sales',
      title: 'Sales are down 40%',
      summary: 'Sales were Tsh 60,000.00 against Tsh 100,000.00 in the period before.',
      recommendedAction: 'Look at which products sold less.',
      confidence: 0.81,
      severityScore: 78,
      period,
      cached: false,
      generatedAt: '2026-11-27T08:00:05.000Z',
    },
  ],
});

const state = (overrides: Partial<InsightState> = {}): InsightState => ({
  consent: true,
  quota: { used: 0, limit: 20 },
  latest: null,
  engine: 'own',
  ...overrides,
});

async function dashboard() {
  const user = await signedIn({ role: 'company_owner', user_type: 'company_owner' });
  return { 'GET /api/v2/user/me': () => json(200, user) };
}

const panel = async () => (await screen.findByTestId('insights-panel')) as HTMLElement;

/**
 * Clicks a button of the card once it is enabled: the card's buttons wait for the server to be
 * known reachable, which a loaded machine can take a moment to learn.
 */
async function press(button: HTMLElement) {
  await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(button);
}

describe('AI insights on the dashboard', () => {
  it('asks for consent first, says where the figures go, and saves the answer', async () => {
    let consent: boolean | null = null;
    const server = stubServer({
      ...(await dashboard()),
      [`GET ${BASE}`]: () => json(200, state({ consent })),
      [`PUT ${BASE}/consent`]: async (request) => {
        consent = ((await request.json()) as { granted: boolean }).granted;
        return json(200, { consent });
      },
    });
    await renderApp('/dashboard');
    const card = await panel();
    await within(card).findByTestId('insights-consent');
    expect(within(card).getByTestId('insights-engine').textContent).toBe(
      'Your figures stay on the Risiti server: its own engine writes the insights.',
    );
    expect(within(card).queryByRole('button', { name: 'Get insights' })).toBeNull();

    await press(within(card).getByRole('button', { name: 'No, thanks' }));
    await within(card).findByText('You declined AI processing of your data, so insights are off.');
    expect(consent).toBe(false);

    await press(within(card).getByRole('button', { name: 'I agree' }));
    await within(card).findByRole('button', { name: 'Get insights' });
    expect(server.calls('PUT', `${BASE}/consent`)).toHaveLength(2);
    expect(within(card).getByTestId('insights-quota').textContent).toBe(
      'AI requests today: 0 of 20',
    );

    await press(within(card).getByRole('button', { name: 'Turn off AI processing of my data' }));
    await within(card).findByTestId('insights-consent');
    expect(consent).toBe(false);
  });

  it('asks for the chosen type over the dashboard’s period and follows the task to its insights', async () => {
    let polls = 0;
    let asked = false;
    const current = (): InsightTaskView =>
      polls < 2
        ? task({ type: 'tax', status: polls === 0 ? 'queued' : 'running' })
        : {
            ...completed,
            type: 'tax',
            insights: completed.insights!.map((i) => ({ ...i, type: 'tax' })),
          };
    const server = stubServer({
      ...(await dashboard()),
      // As the server answers: once asked, the request is counted and the task is the latest.
      [`GET ${BASE}`]: () =>
        json(
          200,
          state({ quota: { used: asked ? 1 : 0, limit: 20 }, latest: asked ? current() : null }),
        ),
      [`POST ${BASE}/tasks`]: () => {
        asked = true;
        return json(202, current());
      },
      [`GET ${BASE}/tasks/${task().id}`]: () => {
        polls++;
        return json(200, current());
      },
    });
    await renderApp('/dashboard');
    // Chosen once the card has its state, and read back: a loaded machine can draw it late.
    await within(await panel()).findByText('AI requests today: 0 of 20');
    await waitFor(async () => {
      const tax = within(await panel()).getByRole('radio', { name: 'Tax' }) as HTMLInputElement;
      if (!tax.checked) fireEvent.click(tax);
      expect(tax.checked).toBe(true);
    });
    await press(within(await panel()).getByRole('button', { name: 'Get insights' }));
    await screen.findByText('Reading your figures… this takes a few seconds.');
    const [request] = server.calls('POST', `${BASE}/tasks`);
    expect(await request!.json()).toEqual({ type: 'tax', preset: 'today' });

    const insight = await screen.findByTestId('insight', {}, { timeout: 6_000 });
    expect(polls).toBeGreaterThanOrEqual(2);
    expect(within(insight).getByText('Sales are down 40%')).toBeTruthy();
    expect(within(insight).getByTestId('insight-severity').textContent).toBe('High');
    expect(insight.textContent).toContain('What to do: Look at which products sold less.');
    expect(insight.textContent).toContain('81% sure');
    await waitFor(() =>
      expect(screen.getByTestId('insights-quota').textContent).toBe('AI requests today: 1 of 20'),
    );
  });

  it('tries a failed analysis again, and says when the day’s requests are used up', async () => {
    const failed = task({
      status: 'failed',
      error: 'ai_failed',
      finishedAt: '2026-11-27T08:00:05.000Z',
    });
    const server = stubServer({
      ...(await dashboard()),
      [`GET ${BASE}`]: () => json(200, state({ latest: failed })),
      [`POST ${BASE}/tasks/${failed.id}/retry`]: () => json(202, task({ status: 'running' })),
      [`GET ${BASE}/tasks/${failed.id}`]: () => json(200, completed),
      [`POST ${BASE}/tasks`]: () =>
        json(429, {
          code: 'ai_daily_limit',
          message: 'Daily AI request limit reached, try again tomorrow',
        }),
    });
    await renderApp('/dashboard');
    const card = await panel();
    const alert = await within(card).findByRole('alert');
    expect(alert.textContent).toContain('The AI analysis failed. Please try again.');
    await press(within(alert).getByRole('button', { name: 'Try again' }));
    await within(card).findByTestId('insight', {}, { timeout: 6_000 });
    expect(server.calls('POST', `${BASE}/tasks/${failed.id}/retry`)).toHaveLength(1);

    await press(within(card).getByRole('button', { name: 'Analyse again' }));
    await screen.findByText('Daily AI request limit reached, try again tomorrow');
    const [asked] = server.calls('POST', `${BASE}/tasks`);
    expect(await asked!.json()).toEqual({ type: 'sales', preset: 'today', fresh: true });
    // The insights already on screen stay.
    expect(within(card).getByText('Sales are down 40%')).toBeTruthy();
  });
});
