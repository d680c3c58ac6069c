// The invoice editor as an operator uses it: the totals it shows are domain/totals' (what the
// server computes), its messages are the spec's under the right field, in English and Swahili,
// what is typed survives a reload, and a submit without a connection waits on the phone.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatTsh, parseAmount, type Cents } from '../../domain/money';
import { invoiceTotals } from '../../domain/schemas/invoice';
import { db } from '../../src/db/db';
import { saveProduct } from '../../src/db/products';
import { json } from './helpers/fetch';
import { resetLocalDatabase } from './helpers/local-db';
import { renderApp } from './helpers/render-app';
import { sessionUser, signedIn, signedOut } from './helpers/session';

const COMPANY = 'company-1';

// Typing whole invoices key by key takes a while in jsdom.
vi.setConfig({ testTimeout: 30_000 });

beforeEach(resetLocalDatabase);
afterEach(async () => {
  vi.unstubAllGlobals();
  await signedOut();
});

/**
 * The network edge: the signed-in user answers; the invoice API and the changes feed cannot be
 * reached (the phone is offline for sync), unless `online` is set.
 */
function edge(user = sessionUser(), online = false) {
  const requests: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      requests.push(request);
      const path = new URL(request.url).pathname;
      if (path === '/api/v2/user/me') return json(200, user);
      if (path === '/v1/accounting/health') return json(200, { status: 'ok' });
      if (!online) throw new TypeError('Failed to fetch');
      return json(404, { code: 'not_found', message: 'Not found' });
    }),
  );
  return requests;
}

async function openEditor(locale: 'en' | 'sw' = 'en', overrides = {}) {
  const user = await signedIn(overrides);
  edge(user);
  const view = await renderApp('/new-invoice', locale);
  await screen.findAllByTestId('invoice-item');
  return view;
}

const items = () => screen.getAllByTestId('invoice-item');

/** The message Mantine shows under an input. */
function errorOf(input: HTMLElement): string | null {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
  const error = ids.map((id) => document.getElementById(id)).find((el) => el?.id.includes('error'));
  return error?.textContent ?? null;
}

async function typeLine(
  index: number,
  line: { description?: string; quantity?: string; price?: string; discount?: string },
) {
  const card = items()[index]!;
  const field = (label: RegExp) => within(card).getByLabelText(label);
  if (line.description !== undefined) {
    await userEvent.type(field(new RegExp(`^Item ${index + 1}`)), line.description);
  }
  if (line.quantity !== undefined) {
    await userEvent.clear(field(/^Quantity/));
    await userEvent.type(field(/^Quantity/), line.quantity);
  }
  if (line.price !== undefined) await userEvent.type(field(/^Unit price/), line.price);
  if (line.discount !== undefined) await userEvent.type(field(/^Discount/), line.discount);
}

const shown = (testId: string) => screen.getByTestId(testId).textContent;

describe('the totals', () => {
  it('are the ones domain/totals computes, as the operator types, with or without VAT', async () => {
    await openEditor();
    await typeLine(0, { description: 'Sabuni', quantity: '3', price: '1,250.50', discount: '10' });
    await userEvent.click(screen.getByRole('button', { name: 'Add item' }));
    await typeLine(1, { description: 'Chai', quantity: '0.5', price: '999.99' });

    const expected = (amountsIncludeTax: boolean) =>
      invoiceTotals({
        amountsIncludeTax,
        items: [
          {
            id: 'a',
            productId: null,
            description: 'Sabuni',
            quantity: 3,
            unitPrice: parseAmount('1250.50')!,
            taxType: 'standard',
            discountPercent: 10,
          },
          {
            id: 'b',
            productId: null,
            description: 'Chai',
            quantity: 0.5,
            unitPrice: parseAmount('999.99')!,
            taxType: 'standard',
            discountPercent: 0,
          },
        ],
      });
    const check = (totals: ReturnType<typeof expected>) => {
      expect(shown('total-subtotal')).toBe(formatTsh(totals.subTotal));
      expect(shown('total-discount')).toBe(formatTsh(totals.totalDiscount));
      expect(shown('total-excluding-tax')).toBe(formatTsh(totals.totalExcludingTax));
      expect(shown('total-tax')).toBe(formatTsh(totals.taxAmount));
      expect(shown('total-including-tax')).toBe(formatTsh(totals.totalIncludingTax));
      const lineAmounts = screen.getAllByTestId('item-amount').map((el) => el.textContent);
      expect(lineAmounts).toEqual(totals.lines.map((line) => formatTsh(line.amount)));
    };
    check(expected(true));
    expect(shown('total-including-tax')).toBe('Tsh 3,876.35');

    await userEvent.click(screen.getByLabelText('Prices include VAT'));
    check(expected(false));
  });

  it('says when the lines add up past what an invoice may hold, and keeps what is typed', async () => {
    await openEditor();
    await typeLine(0, { description: 'Saruji', quantity: '999999999', price: '999999999999' });
    expect((await screen.findByTestId('total-too-large')).textContent).toBe(
      'The invoice total may be at most 5,000,000,000,000 TZS',
    );
    const card = items()[0]!;
    expect((within(card).getByLabelText(/^Item 1/) as HTMLInputElement).value).toBe('Saruji');
    expect(shown('total-including-tax')).toBe('Tsh 0.00');

    // Put right, the message goes and the total is the line's.
    await typeLine(0, { quantity: '2' });
    await waitFor(() => expect(screen.queryByTestId('total-too-large')).toBeNull());
    expect(shown('total-including-tax')).toBe('Tsh 1,999,999,999,998.00');
  });

  it('calls an unpaid balance a credit invoice, and refuses payments above the total', async () => {
    await openEditor();
    await typeLine(0, { description: 'Mkaa', price: '10,000' });
    await userEvent.click(screen.getByRole('button', { name: 'Add payment' }));
    const amount = screen.getByLabelText(/^Amount/);
    // A new payment takes what is still unpaid.
    expect((amount as HTMLInputElement).value).toBe('10,000.00');
    await userEvent.clear(amount);
    await userEvent.type(amount, '4000');
    expect(screen.getByTestId('credit-balance').textContent).toContain('Tsh 6,000.00 is not paid');

    await userEvent.clear(amount);
    await userEvent.type(amount, '12000');
    expect(screen.getByTestId('payments-error').textContent).toBe(
      'Total payments greater than total invoice',
    );
    await userEvent.click(screen.getAllByRole('button', { name: /Save draft/ })[0]!);
    expect(await db.invoices.count()).toBe(0);
  });
});

describe('messages', () => {
  it('names each wrong field when saving, and saves nothing', async () => {
    await openEditor();
    await userEvent.type(within(items()[0]!).getByLabelText(/^Discount/), '120');
    await userEvent.click(screen.getAllByRole('button', { name: /Save draft/ })[0]!);
    const card = items()[0]!;
    expect(errorOf(within(card).getByLabelText(/^Item 1/))).toBe(
      'Please enter the item description',
    );
    expect(errorOf(within(card).getByLabelText(/^Unit price/))).toBe(
      'Enter a price of 0 or more, with at most 2 decimals',
    );
    expect(errorOf(within(card).getByLabelText(/^Discount/))).toBe(
      'Enter a discount from 0 to 100%, with at most 2 decimals',
    );
    expect(await screen.findByText('Please check the highlighted fields')).toBeTruthy();
    expect(await db.invoices.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it("keeps each line's messages and values its own as the other lines change or go", async () => {
    await openEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Add item' }));
    await typeLine(1, { description: 'Chai', quantity: '2', price: '1000' });
    await userEvent.click(screen.getAllByRole('button', { name: /Save draft/ })[0]!);
    const description = (index: number) =>
      within(items()[index]!).getByLabelText(new RegExp(`^Item ${index + 1}`));
    expect(errorOf(description(0))).toBe('Please enter the item description');
    expect(errorOf(description(1))).toBeNull();

    await typeLine(0, { description: 'Sabuni' });
    expect(errorOf(description(0))).toBeNull();
    expect(within(items()[1]!).getByTestId('item-amount').textContent).toBe('Tsh 2,000.00');

    // The second line becomes the first: its number, values and amount come with it.
    await userEvent.click(screen.getByRole('button', { name: 'Remove item 1' }));
    expect(items()).toHaveLength(1);
    expect((description(0) as HTMLInputElement).value).toBe('Chai');
    expect(within(items()[0]!).getByTestId('item-amount').textContent).toBe('Tsh 2,000.00');
    expect(shown('total-including-tax')).toBe('Tsh 2,000.00');
  });

  it('refuses a decimal comma instead of reading 2,5 as 25', async () => {
    await openEditor();
    await typeLine(0, {
      description: 'Nyama (kg)',
      quantity: '2,5',
      price: '4500,50',
      discount: '2,5',
    });
    await userEvent.click(screen.getAllByRole('button', { name: /Save draft/ })[0]!);
    const card = items()[0]!;
    for (const label of [/^Quantity/, /^Unit price/, /^Discount/]) {
      expect(errorOf(within(card).getByLabelText(label))).toBe(
        'Write decimals with a point, as in 2.5',
      );
    }
    expect(await db.invoices.count()).toBe(0);
    // Written with points, the same line is two and a half kilos at 4,500.50.
    await typeLine(0, { quantity: '2.5' });
    await userEvent.clear(within(card).getByLabelText(/^Unit price/));
    await typeLine(0, { price: '4500.50' });
    await userEvent.clear(within(card).getByLabelText(/^Discount/));
    expect(shown('total-including-tax')).toBe('Tsh 11,251.25');
  });

  it('says at once why a line with a quantity and a price has no totals', async () => {
    await openEditor();
    await typeLine(0, { description: 'Sabuni', quantity: '2', price: '1000', discount: '150' });
    const hint = within(items()[0]!).getByTestId('item-hint');
    expect(hint.textContent).toBe('Enter a discount from 0 to 100%, with at most 2 decimals');
    await userEvent.clear(within(items()[0]!).getByLabelText(/^Discount/));
    expect(hint.textContent).toMatch(/^Net /);
    await userEvent.clear(within(items()[0]!).getByLabelText(/^Quantity/));
    expect(hint.textContent).toBe('Enter the quantity and price');
  });

  it('says the same in Kiswahili', async () => {
    await openEditor('sw', { language: 'sw' });
    await userEvent.click(screen.getAllByRole('button', { name: /Hifadhi rasimu/ })[0]!);
    const card = items()[0]!;
    expect(errorOf(within(card).getByLabelText(/^Bidhaa 1/))).toBe(
      'Tafadhali weka maelezo ya bidhaa',
    );
  });

  it('refuses a customer with a wrong TIN when adding one from the invoice', async () => {
    await openEditor();
    await userEvent.click(screen.getByRole('button', { name: 'New customer' }));
    const form = screen.getByTestId('new-customer-form');
    await userEvent.type(within(form).getByLabelText(/^Customer name/), 'Baraka Traders');
    await userEvent.click(within(form).getByLabelText(/^Identification type/));
    await userEvent.click(await screen.findByRole('option', { name: /^TIN/, hidden: true }));
    await userEvent.type(within(form).getByLabelText(/^Identification number/), '12345');
    await userEvent.click(within(form).getByRole('button', { name: 'Save customer' }));
    expect(errorOf(within(form).getByLabelText(/^Identification number/))).toBe(
      'Please enter a correct TIN number',
    );
    expect(await db.customers.count()).toBe(0);

    await userEvent.clear(within(form).getByLabelText(/^Identification number/));
    await userEvent.type(within(form).getByLabelText(/^Identification number/), '123-456-789');
    await userEvent.click(within(form).getByRole('button', { name: 'Save customer' }));
    const picked = await screen.findByTestId('invoice-customer');
    expect(picked.textContent).toContain('Baraka Traders');
    expect(picked.textContent).toContain('123456789');
    expect(await db.customers.count()).toBe(1);
  });

  it('neither submits nor saves while a new customer is typed and not saved', async () => {
    await openEditor();
    await typeLine(0, { description: 'Sukari 1kg', price: '3,000' });
    await userEvent.click(screen.getByRole('button', { name: 'New customer' }));
    const form = screen.getByTestId('new-customer-form');
    await userEvent.type(within(form).getByLabelText(/^Customer name/), 'Juma Electronics');

    await userEvent.click(screen.getByRole('button', { name: /Submit to TRA/ }));
    expect(within(form).getByRole('alert').textContent).toBe(
      'Save this customer or cancel it first: the invoice does not include it until it is saved.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getAllByRole('button', { name: /Save draft/ })[0]!);
    expect(await db.invoices.count()).toBe(0);

    await userEvent.click(within(form).getByLabelText(/^Identification type/));
    await userEvent.click(await screen.findByRole('option', { name: /^TIN/, hidden: true }));
    await userEvent.type(within(form).getByLabelText(/^Identification number/), '523456789');
    await userEvent.click(within(form).getByRole('button', { name: 'Save customer' }));
    await screen.findByTestId('invoice-customer');
    await userEvent.click(screen.getByRole('button', { name: /Submit to TRA/ }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Submit' }),
    );
    await screen.findByTestId('invoice-waiting');
    const [invoice] = await db.invoices.toArray();
    expect(invoice!.customer).toMatchObject({
      name: 'Juma Electronics',
      identificationNumber: '523456789',
    });
  });

  it('asks to save a product the server refused before submitting', async () => {
    const product = await saveProduct(COMPANY, {
      name: 'Mchele Kilo',
      unitPrice: 2_500_00,
      taxType: 'standard',
    });
    await db.products.update(product.id, {
      syncState: 'failed',
      syncError: { code: 'product_name_duplicated', message: 'x', status: 422, at: 1 },
    });
    await db.outbox.clear();
    await openEditor();
    await userEvent.type(screen.getByLabelText(/^Item 1/), 'mche');
    await userEvent.click(await screen.findByRole('option', { name: /Mchele Kilo/, hidden: true }));
    expect((within(items()[0]!).getByLabelText(/^Unit price/) as HTMLInputElement).value).toBe(
      '2,500.00',
    );
    await userEvent.click(screen.getByRole('button', { name: /Submit to TRA/ }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Submit' }),
    );
    await waitFor(() =>
      expect(errorOf(screen.getByLabelText(/^Item 1/))).toBe(
        'Please save the product first before submitting the invoice',
      ),
    );
    expect(await db.invoices.count()).toBe(0);
  });

  it('shows the blocked banner to a company blocked by TRA and does not let it save', async () => {
    await openEditor('en', {
      company: { id: COMPANY, name: 'Duka', tin: '123456789', blockedByTra: true },
    });
    expect(screen.getByTestId('blocked-banner').textContent).toContain(
      'Your account has been blocked by TRA. Please contact us for more details.',
    );
    for (const button of screen.getAllByRole('button', { name: /Save draft|Submit/ })) {
      expect((button as HTMLButtonElement).disabled).toBe(true);
    }
  });
});

describe('what is typed', () => {
  it('is kept at every change and comes back after a reload', async () => {
    const { router, unmount } = await openEditor();
    await typeLine(0, { description: 'Maji ya kunywa', price: '600' });
    await waitFor(async () => {
      const kept = await db.invoiceDrafts.toArray();
      expect(kept).toHaveLength(1);
      expect(kept[0]!.form).toMatchObject({
        items: [{ description: 'Maji ya kunywa', unitPrice: '600' }],
      });
    });
    const address = router.state.location.href;
    expect(address).toMatch(/\/new-invoice\?id=/);

    // The tab is closed (or crashes) and the page is opened again at the same address.
    unmount();
    await renderApp(address);
    const description = await screen.findByLabelText(/^Item 1/);
    expect((description as HTMLInputElement).value).toBe('Maji ya kunywa');
    expect(screen.getByTestId('draft-restored')).toBeTruthy();
    expect(shown('total-including-tax')).toBe('Tsh 600.00');
  });

  it('is listed with the invoices after leaving by the menu, to continue or discard', async () => {
    const { router } = await openEditor();
    await typeLine(0, { description: 'Sukari', quantity: '4', price: '2,500' });
    await waitFor(async () => expect(await db.invoiceDrafts.count()).toBe(1));
    const typedAt = router.state.location.href;

    await act(() => router.navigate({ to: '/invoices' }));
    const unsaved = await screen.findByTestId('unsaved-invoices');
    expect(within(unsaved).getByText('Invoices you started and did not save (1)')).toBeTruthy();
    // The total so far, not the first price.
    expect(within(unsaved).getByText('Sukari · Tsh 10,000.00')).toBeTruthy();

    await userEvent.click(within(unsaved).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.href).toBe(typedAt));
    expect(((await screen.findByLabelText(/^Item 1/)) as HTMLInputElement).value).toBe('Sukari');

    await act(() => router.navigate({ to: '/invoices' }));
    await userEvent.click(
      within(await screen.findByTestId('unsaved-invoices')).getByRole('button', {
        name: 'Discard',
      }),
    );
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Discard this invoice?' })).getByRole(
        'button',
        { name: 'Discard' },
      ),
    );
    await waitFor(() => expect(screen.queryByTestId('unsaved-invoices')).toBeNull());
    expect(await db.invoiceDrafts.count()).toBe(0);
  });
});

describe('submitting without a connection', () => {
  it('keeps the invoice on the phone as submitted, waiting for connection, after confirmation', async () => {
    await openEditor();
    await typeLine(0, { description: 'Mafuta ya taa', quantity: '2', price: '3,000' });
    await userEvent.click(screen.getByRole('button', { name: /Submit to TRA/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('cannot be changed or taken back');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));

    await screen.findByTestId('invoice-waiting');
    const [invoice] = await db.invoices.toArray();
    expect(invoice).toMatchObject({ status: 'submitted', fiscal: null });
    expect(invoice!.totals.totalInvoice).toBe(6_000_00 as Cents);
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => e.action)).toEqual(['save', 'submit']);
    // The view offers a pro forma only: there is no fiscal receipt yet.
    expect(screen.getByRole('button', { name: /Print pro forma/ })).toBeTruthy();
    expect(screen.queryByTestId('fiscal-block')).toBeNull();
    await act(async () => undefined);
  });
});
