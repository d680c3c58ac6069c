// Administration lists with more rows than one page: the platform admin sees how many there are,
// reads on with "Show more", and finds the hundredth organization or company by typing, in the
// lists and in the forms that pick one.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { json, stubServer } from './helpers/fetch';
import { resetLocalDatabase } from './helpers/local-db';
import { renderApp } from './helpers/render-app';
import type { SessionUser } from '../../domain/roles';
import { platformAdmin, signedIn, signedOut } from './helpers/session';

vi.setConfig({ testTimeout: 30_000 });

beforeEach(resetLocalDatabase);
afterEach(async () => {
  vi.unstubAllGlobals();
  await signedOut();
});

const number = (n: number) => String(n).padStart(3, '0');
/** Record ids are UUIDs; the forms check that. */
const uuid = (kind: number, n: number) => `${kind}0000000-0000-4000-8000-000000000${number(n)}`;

const organizations = Array.from({ length: 120 }, (_, i) => ({
  id: uuid(1, i + 1),
  name: i === 109 ? 'Vikoba vya Pwani' : `Kikundi ${number(i + 1)}`,
  ownerName: 'Rehema Mushi',
  ownerPhone: '754123456',
  ownerEmail: `kikundi${i + 1}@example.co.tz`,
  active: true,
  createdAt: '2026-11-20T08:00:00Z',
}));

const companies = Array.from({ length: 80 }, (_, i) => ({
  id: uuid(2, i + 1),
  organizationId: uuid(1, (i % 7) + 1),
  name: `Duka ${number(i + 1)}`,
  tin: String(100000000 + i),
  serial: `10TZ${100000 + i}`,
  active: true,
  blockedByTra: false,
  vfd: { status: 'registered' },
}));

/** The server's paging: the rows whose name has the search, `limit` of them from `offset`. */
function paged<T extends { name: string }>(rows: T[]) {
  return (request: Request) => {
    const query = new URL(request.url).searchParams;
    const search = (query.get('search') ?? '').toLowerCase();
    const found = rows.filter((row) => row.name.toLowerCase().includes(search));
    const offset = Number(query.get('offset') ?? 0);
    const limit = Number(query.get('limit') ?? 50);
    return json(200, { items: found.slice(offset, offset + limit), total: found.length });
  };
}

async function signedInAs(
  routes: Parameters<typeof stubServer>[0],
  who: Partial<SessionUser> = platformAdmin,
) {
  const user = await signedIn(who);
  return stubServer({ 'GET /api/v2/user/me': () => json(200, user), ...routes });
}

/** An organization admin of the `n`th organization. */
const organizationAdmin = (n: number): Partial<SessionUser> => ({
  ...platformAdmin,
  role: 'org_admin',
  user_type: 'org_admin',
  isAdmin: false,
  organization_id: uuid(1, n),
});

const rows = () =>
  within(screen.getByRole('list', { name: 'Organizations' })).queryAllByRole('listitem');

it('shows how many organizations there are, reads on a page at a time, and finds one by name', async () => {
  const rowsOnServer = organizations.map((organization) => ({ ...organization }));
  await signedInAs({
    'GET /v1/accounting/organizations': paged(rowsOnServer),
    [`POST /v1/accounting/organizations/${uuid(1, 75)}/disable`]: () => {
      rowsOnServer[74]!.active = false;
      return json(200, rowsOnServer[74]);
    },
  });
  await renderApp('/organizations');
  await screen.findByText('Kikundi 001');
  expect(rows()).toHaveLength(50);
  expect(screen.getByTestId('list-count').textContent).toBe('50 of 120');

  await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
  await waitFor(() => expect(rows()).toHaveLength(100));
  expect(screen.getByTestId('list-count').textContent).toBe('100 of 120');

  // A change to a row of the second page leaves it, and the rows around it, on screen.
  const row75 = () => rows().find((row) => row.textContent?.includes('Kikundi 075'))!;
  await userEvent.click(within(row75()).getByRole('button', { name: 'Disable' }));
  const confirm = await screen.findByRole('dialog', { name: 'Disable Kikundi 075?' });
  await userEvent.click(within(confirm).getByRole('button', { name: 'Disable' }));
  await waitFor(() => expect(within(row75()).queryByText('Disabled')).not.toBeNull());
  expect(rows()).toHaveLength(100);
  expect(screen.getByTestId('list-count').textContent).toBe('100 of 120');

  await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
  await waitFor(() => expect(rows()).toHaveLength(120));
  expect(screen.getByText('Kikundi 120')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();

  await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'vikoba');
  await waitFor(() => expect(rows()).toHaveLength(1));
  expect(rows()[0]!.textContent).toContain('Vikoba vya Pwani');
  // One page holds it all: no count, nothing more to show.
  expect(screen.queryByTestId('list-count')).toBeNull();

  await userEvent.clear(screen.getByRole('searchbox', { name: 'Search' }));
  await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'nothing like it');
  expect(await screen.findByText('No organization matches this search.')).toBeTruthy();
});

it('picks a new company’s organization from beyond the first page by typing its name', async () => {
  const server = await signedInAs({
    'GET /v1/accounting/organizations': paged(organizations),
    'GET /v1/accounting/companies': paged(companies),
  });
  await renderApp('/companies');
  await userEvent.click(await screen.findByRole('button', { name: 'New company' }));
  const dialog = await screen.findByRole('dialog', { name: 'New company' });
  const select = within(dialog).getByLabelText(/^Organization/);
  await userEvent.click(select);
  expect(await screen.findByRole('option', { name: /^Kikundi 001/, hidden: true })).toBeTruthy();
  expect(within(dialog).getByText('Showing 50 of 120: type to narrow.')).toBeTruthy();
  expect(screen.queryByRole('option', { name: /^Vikoba vya Pwani/, hidden: true })).toBeNull();

  await userEvent.type(select, 'pwani');
  const pwani = await screen.findByRole('option', { name: /^Vikoba vya Pwani/, hidden: true });
  // Its owner under its name: two organizations of one name are told apart.
  expect(pwani.textContent).toBe('Vikoba vya PwaniRehema Mushi');
  await userEvent.click(pwani);
  expect((select as HTMLInputElement).value).toBe('Vikoba vya Pwani');
  const searches = server
    .calls('GET', '/v1/accounting/organizations')
    .map((request) => new URL(request.url).searchParams.get('search'));
  expect(searches).toContain('pwani');

  // The other fields are still empty: their errors show, and none for the organization.
  await userEvent.click(within(dialog).getByRole('button', { name: 'Create the company' }));
  await waitFor(() => expect(select.getAttribute('aria-invalid')).not.toBe('true'));
  expect(
    within(dialog)
      .getByLabelText(/^Company name/)
      .getAttribute('aria-invalid'),
  ).toBe('true');
});

it('gives a new operator a company from beyond the first page, with its organization', async () => {
  const server = await signedInAs({
    'GET /v1/accounting/operators': () => json(200, { items: [], total: 0 }),
    'GET /v1/accounting/companies': paged(companies),
    'POST /v1/accounting/operators': async (request) => {
      const body = (await request.json()) as Record<string, string>;
      return json(201, {
        operator: { ...body, id: 'user-1', companyName: 'Duka 077', status: 'active' },
        invitation: 'sent',
      });
    },
  });
  await renderApp('/operators');
  await userEvent.click(await screen.findByRole('button', { name: 'New operator' }));
  const dialog = await screen.findByRole('dialog', { name: 'New operator' });
  await userEvent.type(within(dialog).getByLabelText(/^First name/), 'Juma');
  await userEvent.type(within(dialog).getByLabelText(/^Last name/), 'Hassan');
  await userEvent.type(within(dialog).getByLabelText(/^Username/), 'juma77');
  await userEvent.type(within(dialog).getByLabelText(/^Email/), 'juma@duka77.co.tz');
  await userEvent.type(within(dialog).getByLabelText(/^Mobile number/), '713000111');
  const select = within(dialog).getByLabelText(/^Company/);
  await userEvent.type(select, 'duka 077');
  const duka = await screen.findByRole('option', { name: /^Duka 077/, hidden: true });
  expect(duka.textContent).toBe('Duka 077TIN 100000076');
  await userEvent.click(duka);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Create and invite' }));

  await waitFor(() => expect(server.calls('POST', '/v1/accounting/operators')).toHaveLength(1));
  const [post] = server.calls('POST', '/v1/accounting/operators');
  expect(await post!.json()).toMatchObject({
    companyId: uuid(2, 77),
    organizationId: companies[76]!.organizationId,
  });
});

it('reads older product updates on demand, newest first', async () => {
  const updates = Array.from({ length: 25 }, (_, i) => ({
    id: uuid(3, i + 1),
    name: `Update ${i + 1}`,
    titleEn: `Update number ${number(25 - i)}`,
    titleSw: `Habari namba ${number(25 - i)}`,
    bodyEn: 'Details.',
    bodySw: 'Maelezo.',
    publishedAt: new Date(Date.UTC(2026, 10, 25 - i, 6)).toISOString(),
  }));
  const server = await signedInAs({
    'GET /v1/accounting/product-updates': paged(updates),
  });
  await renderApp('/updates');
  await screen.findByRole('heading', { name: 'Update number 025' });
  expect(screen.getAllByRole('article')).toHaveLength(20);
  expect(screen.getByTestId('list-count').textContent).toBe('20 of 25');
  await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
  expect(await screen.findByRole('heading', { name: 'Update number 001' })).toBeTruthy();
  expect(screen.getAllByRole('article')).toHaveLength(25);
  expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  const offsets = server
    .calls('GET', '/v1/accounting/product-updates')
    .map((request) => new URL(request.url).searchParams.get('offset'));
  expect(offsets).toEqual(['0', '20']);
});

it('chooses the company of a report from beyond the first page, and names it when come back to', async () => {
  // An organization admin of more companies than the largest page.
  const many = Array.from({ length: 250 }, (_, i) => ({
    ...companies[0]!,
    id: uuid(2, i + 1),
    name: `Duka ${number(i + 1)}`,
  }));
  const server = await signedInAs(
    {
      'GET /v1/accounting/companies': paged(many),
      [`GET /v1/accounting/companies/${uuid(2, 240)}`]: () => json(200, many[239]),
      'GET /v1/accounting/reports/invoices': () =>
        json(200, { items: [], cursor: null, counts: [] }),
    },
    organizationAdmin(1),
  );
  const { router } = await renderApp('/invoices-report');
  const picker = await screen.findByLabelText(/^Company/);
  expect((picker as HTMLInputElement).value).toBe('All companies');
  await userEvent.clear(picker);
  await userEvent.type(picker, 'duka 240');
  await userEvent.click(await screen.findByRole('option', { name: /^Duka 240/, hidden: true }));
  await waitFor(() =>
    expect(router.state.location.search).toMatchObject({ company: uuid(2, 240) }),
  );
  await waitFor(() =>
    expect(
      server
        .calls('GET', '/v1/accounting/reports/invoices')
        .map((request) => new URL(request.url).searchParams.get('companyId')),
    ).toContain(uuid(2, 240)),
  );

  // The address names the company; the picker shows its name, not its id.
  await router.navigate({ to: '/dashboard' });
  await router.navigate({ to: '/invoices-report', search: { company: uuid(2, 240) } });
  await waitFor(async () =>
    expect(((await screen.findByLabelText(/^Company/)) as HTMLInputElement).value).toBe('Duka 240'),
  );
});

it('creates an organization admin’s company in their own organization without asking', async () => {
  const server = await signedInAs(
    {
      'GET /v1/accounting/companies': paged(companies.slice(0, 3)),
      'POST /v1/accounting/companies/with-certificate': async (request) => {
        const data = JSON.parse(String((await request.formData()).get('data'))) as object;
        return json(201, {
          company: { ...companies[0], ...data, id: uuid(2, 99) },
          certificate: { status: 'installed' },
        });
      },
    },
    organizationAdmin(7),
  );
  await renderApp('/companies');
  await userEvent.click(await screen.findByRole('button', { name: 'New company' }));
  const dialog = await screen.findByRole('dialog', { name: 'New company' });
  expect(within(dialog).queryByLabelText(/^Organization/)).toBeNull();
  await userEvent.type(within(dialog).getByLabelText(/^Company name/), 'Duka la Pwani');
  await userEvent.type(within(dialog).getByLabelText(/^TIN/), '104220331');
  await userEvent.type(within(dialog).getByLabelText(/^VFD serial number/), '10TZ100781');
  await userEvent.type(within(dialog).getByLabelText(/^Email/), 'pwani@duka.co.tz');
  await userEvent.type(within(dialog).getByLabelText(/^Phone/), '754123456');
  await userEvent.type(within(dialog).getByLabelText(/^Address/), 'Kariakoo, Dar es Salaam');
  await userEvent.upload(
    dialog.querySelector<HTMLInputElement>('input[type="file"]')!,
    new File([new Uint8Array([48, 130])], 'vfd.pfx', { type: 'application/x-pkcs12' }),
  );
  await userEvent.type(within(dialog).getByLabelText(/^Certificate password/), 'siri-ya-tra');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Create the company' }));

  expect(await screen.findByText('Duka la Pwani is created.')).toBeTruthy();
  const [post] = server.calls('POST', '/v1/accounting/companies/with-certificate');
  const data = JSON.parse(String((await post!.formData()).get('data'))) as object;
  expect(data).toMatchObject({ organizationId: uuid(1, 7), name: 'Duka la Pwani' });
});

it('lists an organization’s companies on its dashboard a hundred at a time', async () => {
  const totals = { count: 0, totalIncl: 0, tax: 0, totalExcl: 0 };
  const lines = Array.from({ length: 130 }, (_, i) => ({
    company: { ...companies[0]!, id: uuid(2, i + 1), name: `Duka ${number(i + 1)}` },
    current: totals,
    previous: totals,
    pending: 0,
    rejected: 0,
    vfdStatus: 'registered',
    lastZReport: null,
  }));
  const server = await signedInAs(
    {
      'GET /v1/accounting/reports/companies': (request) => {
        const query = new URL(request.url).searchParams;
        const offset = Number(query.get('offset') ?? 0);
        const limit = Number(query.get('limit'));
        return json(200, {
          generatedAt: '2026-11-29T08:00:00Z',
          period: { firstDay: '2026-11-29', lastDay: '2026-11-29' },
          previousPeriod: { firstDay: '2026-11-28', lastDay: '2026-11-28' },
          items: lines.slice(offset, offset + limit),
          total: lines.length,
        });
      },
    },
    organizationAdmin(1),
  );
  await renderApp('/dashboard');
  await screen.findByText('Duka 001');
  expect(screen.getAllByTestId('company-line')).toHaveLength(100);
  expect(screen.getByTestId('list-count').textContent).toBe('100 of 130');
  await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
  expect(await screen.findByText('Duka 130')).toBeTruthy();
  expect(screen.getAllByTestId('company-line')).toHaveLength(130);
  expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  const offsets = server
    .calls('GET', '/v1/accounting/reports/companies')
    .map((request) => new URL(request.url).searchParams.get('offset'));
  expect(offsets).toEqual([null, '100']);
});

it('reads older receipts to reissue on demand, though the server does not count them', async () => {
  const receipts = Array.from({ length: 60 }, (_, i) => ({
    invoiceId: uuid(4, i + 1),
    companyId: companies[0]!.id,
    companyName: 'Duka 001',
    receiptNumber: 60 - i,
    verificationCode: `A1B2C${number(i + 1)}`,
    date: '2026-11-20',
    time: '10:00:00',
    customerName: `Mteja ${number(60 - i)}`,
    totalIncludingTax: 1_180_000,
    publicId: `public-${i + 1}`,
    traStatus: 'accepted',
    traMessage: null,
    attempts: 1,
  }));
  const server = await signedInAs(
    {
      'GET /v1/accounting/receipt-copies': (request) => {
        const query = new URL(request.url).searchParams;
        const offset = Number(query.get('offset') ?? 0);
        const limit = Number(query.get('limit'));
        const items = receipts.slice(offset, offset + limit);
        return json(200, { items, more: offset + limit < receipts.length });
      },
    },
    organizationAdmin(1),
  );
  await renderApp('/receipt-reissuing');
  await waitFor(() => expect(screen.getAllByTestId('receipt-row')).toHaveLength(50));
  expect(screen.getAllByTestId('receipt-row')[0]!.textContent).toContain('Mteja 060');
  expect(screen.getByTestId('list-count').textContent).toBe('50 shown');
  await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
  await waitFor(() => expect(screen.getAllByTestId('receipt-row')).toHaveLength(60));
  expect(screen.getAllByTestId('receipt-row').at(-1)!.textContent).toContain('Mteja 001');
  expect(screen.getByTestId('list-count').textContent).toBe('60 shown');
  expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  const offsets = server
    .calls('GET', '/v1/accounting/receipt-copies')
    .map((request) => new URL(request.url).searchParams.get('offset'));
  expect(offsets).toEqual(['0', '50']);
});
