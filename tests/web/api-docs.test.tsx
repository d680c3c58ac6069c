// The developer documentation pages: reachable once signed in, linked to each other, with each
// example drawn as a request this server answers and the error codes with their messages.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorMessages } from '../../domain/errors';
import { json, stubServer } from './helpers/fetch';
import { renderApp } from './helpers/render-app';
import { signedIn, signedOut } from './helpers/session';

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await signedOut();
});

describe('API documentation', () => {
  it('shows the sign-in calls as curl against this server, and links the invoice page', async () => {
    const user = await signedIn({ role: 'company_owner', user_type: 'company_owner' });
    stubServer({ 'GET /api/v2/user/me': () => json(200, user) });
    await renderApp('/developer/documentation/api/auth');
    await screen.findByRole('heading', { level: 1, name: 'API documentation: signing in' });
    const login = screen.getAllByLabelText('Request with curl')[0]!;
    expect(login.textContent).toContain(`curl -X POST '${window.location.origin}/api/v2/login'`);
    // A message with a number reads as the API words it, never as its template.
    const limited = within(screen.getAllByRole('table')[0]!)
      .getByText('rate_limited')
      .closest('tr')!;
    expect(limited.textContent).toContain('Too many attempts. Please wait 1 minute and try again.');
    expect(
      screen.getByRole('link', { name: 'API documentation: invoices' }).getAttribute('href'),
    ).toBe('/developer/documentation/api/invoice');
  });

  it('lists the invoice errors with their messages, and links the sign-in page', async () => {
    const user = await signedIn({ role: 'operator', user_type: 'operator' });
    stubServer({ 'GET /api/v2/user/me': () => json(200, user) });
    await renderApp('/developer/documentation/api/invoice');
    await screen.findByRole('heading', { level: 1, name: 'API documentation: invoices' });
    const row = within(screen.getByRole('table'))
      .getByText('idempotency_in_progress')
      .closest('tr')!;
    expect(row.textContent).toContain(errorMessages.idempotency_in_progress.id);
    expect(
      screen.getByRole('link', { name: 'API documentation: signing in' }).getAttribute('href'),
    ).toBe('/developer/documentation/api/auth');
  });
});
