import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveCustomer } from '../../src/db/customers';
import { db } from '../../src/db/db';
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

/** The message Mantine shows under an input, found through the input's label. */
function fieldError(label: RegExp): string | null {
  // A select's list is labelled by the same label as its input.
  const input = screen.getAllByLabelText(label).find((element) => element.tagName === 'INPUT')!;
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
  const error = ids
    .map((id) => document.getElementById(id))
    .find((element) => element?.id.includes('error'));
  return error?.textContent ?? null;
}

async function chooseType(name: RegExp) {
  await userEvent.click(
    screen.getByRole('combobox', { name: /^Identification type|^Aina ya utambulisho/ }),
  );
  await userEvent.click(await screen.findByRole('option', { name, hidden: true }));
}

async function openNewCustomer(locale: 'en' | 'sw' = 'en') {
  const user = await signedIn({ language: locale });
  stubApiEdge(user);
  const view = await renderApp('/customers/new', locale);
  await screen.findByRole('heading', { name: locale === 'en' ? 'New customer' : 'Mteja mpya' });
  return view;
}

describe('the customer form (spec §5)', () => {
  it('names what is missing, with the exact messages', async () => {
    await openNewCustomer();
    await userEvent.click(screen.getByRole('button', { name: 'Save customer' }));
    expect(fieldError(/^Customer name/)).toBe('Please enter a customer name');
    expect(fieldError(/^Identification type/)).toBe('Please choose an identification type');
    expect(await db.customers.count()).toBe(0);
  });

  it('checks each identification number against its type, the phone, email and VAT number', async () => {
    await openNewCustomer();
    await userEvent.type(screen.getByLabelText(/^Customer name/), 'Juma Hamisi');
    await chooseType(/^TIN/);
    await userEvent.type(screen.getByLabelText(/^Identification number/), '12345');
    await userEvent.type(screen.getByLabelText(/^Phone number/), '07123');
    await userEvent.type(screen.getByLabelText(/^Email/), 'juma@');
    await userEvent.type(screen.getByLabelText(/^VAT registration number/), '123');
    const save = screen.getByRole('button', { name: 'Save customer' });
    await userEvent.click(save);
    expect(fieldError(/^Identification number/)).toBe('Please enter a correct TIN number');
    expect(fieldError(/^Phone number/)).toBe('Please enter a valid phone number');
    expect(fieldError(/^Email/)).toBe('Valid email required');
    expect(fieldError(/^VAT registration number/)).toBe(
      'Please enter a correct VAT registration number',
    );

    await chooseType(/^NIDA/);
    await userEvent.click(save);
    expect(fieldError(/^Identification number/)).toBe('Enter correct NIDA number');

    await chooseType(/^Passport/);
    await userEvent.clear(screen.getByLabelText(/^Identification number/));
    await userEvent.type(screen.getByLabelText(/^Identification number/), 'AB1');
    await userEvent.click(save);
    expect(fieldError(/^Identification number/)).toBe(
      'Please enter a correct identification number',
    );
    expect(await db.customers.count()).toBe(0);
  });

  it('says so in Kiswahili', async () => {
    await openNewCustomer('sw');
    await userEvent.click(screen.getByRole('button', { name: 'Hifadhi mteja' }));
    expect(fieldError(/^Jina la mteja/)).toBe('Tafadhali weka jina la mteja');
    expect(fieldError(/^Aina ya utambulisho/)).toBe('Tafadhali chagua aina ya utambulisho');
  });

  it('saves a valid customer on the phone, queued for the server, with no connection', async () => {
    const { router } = await openNewCustomer();
    await userEvent.type(screen.getByLabelText(/^Customer name/), '  Asha   Mwinyi ');
    await chooseType(/^TIN/);
    await userEvent.type(screen.getByLabelText(/^Identification number/), '123-456-789');
    await userEvent.type(screen.getByLabelText(/^Phone number/), '+255 712 345 678');
    await userEvent.click(screen.getByRole('button', { name: 'Save customer' }));

    await screen.findByRole('heading', { name: 'Asha Mwinyi' });
    const [customer] = await db.customers.toArray();
    expect(customer).toMatchObject({
      name: 'Asha Mwinyi',
      identificationType: 'TAX_IDENTIFICATION_NUMBER',
      identificationNumber: '123456789',
      phoneNumber: '712345678',
      syncState: 'pending',
      companyId: COMPANY,
    });
    expect(router.state.location.pathname).toBe(`/customers/${customer!.id}`);
    expect(await db.outbox.count()).toBe(1);
    expect(screen.getByText('0712 345 678')).toBeTruthy();
  });
});

describe("the phone's own duplicate check", () => {
  it('refuses an identification number another customer has, as soon as it is entered', async () => {
    await saveCustomer(COMPANY, {
      name: 'Juma Hamisi',
      identificationType: 'TAX_IDENTIFICATION_NUMBER',
      identificationNumber: '123456789',
    });
    await openNewCustomer();
    await userEvent.type(screen.getByLabelText(/^Customer name/), 'Juma Again');
    await chooseType(/^TIN/);
    await userEvent.type(screen.getByLabelText(/^Identification number/), '123 456 789');
    await userEvent.tab();
    await waitFor(() =>
      expect(fieldError(/^Identification number/)).toBe(
        'Customer identification number duplicated',
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save customer' }));
    await waitFor(() =>
      expect(fieldError(/^Identification number/)).toBe(
        'Customer identification number duplicated',
      ),
    );
    expect(await db.customers.count()).toBe(1);
    expect(await db.outbox.count()).toBe(1);
  });

  it('allows the same number under another identification type', async () => {
    await saveCustomer(COMPANY, {
      name: 'Juma Hamisi',
      identificationType: 'PASSPORT',
      identificationNumber: 'AB123456',
    });
    await openNewCustomer();
    await userEvent.type(screen.getByLabelText(/^Customer name/), 'Other Juma');
    await chooseType(/^Driving licence/);
    await userEvent.type(screen.getByLabelText(/^Identification number/), 'AB123456');
    await userEvent.click(screen.getByRole('button', { name: 'Save customer' }));
    await screen.findByRole('heading', { name: 'Other Juma' });
    expect(await db.customers.count()).toBe(2);
  });

  it('refuses a VAT registration number another customer has', async () => {
    await saveCustomer(COMPANY, {
      name: 'Duka Kuu Ltd',
      identificationType: 'NO_IDENTIFICATION',
      vatRegistrationNumber: '40012345X',
    });
    await openNewCustomer();
    await userEvent.type(screen.getByLabelText(/^Customer name/), 'Duka Kuu Branch');
    await chooseType(/^No identification/);
    await userEvent.type(screen.getByLabelText(/^VAT registration number/), '40012345x');
    await userEvent.tab();
    await waitFor(() =>
      expect(fieldError(/^VAT registration number/)).toBe(
        'Customer VAT registration number duplicated',
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save customer' }));
    await waitFor(() => expect(fieldError(/^VAT registration number/)).toBeTruthy());
    expect(await db.customers.count()).toBe(1);
  });
});

describe('a customer the server refused', () => {
  it("opens with the server's message on the record and under the field", async () => {
    const user = await signedIn();
    const edge = stubApiEdge(user, { online: true });
    edge.refuseNext = new Response(
      JSON.stringify({
        code: 'customer_id_duplicated',
        message: 'Customer identification number duplicated',
        fields: { identificationNumber: 'Customer identification number duplicated' },
      }),
      { status: 409, headers: { 'content-type': 'application/json' } },
    );
    const saved = await saveCustomer(COMPANY, {
      name: 'Created Offline',
      identificationType: 'TAX_IDENTIFICATION_NUMBER',
      identificationNumber: '222333444',
    });
    await renderApp(`/customers/${saved.id}`);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Customer identification number duplicated')).toBeTruthy();
    expect((await db.customers.get(saved.id))?.syncState).toBe('failed');

    await userEvent.click(screen.getByRole('link', { name: 'Edit' }));
    await screen.findByRole('heading', { name: 'Edit customer' });
    expect(fieldError(/^Identification number/)).toBe('Customer identification number duplicated');

    // Corrected and saved again, it goes back to the server and is accepted.
    await userEvent.clear(screen.getByLabelText(/^Identification number/));
    await userEvent.type(screen.getByLabelText(/^Identification number/), '222333445');
    await userEvent.click(screen.getByRole('button', { name: 'Save customer' }));
    await waitFor(async () => expect((await db.customers.get(saved.id))?.syncState).toBe('synced'));
    expect(edge.writes().map((w) => w.method)).toEqual(['PUT', 'PUT']);
  });
});
