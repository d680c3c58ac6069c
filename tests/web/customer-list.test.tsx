import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveCustomer, syncedCustomer } from '../../src/db/customers';
import { db } from '../../src/db/db';
import { json } from './helpers/fetch';
import { stubApiEdge } from './helpers/api-edge';
import { resetLocalDatabase } from './helpers/local-db';
import { renderApp } from './helpers/render-app';
import { signedIn, signedOut } from './helpers/session';

beforeEach(resetLocalDatabase);
afterEach(async () => {
  vi.unstubAllGlobals();
  await signedOut();
});

const COMPANY = 'company-1';

/** Customers already on the server (synced), written as a pull would. */
async function onServer(...customers: Parameters<typeof saveCustomer>[1][]) {
  for (const fields of customers) {
    const saved = await saveCustomer(COMPANY, fields);
    await db.outbox.clear();
    await db.customers.put(syncedCustomer({ ...saved, version: 1 }, COMPANY));
  }
}

const rows = () => screen.queryAllByTestId('customer-row');
const names = () => rows().map((row) => row.querySelector('p')?.textContent);

describe('the customer list', () => {
  beforeEach(async () => {
    await onServer(
      {
        name: 'Asha Traders',
        identificationType: 'TAX_IDENTIFICATION_NUMBER',
        identificationNumber: '123456789',
        phoneNumber: '0712345678',
      },
      { name: 'Baraka Passport', identificationType: 'PASSPORT', identificationNumber: 'AB12345' },
      { name: 'Chausiku', identificationType: 'NO_IDENTIFICATION', email: 'chau@duka.co.tz' },
    );
    await saveCustomer(COMPANY, { name: 'Dotto Offline', identificationType: 'NO_IDENTIFICATION' });
  });

  it("shows the company's customers by name, each with its sync state", async () => {
    const user = await signedIn();
    stubApiEdge(user);
    await renderApp('/customers');
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(names()).toEqual(['Asha Traders', 'Baraka Passport', 'Chausiku', 'Dotto Offline']);
    expect(screen.getByTestId('customer-count').textContent).toBe('4 customers');
    expect(within(rows()[0]!).getByLabelText('Synced')).toBeTruthy();
    expect(within(rows()[3]!).getByText('Waiting to sync')).toBeTruthy();
    expect(within(rows()[0]!).getByText('TIN 123456789 · 0712 345 678')).toBeTruthy();
  });

  it('finds a customer by a phone or TIN written the way people write them', async () => {
    const user = await signedIn();
    stubApiEdge(user);
    await renderApp('/customers');
    await waitFor(() => expect(rows()).toHaveLength(4));
    const search = screen.getByRole('searchbox', { name: 'Search' });
    await userEvent.type(search, '0712 345 678');
    await waitFor(() => expect(names()).toEqual(['Asha Traders']));
    await userEvent.clear(search);
    await userEvent.type(search, '123-456-789');
    await waitFor(() => expect(names()).toEqual(['Asha Traders']));
    await userEvent.clear(search);
    await userEvent.type(search, 'chau@');
    await waitFor(() => expect(names()).toEqual(['Chausiku']));
    expect(screen.getByTestId('customer-count').textContent).toBe('1 of 4 customers');
    await userEvent.clear(search);
    await userEvent.type(search, 'nobody here');
    await screen.findByText('No customer matches this search.');
  });

  it('keeps the search in the address once typing pauses, and finds it again on coming back', async () => {
    const user = await signedIn();
    stubApiEdge(user);
    const { router } = await renderApp('/customers?type=TAX_IDENTIFICATION_NUMBER');
    await waitFor(() => expect(rows()).toHaveLength(1));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), '  asha ');
    await waitFor(() =>
      expect(router.state.location.search).toEqual({
        type: 'TAX_IDENTIFICATION_NUMBER',
        q: 'asha',
      }),
    );
    await userEvent.click(rows()[0]!);
    await screen.findByRole('heading', { name: 'Asha Traders' });
    expect(router.state.location.pathname).toMatch(/^\/customers\/.+/);
    router.history.back();
    await waitFor(() => expect(names()).toEqual(['Asha Traders']));
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveProperty('value', 'asha');
  });

  it('filters by identification type and by sync state from the address', async () => {
    const user = await signedIn();
    stubApiEdge(user);
    const { router } = await renderApp('/customers?type=PASSPORT');
    await waitFor(() => expect(names()).toEqual(['Baraka Passport']));
    await router.navigate({ to: '/customers', search: { sync: 'pending' } });
    await waitFor(() => expect(names()).toEqual(['Dotto Offline']));
  });

  it("filters with the phone's own pickers and keeps the choice in the address", async () => {
    const user = await signedIn();
    stubApiEdge(user);
    const { router } = await renderApp('/customers');
    await waitFor(() => expect(rows()).toHaveLength(4));
    const type = screen.getByRole('combobox', { name: 'Identification' });
    expect(type.tagName).toBe('SELECT');
    await userEvent.selectOptions(type, 'Passport');
    await waitFor(() => expect(names()).toEqual(['Baraka Passport']));
    expect(router.state.location.search).toMatchObject({ type: 'PASSPORT' });
    await userEvent.selectOptions(type, 'All types');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Sync state' }),
      'Waiting to sync',
    );
    await waitFor(() => expect(names()).toEqual(['Dotto Offline']));
    expect(router.state.location.search).toEqual({ sync: 'pending' });
  });

  it('opens at /customers-old too', async () => {
    const user = await signedIn();
    stubApiEdge(user);
    const { router } = await renderApp('/customers-old');
    await waitFor(() => expect(router.state.location.pathname).toBe('/customers'));
  });

  it('sends a platform admin who chose no company to choose one first', async () => {
    const user = await signedIn({
      role: 'platform_admin',
      user_type: 'platform_admin',
      isAdmin: true,
      company: null,
      company_id: null,
    });
    stubApiEdge(user);
    const { router } = await renderApp('/customers');
    await waitFor(() => expect(router.state.location.pathname).toBe('/choose-company'));
    expect(router.state.location.search).toMatchObject({ next: '/customers' });
  });
});

describe('deleting a customer', () => {
  it('asks first, then hides the customer and queues the deletion', async () => {
    await onServer({ name: 'To Be Deleted', identificationType: 'NO_IDENTIFICATION' });
    const [customer] = await db.customers.toArray();
    const user = await signedIn();
    stubApiEdge(user);
    const { router } = await renderApp(`/customers/${customer!.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this customer?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete the customer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customers'));
    await screen.findByText('No customers yet');
    expect(await db.outbox.toArray()).toMatchObject([
      { method: 'DELETE', recordId: customer!.id, action: 'delete' },
    ]);
  });

  it("brings the customer back with the server's refusal when invoices name it", async () => {
    await onServer({ name: 'Has Invoices', identificationType: 'NO_IDENTIFICATION' });
    const [customer] = await db.customers.toArray();
    const user = await signedIn();
    const edge = stubApiEdge(user, { online: true });
    edge.refuseNext = json(409, {
      code: 'customer_has_invoices',
      message: 'This customer has invoices and cannot be deleted',
    });
    const { router } = await renderApp(`/customers/${customer!.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this customer?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete the customer' }));

    // Back in the list once the server refused, marked as refused.
    await waitFor(() => expect(names()).toEqual(['Has Invoices']));
    expect(within(rows()[0]!).getByText('Refused by the server')).toBeTruthy();
    await router.navigate({ to: '/customers/$customerId', params: { customerId: customer!.id } });
    const message = await screen.findByText('This customer has invoices and cannot be deleted');
    const alert = message.closest<HTMLElement>('[role="alert"]')!;
    expect(within(alert).getByText('The server did not delete this customer')).toBeTruthy();
    await userEvent.click(within(alert).getByRole('button', { name: 'Keep the customer' }));
    await waitFor(async () =>
      expect((await db.customers.get(customer!.id))?.syncState).toBe('synced'),
    );
  });
});

describe('a customer changed on another device too', () => {
  const fields = {
    name: 'Mama Ntilie',
    identificationType: 'TAX_IDENTIFICATION_NUMBER' as const,
    identificationNumber: '123456789',
    phoneNumber: '0712345678',
  };

  /**
   * This phone changed the number and added an email; the server refuses it: another device
   * changed the number too, and the name.
   */
  async function refusedChange(choice: RegExp) {
    await onServer(fields);
    const [customer] = await db.customers.toArray();
    const id = customer!.id;
    await saveCustomer(COMPANY, {
      ...fields,
      id,
      phoneNumber: '0722000333',
      email: 'mama@example.co.tz',
    });
    expect((await db.outbox.toArray())[0]).toMatchObject({
      headers: { 'If-Match': '"1"' },
      base: { name: 'Mama Ntilie', phoneNumber: '712345678', email: null },
    });
    const user = await signedIn();
    const edge = stubApiEdge(user, { online: true });
    const theirs = { ...customer!, name: 'Mama Ntilie Shop', phoneNumber: '755000111', version: 2 };
    edge.refuseNext = json(412, {
      code: 'record_changed',
      message: 'Someone else changed this record in the meantime. Choose which version to keep.',
      current: theirs,
    });
    await renderApp(`/customers/${id}`);
    const alert = (await screen.findByText('Changed on another device too')).closest<HTMLElement>(
      '[role="alert"]',
    )!;
    // Only what both changed, with both values; what one side changed alone is not asked.
    expect(within(alert).getByText('Phone number')).toBeTruthy();
    expect(within(alert).getByText('This phone: 0722 000 333')).toBeTruthy();
    expect(within(alert).getByText('Other device: 0755 000 111')).toBeTruthy();
    expect(within(alert).queryByText('Email')).toBeNull();
    expect(within(alert).queryByText('Customer name')).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: choice }));
    await waitFor(() => expect(screen.queryByText('Changed on another device too')).toBeNull());
    return { id, edge };
  }

  it("sends this phone's number with both devices' other changes when the user keeps it", async () => {
    const { id, edge } = await refusedChange(/Keep this phone's/);
    await waitFor(async () =>
      expect(await db.customers.get(id)).toMatchObject({
        syncState: 'synced',
        name: 'Mama Ntilie Shop',
        email: 'mama@example.co.tz',
        phoneNumber: '722000333',
      }),
    );
    const puts = edge.seen.filter((r) => r.method === 'PUT');
    expect(puts.map((r) => r.headers.get('if-match'))).toEqual(['"1"', '"2"']);
    expect(JSON.parse(puts[1]!.body!)).toMatchObject({
      name: 'Mama Ntilie Shop',
      phoneNumber: '722000333',
      email: 'mama@example.co.tz',
    });
  });

  it("takes the other device's number and still sends this phone's email", async () => {
    const { id, edge } = await refusedChange(/Keep the other device's/);
    await waitFor(async () =>
      expect(await db.customers.get(id)).toMatchObject({
        syncState: 'synced',
        syncError: null,
        name: 'Mama Ntilie Shop',
        email: 'mama@example.co.tz',
        phoneNumber: '755000111',
      }),
    );
    const puts = edge.seen.filter((r) => r.method === 'PUT');
    expect(puts.map((r) => r.headers.get('if-match'))).toEqual(['"1"', '"2"']);
    expect(await screen.findByText('0755 000 111')).toBeTruthy();
  });
});
