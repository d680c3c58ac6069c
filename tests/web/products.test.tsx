import { useState } from 'react';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, type LocalProduct } from '../../src/db/db';
import { saveProduct, syncedProduct } from '../../src/db/products';
import { ProductPicker } from '../../src/features/products/ProductPicker';
import { theme } from '../../src/app/theme';
import { activateLocale, i18n } from '../../src/i18n/i18n';
import { stubApiEdge } from './helpers/api-edge';
import { json } from './helpers/fetch';
import { resetLocalDatabase } from './helpers/local-db';
import { renderApp } from './helpers/render-app';
import { signedIn, signedOut } from './helpers/session';

beforeEach(resetLocalDatabase);
afterEach(async () => {
  vi.unstubAllGlobals();
  await signedOut();
});

const COMPANY = 'company-1';

function fieldError(label: RegExp): string | null {
  const input = screen.getAllByLabelText(label).find((element) => element.tagName === 'INPUT')!;
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
  return (
    ids.map((id) => document.getElementById(id)).find((element) => element?.id.includes('error'))
      ?.textContent ?? null
  );
}

async function openNewProduct() {
  const user = await signedIn();
  stubApiEdge(user);
  const view = await renderApp('/products/new');
  await screen.findByRole('heading', { name: 'New product or service' });
  return view;
}

describe('products and services', () => {
  it('reads the price typed as money, into whole cents, and lists it in Tsh', async () => {
    const { router } = await openNewProduct();
    await userEvent.type(screen.getByLabelText(/^Name/), 'Sabuni ya kufulia');
    await userEvent.type(screen.getByLabelText(/^Default unit price/), '1,500.5');
    await userEvent.click(screen.getByRole('checkbox', { name: /The price includes VAT/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
    const [product] = await db.products.toArray();
    expect(product).toMatchObject({
      name: 'Sabuni ya kufulia',
      unitPrice: 150050,
      taxType: 'standard',
      priceIncludesVat: false,
      syncState: 'pending',
    });
    const row = await screen.findByTestId('product-row');
    expect(within(row).getByText('Tsh 1,500.50 · Standard (18%) · VAT excluded')).toBeTruthy();
  });

  it('refuses a price that is not an amount, and keeps what was typed', async () => {
    await openNewProduct();
    await userEvent.type(screen.getByLabelText(/^Name/), 'Unga');
    await userEvent.type(screen.getByLabelText(/^Default unit price/), '12.345');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(fieldError(/^Default unit price/)).toBe(
      'Enter a price of 0 or more, with at most 2 decimals',
    );
    expect((screen.getByLabelText(/^Default unit price/) as HTMLInputElement).value).toBe('12.345');
    await userEvent.clear(screen.getByLabelText(/^Default unit price/));
    await userEvent.type(screen.getByLabelText(/^Default unit price/), '99,000,000,000,000');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(fieldError(/^Default unit price/)).toBe(
      'The price may be at most 10,000,000,000,000 TZS',
    );
    expect(await db.products.count()).toBe(0);
  });

  it('leaves the price to each invoice when none is given', async () => {
    await openNewProduct();
    await userEvent.type(screen.getByLabelText(/^Name/), 'Ushauri');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const row = await screen.findByTestId('product-row');
    expect(within(row).getByText(/^Price set on each invoice/)).toBeTruthy();
    expect((await db.products.toArray())[0]!.unitPrice).toBeNull();
  });

  it('refuses a name the company already uses, whatever its case or spacing', async () => {
    await saveProduct(COMPANY, { name: 'Mchele Safi', taxType: 'standard' });
    await openNewProduct();
    await userEvent.type(screen.getByLabelText(/^Name/), '  mchele   SAFI ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(fieldError(/^Name/)).toBe('A product with this name already exists'),
    );
    expect(await db.products.count()).toBe(1);
  });

  it('edits and deletes a product after asking', async () => {
    const saved = await saveProduct(COMPANY, {
      name: 'Sukari',
      unitPrice: 300000,
      taxType: 'standard',
    });
    const user = await signedIn();
    stubApiEdge(user);
    const { router } = await renderApp(`/products/${saved.id}`);
    const price = await screen.findByLabelText(/^Default unit price/);
    expect((price as HTMLInputElement).value).toBe('3,000.00');
    await userEvent.clear(price);
    await userEvent.type(price, '3200');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
    expect((await db.products.get(saved.id))?.unitPrice).toBe(320000);

    await router.navigate({ to: '/products/$productId', params: { productId: saved.id } });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this product?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete the product' }));
    await screen.findByText('No products or services yet');
    expect((await db.outbox.orderBy('seq').toArray()).map((e) => e.method)).toEqual([
      'PUT',
      'PUT',
      'DELETE',
    ]);
  });
});

describe('a product invoices use', () => {
  it("comes back with the server's refusal when deleted, and can simply be kept", async () => {
    const saved = await saveProduct(COMPANY, { name: 'Used On Invoices', taxType: 'standard' });
    await db.outbox.clear();
    await db.products.put(syncedProduct({ ...saved, version: 1 }, COMPANY));
    const user = await signedIn();
    const edge = stubApiEdge(user, { online: true });
    edge.refuseNext = json(409, {
      code: 'product_in_use',
      message: 'This product is used on invoices and cannot be deleted',
    });
    const { router } = await renderApp(`/products/${saved.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this product?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete the product' }));
    const row = await screen.findByTestId('product-row');
    expect(within(row).getByText('Refused by the server')).toBeTruthy();

    await router.navigate({ to: '/products/$productId', params: { productId: saved.id } });
    await screen.findByText('This product is used on invoices and cannot be deleted');
    await userEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    await waitFor(async () => expect((await db.products.get(saved.id))?.syncState).toBe('synced'));
    expect(edge.writes().map((w) => w.method)).toEqual(['DELETE']);
  });
});

describe('a product changed on another device too', () => {
  it('shows both prices and, when the other is chosen, puts it in the form', async () => {
    const saved = await saveProduct(COMPANY, {
      name: 'Sukari',
      unitPrice: 300000,
      taxType: 'standard',
    });
    await db.outbox.clear();
    await db.products.put(syncedProduct({ ...saved, version: 1 }, COMPANY));
    const user = await signedIn();
    const edge = stubApiEdge(user, { online: true });
    edge.refuseNext = json(412, {
      code: 'record_changed',
      message: 'Someone else changed this record in the meantime. Choose which version to keep.',
      current: { ...saved, unitPrice: 280000, version: 2 },
    });
    const { router } = await renderApp(`/products/${saved.id}`);
    const price = await screen.findByLabelText(/^Default unit price/);
    await userEvent.clear(price);
    await userEvent.type(price, '3200');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
    await waitFor(async () =>
      expect((await db.products.get(saved.id))?.syncError?.code).toBe('record_changed'),
    );

    await router.navigate({ to: '/products/$productId', params: { productId: saved.id } });
    const alert = (await screen.findByText('Changed on another device too')).closest<HTMLElement>(
      '[role="alert"]',
    )!;
    expect(within(alert).getByText('Default unit price')).toBeTruthy();
    expect(within(alert).getByText(/^This phone: .*3,200\.00/)).toBeTruthy();
    expect(within(alert).getByText(/^Other device: .*2,800\.00/)).toBeTruthy();
    expect(((await screen.findByLabelText(/^Default unit price/)) as HTMLInputElement).value).toBe(
      '3,200.00',
    );
    await userEvent.click(within(alert).getByRole('button', { name: "Keep the other device's" }));
    await waitFor(() =>
      expect((screen.getByLabelText(/^Default unit price/) as HTMLInputElement).value).toBe(
        '2,800.00',
      ),
    );
    expect(await db.products.get(saved.id)).toMatchObject({
      unitPrice: 280000,
      version: 2,
      syncState: 'synced',
    });
    expect(screen.queryByText('Changed on another device too')).toBeNull();
  });
});

describe('picking a product on an invoice line', () => {
  it('suggests the saved products as the name is typed, and hands over the one picked', async () => {
    await saveProduct(COMPANY, { name: 'Sabuni', unitPrice: 150000, taxType: 'standard' });
    await saveProduct(COMPANY, { name: 'Mafuta ya sabuni', taxType: 'exempted' });
    await saveProduct(COMPANY, { name: 'Unga', taxType: 'zero_rated' });
    await activateLocale('en');
    const picked: LocalProduct[] = [];
    function Line() {
      const [description, setDescription] = useState('');
      return (
        <ProductPicker
          companyId={COMPANY}
          label="Description"
          value={description}
          onChange={setDescription}
          onPick={(product) => picked.push(product)}
        />
      );
    }
    render(
      <I18nProvider i18n={i18n}>
        <MantineProvider theme={theme}>
          <Line />
        </MantineProvider>
      </I18nProvider>,
    );
    await userEvent.type(screen.getByLabelText('Description'), 'sab');
    const options = await screen.findAllByRole('option', { hidden: true });
    expect(options.map((option) => option.textContent)).toEqual([
      'SabuniTsh 1,500.00',
      'Mafuta ya sabuni',
    ]);
    await userEvent.click(options[0]!);
    expect(picked.map((product) => [product.name, product.unitPrice, product.taxType])).toEqual([
      ['Sabuni', 150000, 'standard'],
    ]);
    expect((screen.getByLabelText('Description') as HTMLInputElement).value).toBe('Sabuni');
  });
});
