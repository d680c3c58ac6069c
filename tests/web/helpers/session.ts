import type { SessionUser } from '../../../domain/roles';
import { useSession } from '../../../src/stores/session';
import { accessToken } from './jwt';

export function sessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 'user-1',
    username: 'juma',
    firstname: 'Juma',
    lastname: 'Hassan',
    email: 'juma@duka.co.tz',
    mobile: '754000111',
    role: 'operator',
    isAdmin: false,
    user_type: 'operator',
    organization_id: 'org-1',
    company_id: 'company-1',
    company: { id: 'company-1', name: 'Duka la Juma', tin: '123456789', blockedByTra: false },
    language: 'en',
    changePassword: false,
    ...overrides,
  };
}

/** A platform admin, of no organization and working in no company yet. */
export const platformAdmin: Partial<SessionUser> = {
  role: 'platform_admin',
  user_type: 'platform_admin',
  isAdmin: true,
  organization_id: null,
  company_id: null,
  company: null,
};

/** Signs a user in on this (test) device, as the login page would. */
export async function signedIn(
  overrides: Partial<SessionUser> = {},
  tokens: { token?: string; refresh_token?: string } = {},
): Promise<SessionUser> {
  const user = sessionUser(overrides);
  await useSession.getState().signIn({
    token: tokens.token ?? accessToken(),
    refresh_token: tokens.refresh_token ?? 'refresh-1',
    user,
  });
  return user;
}

export async function signedOut(): Promise<void> {
  await useSession.getState().clear();
}
