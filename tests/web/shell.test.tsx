import { msg } from '@lingui/core/macro';
import { screen, within } from '@testing-library/react';
import { IconBuilding } from '@tabler/icons-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scrollToAnchor, SCROLL_OFFSET_PX } from '../../src/app/scroll';
import { navFor, type NavItem } from '../../src/app/shell/nav';
import { json, stubServer } from './helpers/fetch';
import { renderApp } from './helpers/render-app';
import { signedIn, signedOut } from './helpers/session';

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await signedOut();
});

describe('navigation by role (spec §6)', () => {
  it('lists an item for the roles it names, and company pages only while in a company', () => {
    const items: NavItem[] = [
      { to: '/dashboard', label: msg`Dashboard`, icon: IconBuilding },
      { to: '/companies', label: msg`Companies`, icon: IconBuilding, roles: ['platform_admin'] },
      { to: '/invoices', label: msg`Invoices`, icon: IconBuilding, company: true },
    ];
    const paths = (list: NavItem[]) => list.map((item) => item.to);
    expect(paths(navFor('platform_admin', false, items))).toEqual(['/dashboard', '/companies']);
    expect(paths(navFor('platform_admin', true, items))).toEqual([
      '/dashboard',
      '/companies',
      '/invoices',
    ]);
    expect(paths(navFor('operator', true, items))).toEqual(['/dashboard', '/invoices']);
    const operatorMenu = paths(navFor('operator', true));
    expect(operatorMenu).toEqual([
      '/dashboard',
      '/invoices',
      '/new-invoice',
      '/customers',
      '/products',
      '/expenses',
      '/vendors',
      '/expenses-report',
      '/sales',
      '/payment',
      '/updates',
      '/help/user-manual',
      '/ussd',
      '/auth-ussd',
      '/profile',
    ]);
    expect(paths(navFor('company_owner', true))).toEqual(
      expect.arrayContaining([
        '/welcome',
        '/company',
        '/operator',
        '/developer/documentation/api/auth',
        '/apps-integration',
      ]),
    );
    expect(paths(navFor('org_admin', true))).toContain('/apps-integration');
    expect(paths(navFor('org_admin', false))).not.toContain('/apps-integration');
    expect(paths(navFor('org_admin', false))).toContain('/developer/documentation/api/auth');
    expect(paths(navFor('org_admin', false))).not.toContain('/invoices');
    expect(paths(navFor('platform_admin', false))).not.toContain('/ussd');
  });

  it("shows the user's menu, company and today's date in East Africa Time", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 22:30 UTC on 31 December is already 1 January in Dar es Salaam.
    vi.setSystemTime(new Date('2026-12-31T22:30:00Z'));
    try {
      const user = await signedIn({ role: 'company_owner', user_type: 'company_owner' });
      stubServer({ 'GET /api/v2/user/me': () => json(200, user) });
      await renderApp('/dashboard');
      const menu = await screen.findByRole('navigation', { name: 'Main menu' });
      const links = within(menu).getAllByRole('link');
      expect(links.map((link) => link.textContent)).toEqual([
        'Dashboard',
        'First steps',
        'Invoices',
        'New invoice',
        'Customers',
        'Products and services',
        'Expenses',
        'Vendors',
        'Expenses report',
        'Sales report',
        'Invoices report',
        'Company',
        'Operators',
        'Payment',
        'What is new',
        'User manual',
        'USSD channel',
        'USSD PIN',
        'API documentation',
        'Apps integration',
        'Profile',
      ]);
      expect(screen.getByTestId('company-name').textContent).toBe('Duka la Juma');
      expect(screen.getByTestId('today').textContent).toBe('Friday, 1 January 2027');
      expect(screen.getByText('Company owner')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows a blocked company the TRA message', async () => {
    const user = await signedIn({
      company: { id: 'c1', name: 'Duka', tin: '123456789', blockedByTra: true },
    });
    stubServer({ 'GET /api/v2/user/me': () => json(200, user) });
    await renderApp('/dashboard');
    await screen.findByText(
      'Your account has been blocked by TRA. Please contact us for more details.',
    );
  });
});

describe('the menu on a phone', () => {
  it('draws its links just after the page', async () => {
    const phone = (query: string) =>
      ({
        matches: query.includes('max-width'),
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
      }) as unknown as MediaQueryList;
    vi.spyOn(window, 'matchMedia').mockImplementation(phone);
    const user = await signedIn({ role: 'operator', user_type: 'operator' });
    stubServer({ 'GET /api/v2/user/me': () => json(200, user) });
    await renderApp('/dashboard');
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(menu).queryAllByRole('link')).toHaveLength(0);
    const links = await within(menu).findAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(
      expect.arrayContaining(['Dashboard', 'Invoices', 'New invoice', 'Profile']),
    );
  });
});

describe('anchors', () => {
  it('scroll to the element 100 px below the top', () => {
    const target = document.createElement('section');
    target.id = 'vat-registration';
    document.body.append(target);
    vi.spyOn(target, 'getBoundingClientRect').mockReturnValue({ top: 640 } as DOMRect);
    Object.defineProperty(window, 'scrollY', { value: 200, configurable: true });
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    expect(scrollToAnchor('#vat-registration')).toBe(true);
    expect(scrollTo).toHaveBeenCalledWith({ top: 840 - SCROLL_OFFSET_PX, left: 0 });
    expect(scrollToAnchor('#missing')).toBe(false);
    target.remove();
  });
});

describe('not found', () => {
  it('answers any other path with the not-found page', async () => {
    stubServer({});
    await renderApp('/no/such/page');
    await screen.findByText('Page not found');
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe(
      '/',
    );
  });
});
