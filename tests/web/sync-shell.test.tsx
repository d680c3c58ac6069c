import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveCustomer } from '../../src/db/customers';
import { db } from '../../src/db/db';
import { keepEditorDraft } from '../../src/db/invoices';
import { saveProduct } from '../../src/db/products';
import { useSession } from '../../src/stores/session';
import { json } from './helpers/fetch';
import { stubApiEdge } from './helpers/api-edge';
import { chooseInUserMenu } from './helpers/user-menu';
import { resetLocalDatabase } from './helpers/local-db';
import { renderApp } from './helpers/render-app';
import { signedIn, signedOut } from './helpers/session';
import { writeTourState } from '../../src/features/tour/tour-state';

beforeEach(async () => {
  await resetLocalDatabase();
  // These users have been through the guided tour, which would otherwise open on the dashboard.
  writeTourState('user-1', 'done');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await signedOut();
});

const COMPANY = 'company-1';
const walkIn = (name: string) => ({ name, identificationType: 'NO_IDENTIFICATION' as const });
const syncState = () => screen.findByTestId('sync-state');
/** What the badge says (a phone shows only its icon and count; the words are its name). */
const syncText = async () =>
  within(await syncState())
    .getByRole('button')
    .getAttribute('aria-label');

/** The customers page while records are still arriving: the badge says so, export waits. */
async function stillComing() {
  await waitFor(async () => expect(await syncText()).toBe('Getting your data…'));
  await screen.findByTestId('customers-downloading');
  expect(screen.getByRole('button', { name: 'Export' })).toHaveProperty('disabled', true);
}

async function allHere() {
  await waitFor(async () => expect(await syncText()).toBe('Synced'));
  await waitFor(() => expect(screen.queryByTestId('customers-downloading')).toBeNull());
  expect(screen.getByRole('button', { name: 'Export' })).toHaveProperty('disabled', false);
}

const openSignOut = () => chooseInUserMenu('Sign out');

describe('the sync state in the shell', () => {
  it('shows the changes waiting while offline, then synced once the server takes them', async () => {
    const user = await signedIn();
    const edge = stubApiEdge(user, { online: false });
    await saveCustomer(COMPANY, walkIn('Asha'));
    await saveProduct(COMPANY, { name: 'Sabuni', taxType: 'standard' });
    await renderApp('/dashboard');
    await waitFor(async () => expect(await syncText()).toBe('Offline · 2 waiting'));

    edge.online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(async () => expect(await syncText()).toBe('Synced'));
    expect(edge.writes().map((w) => w.method)).toEqual(['PUT', 'PUT']);
    expect(await db.outbox.count()).toBe(0);
  });

  it('says the records are still coming until a first sync finishes, and holds the export', async () => {
    const user = await signedIn();
    const edge = stubApiEdge(user, { online: true });
    let release = () => {};
    edge.changesGate = new Promise((resolve) => (release = resolve));
    await saveCustomer(COMPANY, walkIn('Asha'));
    await renderApp('/customers');
    await stillComing();

    release();
    await allHere();
  });

  it('says so again when a later sync has pages to come, and holds the export meanwhile', async () => {
    const user = await signedIn();
    const edge = stubApiEdge(user, { online: true });
    await saveCustomer(COMPANY, walkIn('Asha'));
    await renderApp('/customers');
    await waitFor(async () => expect(await syncText()).toBe('Synced'));

    // Another phone imported thousands of customers: the feed has a page, and more after it.
    let release = () => {};
    const rest = new Promise<void>((resolve) => (release = resolve));
    edge.changesPage = async (since) => {
      if (since === '0') return { changes: [], cursor: '500', more: true, reset: false };
      await rest;
      return { changes: [], cursor: '900', more: false, reset: false };
    };
    window.dispatchEvent(new Event('online'));
    await stillComing();

    release();
    await allHere();
  });

  it('does not call the customers empty while they are still coming', async () => {
    const user = await signedIn();
    const edge = stubApiEdge(user, { online: true });
    let release = () => {};
    edge.changesGate = new Promise((resolve) => (release = resolve));
    await renderApp('/customers');
    await screen.findByTestId('customers-downloading');
    expect(screen.queryByText('No customers yet')).toBeNull();
    release();
    await screen.findByText('No customers yet');
    expect(screen.queryByTestId('customers-downloading')).toBeNull();
  });

  it('lists what the server refused with its message, and opens the record', async () => {
    const user = await signedIn();
    const edge = stubApiEdge(user, { online: true });
    edge.refuseNext = json(409, {
      code: 'customer_vrn_duplicated',
      message: 'Customer VAT registration number duplicated',
      fields: { vatRegistrationNumber: 'Customer VAT registration number duplicated' },
    });
    const customer = await saveCustomer(COMPANY, {
      ...walkIn('Kampuni Tawi'),
      vatRegistrationNumber: '40012345X',
    });
    const { router } = await renderApp('/dashboard');
    await waitFor(async () => expect(await syncText()).toBe('1 change refused'));

    await userEvent.click(within(await syncState()).getByRole('button'));
    const panel = await screen.findByRole('dialog', { name: 'Sync with the server' });
    const refused = within(panel).getByRole('region', { name: 'Refused by the server' });
    expect(within(refused).getByText('Kampuni Tawi')).toBeTruthy();
    expect(within(refused).getByText('Customer VAT registration number duplicated')).toBeTruthy();
    await userEvent.click(within(refused).getByRole('link', { name: 'Open' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/customers/${customer.id}/edit`),
    );
  });

  it('lists the changes still waiting, and why they were not sent', async () => {
    const user = await signedIn();
    stubApiEdge(user, { online: false });
    await saveCustomer(COMPANY, walkIn('Baraka'));
    await renderApp('/dashboard');
    await waitFor(async () => expect(await syncText()).toBe('Offline · 1 waiting'));
    await userEvent.click(within(await syncState()).getByRole('button'));
    const panel = await screen.findByRole('dialog', { name: 'Sync with the server' });
    const waiting = within(panel).getByRole('region', { name: '1 change waiting to be sent' });
    expect(within(waiting).getByText('Baraka')).toBeTruthy();
    // The attempt that found no connection may still be under way when the panel opens.
    expect(
      await within(waiting).findByText(
        /^Not sent yet \(no connection\)\. Next try at \d\d:\d\d\.$/,
        {},
      ),
    ).toBeTruthy();
    expect(within(panel).getByText(/The server cannot be reached/)).toBeTruthy();
  });
});

describe('signing out (the guard against losing changes)', () => {
  it('signs out at once when everything is on the server, and empties the phone', async () => {
    const user = await signedIn();
    stubApiEdge(user, { online: true });
    const { router } = await renderApp('/dashboard');
    await waitFor(async () => expect(await syncText()).toBe('Synced'));
    await db.meta.put({ key: 'cursor:company-1:v1', value: '42' });
    await openSignOut();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(useSession.getState().user).toBeNull();
    await waitFor(async () => expect(await db.meta.count()).toBe(0));
  });

  it('asks first when changes wait, and keeps them when the user stays', async () => {
    const user = await signedIn();
    stubApiEdge(user, { online: false });
    await saveCustomer(COMPANY, walkIn('Not Sent Yet'));
    await renderApp('/dashboard');
    await openSignOut();
    const dialog = await screen.findByRole('dialog', { name: 'Changes not sent yet' });
    expect(
      within(dialog).getByText('1 change saved on this phone has not reached the server yet.'),
    ).toBeTruthy();
    expect(
      within(dialog).getByText(
        'If you sign out now, they are deleted from this phone and cannot be recovered.',
      ),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(useSession.getState().user).not.toBeNull();
    expect(await db.customers.count()).toBe(1);
    expect(await db.outbox.count()).toBe(1);
  });

  it('asks first when an invoice was typed and never saved, and keeps the typing', async () => {
    const user = await signedIn();
    stubApiEdge(user, { online: true });
    const id = '5c1c3a2e-8d1f-4c55-9a51-0d3f1f7a1b01';
    await keepEditorDraft({ id, companyId: COMPANY, baseVersion: null, form: { note: 'typed' } });
    await renderApp('/dashboard');
    await openSignOut();
    const dialog = await screen.findByRole('dialog', { name: 'Changes not sent yet' });
    expect(within(dialog).getByText('1 invoice has typing that was never saved.')).toBeTruthy();
    expect(
      within(dialog).getByText(
        'Typing that was not saved is never sent: open those invoices and save them. An invoice never saved is offered again on the New invoice page.',
      ),
    ).toBeTruthy();
    // Sending cannot save typing: only staying or losing it is offered.
    expect(
      within(dialog).queryByRole('button', { name: 'Send them now, then sign out' }),
    ).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(useSession.getState().user).not.toBeNull();
    expect((await db.invoiceDrafts.get(id))?.form).toEqual({ note: 'typed' });
  });

  it('tries to send them first, and says so when the server cannot be reached', async () => {
    const user = await signedIn();
    const edge = stubApiEdge(user, { online: false });
    await saveCustomer(COMPANY, walkIn('Still Waiting'));
    const { router } = await renderApp('/dashboard');
    await openSignOut();
    const dialog = await screen.findByRole('dialog', { name: 'Changes not sent yet' });
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Send them now, then sign out' }),
    );
    await within(dialog).findByText(
      'The server could not take them all now. Stay signed in and try again when there is a connection.',
    );
    expect(useSession.getState().user).not.toBeNull();
    expect(await db.outbox.count()).toBe(1);

    edge.online = true;
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Send them now, then sign out' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(edge.writes()).toHaveLength(1);
    await waitFor(async () => expect(await db.customers.count()).toBe(0));
  });

  it('signs out and loses them only when the user says so', async () => {
    const user = await signedIn();
    stubApiEdge(user, { online: false });
    await saveCustomer(COMPANY, walkIn('Given Up'));
    const { router } = await renderApp('/dashboard');
    await openSignOut();
    const dialog = await screen.findByRole('dialog', { name: 'Changes not sent yet' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out and lose them' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(useSession.getState().user).toBeNull();
    await waitFor(async () => expect(await db.customers.count()).toBe(0));
    expect(await db.outbox.count()).toBe(0);
  });
});
