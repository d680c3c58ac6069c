// The apps integration page as an owner sees it: a provider the server does not offer, one to
// connect, one connected with its last import; and the return from the provider's sign-in,
// finished once and taken out of the address.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IntegrationStatus } from '../../domain/integrations';
import { json, stubServer } from './helpers/fetch';
import { renderApp } from './helpers/render-app';
import { signedIn, signedOut } from './helpers/session';

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await signedOut();
});

const BASE = '/v1/accounting/integrations';

function status(overrides: Partial<IntegrationStatus> = {}): IntegrationStatus {
  return {
    provider: 'xero',
    configured: true,
    connected: false,
    organisationName: null,
    connectedBy: null,
    connectedAt: null,
    lastImportAt: null,
    lastImport: null,
    skipped: [],
    lastError: null,
    ...overrides,
  };
}

const connectedXero = status({
  connected: true,
  organisationName: 'Duka la Mama Ltd',
  connectedBy: 'Juma Hassan',
  connectedAt: '2026-11-20T09:00:00.000Z',
  lastImportAt: '2026-11-20T10:00:00.000Z',
  lastImport: { imported: 4, updated: 1, unchanged: 0, skipped: 2, more: false },
  skipped: [
    { number: 'INV-0042', reason: 'currency' },
    { number: 'INV-0043', reason: 'tax' },
  ],
  lastError: {
    code: 'integration_unreachable',
    message: 'Xero could not be reached. Please try again later.',
    at: '2026-11-20T10:05:00.000Z',
  },
});

async function owner() {
  return signedIn({ role: 'company_owner', user_type: 'company_owner' });
}

describe('apps integration page', () => {
  it('says which provider the server does not offer, and what the administrator sets', async () => {
    const user = await owner();
    stubServer({
      'GET /api/v2/user/me': () => json(200, user),
      [`GET ${BASE}`]: () =>
        json(200, {
          providers: [
            status({ configured: false }),
            status({ provider: 'quickbooks', configured: false }),
          ],
        }),
    });
    await renderApp('/apps-integration');
    await screen.findByRole('heading', { level: 1, name: 'Apps integration' });
    const xero = await screen.findByTestId('xero-not-configured');
    // An owner is told what to do; the settings are named apart, for whoever runs the server.
    expect(within(xero).getByText(/^Xero is not offered on this Risiti server yet\./)).toBeTruthy();
    expect(within(xero).getByText(/For the server’s administrator: set/).textContent).toContain(
      'XERO_CLIENT_ID, XERO_CLIENT_SECRET',
    );
    expect(screen.getByTestId('quickbooks-not-configured').textContent).toContain(
      'QUICKBOOKS_CLIENT_ID',
    );
    expect(screen.queryByRole('button', { name: /Connect/ })).toBeNull();
  });

  it('connects through the provider, imports now and disconnects after asking', async () => {
    const user = await owner();
    const server = stubServer({
      'GET /api/v2/user/me': () => json(200, user),
      [`GET ${BASE}`]: () =>
        json(200, { providers: [connectedXero, status({ provider: 'quickbooks' })] }),
      [`POST ${BASE}/quickbooks/connect`]: () =>
        json(200, { url: 'http://127.0.0.1:9/qbo/authorize?state=s' }),
      [`POST ${BASE}/xero/import`]: () =>
        json(200, {
          ...connectedXero,
          lastError: null,
          result: { imported: 3, updated: 0, unchanged: 1, skipped: 0, more: false },
        }),
      [`DELETE ${BASE}/xero`]: () => json(200, status()),
    });
    await renderApp('/apps-integration');
    const card = (await screen.findByRole('heading', { name: 'Xero' })).closest('section')!;
    expect(within(card).getByText('Duka la Mama Ltd')).toBeTruthy();
    expect(within(card).getByTestId('xero-last-import').textContent).toContain(
      '4 new drafts, 1 updated, 2 skipped',
    );
    expect(within(card).getByText(/INV-0042: Not in Tanzanian shillings/)).toBeTruthy();
    expect(within(card).getByRole('alert').textContent).toContain('Xero could not be reached');

    const qbo = screen.getByRole('heading', { name: 'QuickBooks' }).closest('section')!;
    fireEvent.click(within(qbo).getByRole('button', { name: 'Connect QuickBooks' }));
    await waitFor(() => expect(server.calls('POST', `${BASE}/quickbooks/connect`)).toHaveLength(1));
    expect(
      new URL(server.calls('POST', `${BASE}/quickbooks/connect`)[0]!.url).searchParams.get(
        'companyId',
      ),
    ).toBe('company-1');

    fireEvent.click(within(card).getByRole('button', { name: 'Import now' }));
    await screen.findByText('Import from Xero done: 3 new drafts, 0 updated, 0 skipped.');
    expect(within(card).queryByRole('alert')).toBeNull();

    fireEvent.click(within(card).getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Xero?' });
    expect(server.calls('DELETE', `${BASE}/xero`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await screen.findByText('Xero is disconnected.');
    expect(server.calls('DELETE', `${BASE}/xero`)).toHaveLength(1);
    await screen.findByRole('button', { name: 'Connect Xero' });
  });

  it('finishes the return from Xero once and removes the code from the address', async () => {
    const user = await owner();
    const server = stubServer({
      'GET /api/v2/user/me': () => json(200, user),
      [`GET ${BASE}`]: () =>
        json(200, { providers: [status(), status({ provider: 'quickbooks' })] }),
      [`POST ${BASE}/xero/callback`]: () => json(200, connectedXero),
    });
    const { router } = await renderApp(
      '/apps-integration?code=c1&state=s1&session_state=ss&scope=openid',
    );
    await screen.findByText('Xero is connected to Duka la Mama Ltd.');
    const calls = server.calls('POST', `${BASE}/xero/callback`);
    expect(calls).toHaveLength(1);
    expect(await calls[0]!.json()).toEqual({ code: 'c1', state: 's1' });
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  /** An owner with both providers offered, and QuickBooks' callback answered `answer`. */
  async function quickbooksOffered(answer: () => Response) {
    const user = await owner();
    return stubServer({
      'GET /api/v2/user/me': () => json(200, user),
      [`GET ${BASE}`]: () =>
        json(200, { providers: [status(), status({ provider: 'quickbooks' })] }),
      [`POST ${BASE}/quickbooks/callback`]: answer,
    });
  }

  it('shows why the QuickBooks return failed', async () => {
    const server = await quickbooksOffered(() =>
      json(400, {
        code: 'integration_state_invalid',
        message: 'This return from QuickBooks is no longer valid. Please connect again.',
      }),
    );
    await renderApp('/apps-integration?code=c1&state=s1&realmId=9130');
    const alert = await screen.findByRole('alert', { name: 'The connection was not made' });
    expect(alert.textContent).toContain('no longer valid');
    expect(await server.calls('POST', `${BASE}/quickbooks/callback`)[0]!.json()).toEqual({
      code: 'c1',
      state: 's1',
      realmId: '9130',
    });
  });

  it('sends a QuickBooks company id too long for a number digit for digit', async () => {
    const server = await quickbooksOffered(() =>
      json(200, status({ provider: 'quickbooks', connected: true })),
    );
    await renderApp('/apps-integration?code=c1&state=s1&realmId=9130350000000001234');
    await waitFor(() =>
      expect(server.calls('POST', `${BASE}/quickbooks/callback`)).toHaveLength(1),
    );
    expect(await server.calls('POST', `${BASE}/quickbooks/callback`)[0]!.json()).toEqual({
      code: 'c1',
      state: 's1',
      realmId: '9130350000000001234',
    });
    expect(server.calls('POST', `${BASE}/xero/callback`)).toHaveLength(0);
  });

  it('speaks Swahili', async () => {
    const user = await owner();
    stubServer({
      'GET /api/v2/user/me': () => json(200, { ...user, language: 'sw' }),
      [`GET ${BASE}`]: () =>
        json(200, { providers: [status(), status({ provider: 'quickbooks', configured: false })] }),
    });
    await renderApp('/apps-integration', 'sw');
    await screen.findByRole('heading', { level: 1, name: 'Kuunganisha programu' });
    expect(await screen.findByRole('button', { name: 'Unganisha Xero' })).toBeTruthy();
    expect(screen.getByTestId('quickbooks-not-configured').textContent).toContain(
      'bado haitolewi kwenye seva hii ya Risiti',
    );
  });

  it('is not offered to operators', async () => {
    const user = await signedIn({ role: 'operator', user_type: 'operator' });
    stubServer({ 'GET /api/v2/user/me': () => json(200, user) });
    const { router } = await renderApp('/apps-integration');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
