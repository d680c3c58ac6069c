import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../src/db/db';
import type { Company, VfdState } from '../../src/api/admin';
import { stubApiEdge } from './helpers/api-edge';
import { json, stubServer } from './helpers/fetch';
import { resetLocalDatabase } from './helpers/local-db';
import { renderApp } from './helpers/render-app';
import { signedIn, signedOut } from './helpers/session';
import { chooseInUserMenu } from './helpers/user-menu';

beforeEach(resetLocalDatabase);
afterEach(async () => {
  vi.unstubAllGlobals();
  await signedOut();
});

async function open(path: string, heading: string, locale: 'en' | 'sw' = 'en') {
  const user = await signedIn({ language: locale });
  stubApiEdge(user);
  const view = await renderApp(path, locale);
  await screen.findByRole('heading', { name: heading, level: 1 });
  return view;
}

const question = () => screen.queryByRole('dialog', { name: 'Leave without saving?' });

describe('leaving a form with what was typed not saved', () => {
  it('asks first, and keeps what was typed when the user stays', async () => {
    const { router } = await open('/customers/new', 'New customer');
    const name = screen.getByLabelText(/^Customer name/);
    await userEvent.type(name, 'Neema Mushi');

    // The menu's link, then the page's own way back.
    const [menu, back] = screen.getAllByRole('link', { name: 'Customers' });
    await userEvent.click(menu!);
    await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(router.state.location.pathname).toBe('/customers/new');
    await userEvent.click(screen.getByRole('button', { name: 'Keep typing' }));
    await waitFor(() => expect(question()).toBeNull());
    expect(router.state.location.pathname).toBe('/customers/new');
    expect((screen.getByLabelText(/^Customer name/) as HTMLInputElement).value).toBe('Neema Mushi');

    await userEvent.click(back!);
    await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await userEvent.click(screen.getByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customers'));
    expect(await db.customers.count()).toBe(0);
  });

  it('lets an untouched form, a saved one and Cancel go without asking', async () => {
    const { router } = await open('/products/new', 'New product or service');
    await userEvent.click(screen.getAllByRole('link', { name: 'Products and services' })[1]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
    expect(question()).toBeNull();

    await act(() => router.navigate({ to: '/products/new' }));
    await screen.findByRole('heading', { name: 'New product or service', level: 1 });
    await userEvent.type(screen.getByLabelText(/^Name/), 'Unga wa ngano');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
    expect(question()).toBeNull();

    await act(() => router.navigate({ to: '/products/new' }));
    await screen.findByRole('heading', { name: 'New product or service', level: 1 });
    await userEvent.type(screen.getByLabelText(/^Name/), 'Unga wa ngano');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
    expect(question()).toBeNull();
    expect((await db.products.toArray()).map((product) => product.name)).toEqual(['Unga wa ngano']);
  });

  it('asks before an expense typed by hand gives way to another way in', async () => {
    const { router } = await open('/expenses/new?method=manual', 'New expense');
    await userEvent.type(screen.getByLabelText(/^Vendor name/), 'Duka la Mama Asha');
    await userEvent.click(screen.getByRole('button', { name: 'Scan QR' }));
    await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await userEvent.click(screen.getByRole('button', { name: 'Keep typing' }));
    await waitFor(() => expect(question()).toBeNull());
    expect(router.state.location.search).toEqual({ method: 'manual' });
    expect((screen.getByLabelText(/^Vendor name/) as HTMLInputElement).value).toBe(
      'Duka la Mama Asha',
    );
  });

  it('asks before a form in a dialog is left', async () => {
    const { router } = await open('/expenses', 'Expenses');
    await act(() => router.navigate({ to: '/expenses/categories' }));
    await screen.findByRole('heading', { name: 'Expense categories', level: 1 });
    await userEvent.click(screen.getByRole('button', { name: 'New category' }));
    await userEvent.type(await screen.findByLabelText(/^Name/), 'Usafiri wa bodaboda');

    // A tap beside the dialog, easily made on a phone, does not close it.
    await userEvent.click(document.querySelector('.mantine-Modal-overlay')!);
    await userEvent.click(document.querySelector('.mantine-Modal-inner')!);
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Usafiri wa bodaboda');

    // The menu behind the dialog: the way out a desktop offers while it is open.
    await userEvent.click(screen.getAllByRole('link', { name: 'Expenses', hidden: true })[0]!);
    await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await userEvent.click(screen.getByRole('button', { name: 'Keep typing' }));
    await waitFor(() => expect(question()).toBeNull());
    expect(router.state.location.pathname).toBe('/expenses/categories');
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Usafiri wa bodaboda');
  });

  it('asks before a new customer typed on an invoice is left', async () => {
    const { router } = await open('/new-invoice', 'New invoice');
    await userEvent.click(screen.getByRole('button', { name: 'New customer' }));
    const form = screen.getByTestId('new-customer-form');
    await userEvent.type(within(form).getByLabelText(/^Customer name/), 'Baraka Traders');
    await userEvent.click(screen.getAllByRole('link', { name: 'Invoices' })[0]!);
    await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(router.state.location.pathname).toBe('/new-invoice');
    await userEvent.click(screen.getByRole('button', { name: 'Keep typing' }));
    await waitFor(() => expect(question()).toBeNull());
    expect(
      (
        within(screen.getByTestId('new-customer-form')).getByLabelText(
          /^Customer name/,
        ) as HTMLInputElement
      ).value,
    ).toBe('Baraka Traders');
  });

  it('lets a user who signs out from a typed form reach the sign-in page', async () => {
    const { router } = await open('/customers/new', 'New customer');
    await userEvent.type(screen.getByLabelText(/^Customer name/), 'Neema Mushi');
    await chooseInUserMenu('Sign out');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(question()).toBeNull();
  });

  it("asks before a company's certificate or paid-until date is left, once for both", async () => {
    const user = await signedIn({ role: 'platform_admin', user_type: 'platform_admin' });
    const company: Company = {
      id: 'c1',
      organizationId: 'o1',
      name: 'Duka la Mama Ltd',
      tin: '123456789',
      vrn: null,
      email: 'mama@example.co.tz',
      phone: '255712345678',
      address: 'Kariakoo, Dar es Salaam',
      serial: '10TZ100625',
      active: true,
      blockedByTra: false,
      paidUntil: null,
      vfd: {
        status: 'registered',
        registeredAt: '2026-11-01T07:00:00.000Z',
        certificateExpiresAt: null,
      },
    };
    const vfd: VfdState = { status: 'registered', blockedByTra: false };
    const server = stubServer({
      'GET /api/v2/user/me': () => json(200, user),
      'GET /v1/accounting/companies/c1': () => json(200, company),
      'GET /v1/accounting/companies/c1/vfd': () => json(200, vfd),
      'PUT /v1/accounting/companies/c1/certificate': () => json(200, vfd),
    });
    const { router } = await renderApp('/companies/c1');
    await screen.findByRole('heading', { name: 'Duka la Mama Ltd', level: 1 });
    const back = () => screen.getAllByRole('link', { name: 'Companies' }).at(-1)!;

    // A file and password chosen, and a date typed: one question, not one per card.
    await userEvent.upload(
      document.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File([new Uint8Array([48, 130])], 'vfd.pfx', { type: 'application/x-pkcs12' }),
    );
    await userEvent.type(screen.getByLabelText(/^Certificate password/), 'siri-ya-tra');
    await userEvent.type(screen.getByLabelText(/^Paid until/), '31-12-2026');
    await userEvent.click(back());
    await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(screen.getAllByRole('dialog', { name: 'Leave without saving?' })).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Keep typing' }));
    await waitFor(() => expect(question()).toBeNull());
    expect(router.state.location.pathname).toBe('/companies/c1');
    expect((screen.getByLabelText(/^Certificate password/) as HTMLInputElement).value).toBe(
      'siri-ya-tra',
    );

    // The certificate uploaded and the date cleared again: nothing is left to lose.
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await screen.findByText('The certificate is installed.');
    expect(server.calls('PUT', '/v1/accounting/companies/c1/certificate')).toHaveLength(1);
    await userEvent.clear(screen.getByLabelText(/^Paid until/));
    await userEvent.click(back());
    await waitFor(() => expect(router.state.location.pathname).toBe('/companies'));
    expect(question()).toBeNull();
  });

  it('asks in Kiswahili', async () => {
    const { router } = await open('/customers/new', 'Mteja mpya', 'sw');
    await userEvent.type(screen.getByLabelText(/^Jina la mteja/), 'Neema Mushi');
    await userEvent.click(screen.getAllByRole('link', { name: 'Wateja' })[1]!);
    await screen.findByRole('dialog', { name: 'Uondoke bila kuhifadhi?' });
    expect(router.state.location.pathname).toBe('/customers/new');
    expect(screen.getByText(/Ulichoandika kwenye fomu hii bado hakijahifadhiwa/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Endelea kuandika' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ondoka bila kuhifadhi' })).toBeTruthy();
  });
});
