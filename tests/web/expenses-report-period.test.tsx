// The expenses report's custom period as the address gives it: backwards or half-typed days are
// named under their field and no figures are shown for another period in their place.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubServer } from './helpers/fetch';
import { renderApp } from './helpers/render-app';
import { signedIn, signedOut } from './helpers/session';

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await signedOut();
});

async function owner() {
  const user = await signedIn({ role: 'company_owner', user_type: 'company_owner' });
  stubServer({ 'GET /api/v2/user/me': () => json(200, user) });
}

describe('the expenses report period', () => {
  it('says a backwards period is wrong instead of reporting this month', async () => {
    await owner();
    await renderApp('/expenses-report?preset=custom&from=2026-03-10&to=2026-03-01');
    await screen.findByText('Choose the first and last day of the period.');
    const to = screen.getByLabelText('To');
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('The end date must not be before the start date')).toBeTruthy();
    expect((to as HTMLInputElement).value).toBe('2026-03-01');
    expect(screen.queryByTestId('report-count')).toBeNull();
    expect(screen.queryByTestId('report-period')).toBeNull();
    expect((screen.getByTestId('download-pdf') as HTMLButtonElement).disabled).toBe(true);
  });

  it('reports the days asked for once they are right', async () => {
    await owner();
    await renderApp('/expenses-report?preset=custom&from=2026-03-01&to=2026-03-10');
    const period = await screen.findByTestId('report-period');
    expect(period.textContent).toBe('01-03-2026 – 10-03-2026');
    expect(within(await screen.findByTestId('report-count')).getByText('0')).toBeTruthy();
    expect(screen.queryByText('Choose the first and last day of the period.')).toBeNull();
  });
});
