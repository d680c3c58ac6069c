// The navigation rules of spec §2, as one pure function of the address, the access the
// matched routes declare (their staticData) and the session. The root route applies it before
// every navigation, so a rule cannot be forgotten on a new page.
import { redirect } from '@tanstack/react-router';
import type { Role } from '../../domain/roles';

/**
 * public: anyone. guest: only signed-out people (the login page). signed-in: a session is
 * needed. `roles` narrows signed-in pages to some roles; others are sent to the landing page.
 */
export type Access = 'public' | 'guest' | 'signed-in';

export interface RouteAccess {
  access?: Access;
  roles?: readonly Role[];
  /**
   * The page works on one company's records: owners and operators in their own, admins in the
   * one they chose (an admin who chose none is asked to choose first).
   */
  company?: boolean;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    access?: Access;
    roles?: readonly Role[];
    company?: boolean;
  }
}

export interface GuardSession {
  role: Role | null;
  changePassword: boolean;
  /** The company the user works in (own, or chosen by an admin); null when none. */
  companyId?: string | null;
}

export interface GuardLocation {
  pathname: string;
  /** The raw query, with or without its leading '?'. */
  searchStr: string;
  hash: string;
}

export const HOME_PATH = '/dashboard';
export const LOGIN_PATH = '/login';
export const CHANGE_PASSWORD_PATH = '/change-password';
export const APPS_INTEGRATION_PATH = '/apps-integration';
export const CHOOSE_COMPANY_PATH = '/choose-company';

/** The access of a page is the strictest its matched routes declare (layouts included). */
export function combineAccess(
  declared: readonly (RouteAccess | undefined)[],
): Required<Pick<RouteAccess, 'access'>> & { roles: readonly Role[] | null; company: boolean } {
  let access: Access = 'public';
  let roles: readonly Role[] | null = null;
  let company = false;
  for (const item of declared) {
    if (!item) continue;
    if (item.company) company = true;
    if (item.access === 'signed-in' || item.roles || item.company) access = 'signed-in';
    else if (item.access === 'guest' && access === 'public') access = 'guest';
    if (item.roles) roles = roles ? roles.filter((role) => item.roles!.includes(role)) : item.roles;
  }
  return { access, roles, company };
}

const OAUTH_RETURNS = [
  ['code', 'realmId'],
  ['code', 'state', 'session_state', 'scope'],
] as const;

/** The query of a return from an accounting service's sign-in (spec §2), or null. */
export function oauthReturn(searchStr: string): URLSearchParams | null {
  const query = new URLSearchParams(searchStr);
  for (const names of OAUTH_RETURNS) {
    if (names.every((name) => query.get(name))) {
      const kept = new URLSearchParams();
      for (const name of names) kept.set(name, query.get(name)!);
      // QuickBooks sends its state beside code and realmId; the connection needs it back.
      const state = query.get('state');
      if (state && !kept.has('state')) kept.set('state', state);
      return kept;
    }
  }
  return null;
}

const hrefOf = ({ pathname, searchStr, hash }: GuardLocation) => {
  const search = searchStr && !searchStr.startsWith('?') ? `?${searchStr}` : searchStr;
  const fragment = hash && !hash.startsWith('#') ? `#${hash}` : hash;
  return `${pathname}${search === '?' ? '' : search}${fragment === '#' ? '' : fragment}`;
};

const withNext = (path: string, next: string) =>
  `${path}?${new URLSearchParams({ next }).toString()}`;

/** Where to send the user instead, or null to let the navigation through. */
export function guardNavigation(
  location: GuardLocation,
  route: ReturnType<typeof combineAccess>,
  session: GuardSession,
): string | null {
  const signedIn = session.role !== null;
  const oauth = oauthReturn(location.searchStr);
  if (oauth && location.pathname !== APPS_INTEGRATION_PATH) {
    return `${APPS_INTEGRATION_PATH}?${oauth.toString()}`;
  }
  if (signedIn && session.changePassword && location.pathname !== CHANGE_PASSWORD_PATH) {
    return withNext(CHANGE_PASSWORD_PATH, hrefOf(location));
  }
  if (route.access === 'guest' && signedIn) return HOME_PATH;
  if (route.access === 'signed-in' && !signedIn) return withNext(LOGIN_PATH, hrefOf(location));
  if (route.roles && session.role && !route.roles.includes(session.role)) return '/';
  if (route.company && session.role && !session.companyId) {
    const admin = session.role === 'platform_admin' || session.role === 'org_admin';
    return admin ? withNext(CHOOSE_COMPANY_PATH, hrefOf(location)) : '/';
  }
  return null;
}

/**
 * The page to open after signing in or changing the password: `next` when it is a path of
 * this app (never another site, which would make the login page an open redirect).
 */
export function safeNext(
  next: string | undefined | null,
  origin = 'http://risiti.invalid',
): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) {
    return HOME_PATH;
  }
  try {
    const url = new URL(next, origin);
    if (url.origin !== new URL(origin).origin) return HOME_PATH;
    const path = `${url.pathname}${url.search}${url.hash}`;
    return url.pathname === LOGIN_PATH || url.pathname === CHANGE_PASSWORD_PATH ? HOME_PATH : path;
  } catch {
    return HOME_PATH;
  }
}

interface BeforeLoadInput {
  location: GuardLocation;
  matches: readonly { staticData?: RouteAccess }[];
  session: GuardSession;
}

/** The root route's beforeLoad: throws the router's redirect when a rule applies. */
export function applyGuard({ location, matches, session }: BeforeLoadInput): void {
  const target = guardNavigation(
    location,
    combineAccess(matches.map((match) => match.staticData)),
    session,
  );
  if (target) throw redirect({ href: target, replace: true });
}
