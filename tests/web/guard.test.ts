import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import {
  combineAccess,
  guardNavigation,
  safeNext,
  type GuardSession,
  type RouteAccess,
} from '../../src/app/guard';
import { createAppRouter } from '../../src/app/router';
import { signedIn } from './helpers/session';

const at = (href: string) => {
  const url = new URL(href, 'http://risiti.test');
  return { pathname: url.pathname, searchStr: url.search, hash: url.hash.replace(/^#/, '') };
};
const anonymous: GuardSession = { role: null, changePassword: false };
const operator: GuardSession = { role: 'operator', changePassword: false };
const admin: GuardSession = { role: 'platform_admin', changePassword: false };
const firstLogin: GuardSession = { role: 'operator', changePassword: true };

const publicPage = combineAccess([{ access: 'public' }]);
const loginPage = combineAccess([{ access: 'public' }, { access: 'guest' }]);
const appPage = combineAccess([{ access: 'signed-in' }, undefined]);
const adminPage = combineAccess([{ access: 'signed-in' }, { roles: ['platform_admin'] }]);

describe('navigation rules (spec §2)', () => {
  it('sends every navigation to /change-password while the flag is set, carrying the next URL', () => {
    expect(guardNavigation(at('/profile?tab=2#phone'), appPage, firstLogin)).toBe(
      '/change-password?next=%2Fprofile%3Ftab%3D2%23phone',
    );
    expect(guardNavigation(at('/tax-tips'), publicPage, firstLogin)).toBe(
      '/change-password?next=%2Ftax-tips',
    );
    expect(guardNavigation(at('/change-password?next=/profile'), appPage, firstLogin)).toBeNull();
  });

  it('sends a signed-in user who opens /login to /dashboard', () => {
    expect(guardNavigation(at('/login'), loginPage, operator)).toBe('/dashboard');
    expect(guardNavigation(at('/login'), loginPage, anonymous)).toBeNull();
  });

  it('sends an anonymous user on a protected page to /login with the next URL', () => {
    expect(guardNavigation(at('/dashboard'), appPage, anonymous)).toBe('/login?next=%2Fdashboard');
    expect(guardNavigation(at('/dashboard'), appPage, operator)).toBeNull();
    expect(guardNavigation(at('/help'), publicPage, anonymous)).toBeNull();
  });

  it('sends a non-admin on an admin page to the landing page', () => {
    expect(guardNavigation(at('/companies'), adminPage, operator)).toBe('/');
    expect(guardNavigation(at('/companies'), adminPage, { ...operator, role: 'org_admin' })).toBe(
      '/',
    );
    expect(guardNavigation(at('/companies'), adminPage, admin)).toBeNull();
    expect(guardNavigation(at('/companies'), adminPage, anonymous)).toBe(
      '/login?next=%2Fcompanies',
    );
  });

  it('asks an admin to choose a company before a company page, and lets them in once chosen', () => {
    const companyPage = combineAccess([{ access: 'signed-in' }, { company: true }]);
    expect(guardNavigation(at('/invoices?status=draft'), companyPage, admin)).toBe(
      '/choose-company?next=%2Finvoices%3Fstatus%3Ddraft',
    );
    expect(
      guardNavigation(at('/invoices'), companyPage, { ...admin, companyId: 'c-1' }),
    ).toBeNull();
    expect(
      guardNavigation(at('/invoices'), companyPage, { ...operator, companyId: 'c-1' }),
    ).toBeNull();
    expect(guardNavigation(at('/invoices'), companyPage, operator)).toBe('/');
    expect(guardNavigation(at('/invoices'), companyPage, anonymous)).toBe(
      '/login?next=%2Finvoices',
    );
  });

  it('keeps the state QuickBooks sends beside its code and realm', () => {
    expect(guardNavigation(at('/?code=abc&state=s9&realmId=9130'), publicPage, operator)).toBe(
      '/apps-integration?code=abc&realmId=9130&state=s9',
    );
  });

  it('sends the return from an accounting service to /apps-integration with its values', () => {
    expect(guardNavigation(at('/?code=abc&realmId=9130&extra=1'), publicPage, operator)).toBe(
      '/apps-integration?code=abc&realmId=9130',
    );
    expect(
      guardNavigation(
        at('/dashboard?code=c1&state=s1&session_state=ss&scope=openid%20profile'),
        appPage,
        operator,
      ),
    ).toBe('/apps-integration?code=c1&state=s1&session_state=ss&scope=openid+profile');
    expect(guardNavigation(at('/?code=abc&state=s1'), publicPage, operator)).toBeNull();
    expect(
      guardNavigation(at('/apps-integration?code=abc&realmId=9130'), appPage, operator),
    ).toBeNull();
  });

  it('takes the strictest access the matched routes declare', () => {
    const declared: (RouteAccess | undefined)[] = [undefined, { access: 'public' }];
    expect(combineAccess(declared)).toEqual({ access: 'public', roles: null, company: false });
    expect(combineAccess([{ access: 'signed-in' }, { access: 'public' }]).access).toBe('signed-in');
    expect(
      combineAccess([{ roles: ['platform_admin', 'org_admin'] }, { roles: ['org_admin'] }]),
    ).toEqual({ access: 'signed-in', roles: ['org_admin'], company: false });
  });
});

describe('the page after signing in', () => {
  it('goes to next only when it is a path of this app', () => {
    expect(safeNext('/profile?tab=password#top')).toBe('/profile?tab=password#top');
    expect(safeNext(undefined)).toBe('/dashboard');
    for (const outside of [
      'https://evil.example/login',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'dashboard',
    ]) {
      expect(safeNext(outside)).toBe('/dashboard');
    }
    expect(safeNext('/login?next=/profile')).toBe('/dashboard');
  });
});

describe("the app's routes", () => {
  const open = async (path: string) => {
    const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
    await router.load();
    return router.state.location;
  };

  it('guards the signed-in pages', async () => {
    expect((await open('/dashboard')).href).toBe('/login?next=%2Fdashboard');
    expect((await open('/profile')).href).toBe('/login?next=%2Fprofile');
    expect((await open('/change-password')).href).toBe('/login?next=%2Fchange-password');
    expect((await open('/help/FAQs')).pathname).toBe('/help/FAQs');
  });

  it('lets a signed-in user in, and keeps them off the login page', async () => {
    await signedIn();
    expect((await open('/profile')).pathname).toBe('/profile');
    expect((await open('/login')).pathname).toBe('/dashboard');
  });

  it('holds a user who must change the password on /change-password', async () => {
    await signedIn({ changePassword: true });
    expect((await open('/dashboard')).href).toBe('/change-password?next=%2Fdashboard');
    expect((await open('/contact-us')).href).toBe('/change-password?next=%2Fcontact-us');
  });
});
