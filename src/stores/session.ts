// The signed-in session: access and refresh tokens, the user and the forced password change
// flag. localStorage is the source of truth (spec §3: keys jwt, user and change-password, plus
// refresh_token), so the app opens signed in without a connection and every tab sees the
// same session; tokens are mirrored in IndexedDB for the service worker.
import { dequal } from 'dequal/lite';
import { create } from 'zustand';
import type { SessionUser } from '../../domain/roles';

// IndexedDB (Dexie) is loaded on first use, keeping it out of the app's first load.
const sessionStore = () => import('../db/session-store');

export const STORAGE_KEYS = {
  token: 'jwt',
  refreshToken: 'refresh_token',
  user: 'user',
  changePassword: 'change-password',
  /** The company an admin chose to work in (the shell's company switcher). */
  actingCompany: 'acting-company',
} as const;

/** A company an admin works in, as the switcher shows it and invoices need it. */
export interface ActingCompany {
  id: string;
  name: string;
  tin: string;
  blockedByTra: boolean;
  organizationId?: string;
}

export interface TokenPair {
  token: string;
  refresh_token: string;
}

export interface SessionState {
  token: string | null;
  refreshToken: string | null;
  user: SessionUser | null;
  /** Spec §2: while true, every navigation goes to /change-password. */
  changePassword: boolean;
  /** Admins only: the company chosen in the switcher, whose screens they use. */
  actingCompany: ActingCompany | null;
}

/**
 * Why the last session on this page ended: the user signed out, the server refused the refresh
 * token, or the server disabled the account. Not stored: another tab's sign-out reads as null.
 */
export type SessionEnd = 'signed-out' | 'refused' | 'disabled' | 'company-inactive';

/** Actions that change tokens resolve once the IndexedDB mirror is written. */
export interface SessionActions {
  signIn(result: TokenPair & { user: SessionUser }): Promise<void>;
  setTokens(pair: TokenPair): Promise<void>;
  setUser(user: SessionUser): void;
  setChangePassword(required: boolean): void;
  /** An admin picks the company to work in (null: none). */
  setActingCompany(company: ActingCompany | null): Promise<void>;
  /** Forgets the session on this device (every tab follows through the storage event). */
  clear(reason?: SessionEnd): Promise<void>;
  /** Re-reads localStorage, e.g. after another tab rotated the tokens. */
  reload(): void;
  /**
   * The server refused the refresh token while a form on screen holds typing not saved: the
   * user stays on the page, no call is made, until they sign in again or leave.
   */
  expire(): void;
}

export type SessionStore = SessionState &
  SessionActions & {
    endedBy: SessionEnd | null;
    /** Set by `expire`, cleared by signing in or out; not stored. */
    expired: boolean;
  };

function parseUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<SessionUser> | null;
    if (value && typeof value.id === 'string' && typeof value.role === 'string') {
      return value as SessionUser;
    }
  } catch {
    /* a damaged value counts as no user */
  }
  return null;
}

/** The company a user works in (owners and operators); null for admins. */
export function userCompanyId(user: SessionUser | null): string | null {
  return user?.company?.id ?? user?.company_id ?? null;
}

/**
 * The company whose records the screens and sync work on: an owner's or operator's own, or
 * the one an admin chose in the switcher.
 */
export function workingCompany(
  state: Pick<SessionState, 'user' | 'actingCompany'>,
): ActingCompany | null {
  const { user } = state;
  if (!user) return null;
  if (user.company) return user.company;
  if (user.company_id) return { id: user.company_id, name: '', tin: '', blockedByTra: false };
  return state.actingCompany;
}

export function workingCompanyId(state: Pick<SessionState, 'user' | 'actingCompany'>) {
  return workingCompany(state)?.id ?? null;
}

function parseActingCompany(raw: string | null): ActingCompany | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<ActingCompany> | null;
    if (value && typeof value.id === 'string' && typeof value.name === 'string') {
      return {
        id: value.id,
        name: value.name,
        tin: value.tin ?? '',
        blockedByTra: value.blockedByTra === true,
        ...(typeof value.organizationId === 'string'
          ? { organizationId: value.organizationId }
          : {}),
      };
    }
  } catch {
    /* a damaged value counts as none */
  }
  return null;
}

export function readStorage(storage: Storage = localStorage): SessionState {
  const token = storage.getItem(STORAGE_KEYS.token);
  const refreshToken = storage.getItem(STORAGE_KEYS.refreshToken);
  const user = parseUser(storage.getItem(STORAGE_KEYS.user));
  const complete = Boolean(token && refreshToken && user);
  const admin = user && !userCompanyId(user);
  return {
    token: complete ? token : null,
    refreshToken: complete ? refreshToken : null,
    user: complete ? user : null,
    changePassword: complete && storage.getItem(STORAGE_KEYS.changePassword) === 'true',
    actingCompany:
      complete && admin ? parseActingCompany(storage.getItem(STORAGE_KEYS.actingCompany)) : null,
  };
}

function mirror(state: SessionState): Promise<void> {
  const { token, refreshToken, user } = state;
  const done = sessionStore().then((store) =>
    token && refreshToken && user
      ? store.writeStoredSession({
          token,
          refreshToken,
          userId: user.id,
          companyId: workingCompanyId(state),
          updatedAt: Date.now(),
        })
      : store.clearStoredSession(),
  );
  return done.catch((error: unknown) => {
    // Private browsing can refuse IndexedDB: the page still works, only the worker cannot replay.
    console.warn('Could not mirror the session in IndexedDB', error);
  });
}

function write(state: SessionState): void {
  const set = (key: string, value: string | null) =>
    value === null ? localStorage.removeItem(key) : localStorage.setItem(key, value);
  set(STORAGE_KEYS.token, state.token);
  set(STORAGE_KEYS.refreshToken, state.refreshToken);
  set(STORAGE_KEYS.user, state.user ? JSON.stringify(state.user) : null);
  set(STORAGE_KEYS.changePassword, state.user ? String(state.changePassword) : null);
  set(
    STORAGE_KEYS.actingCompany,
    state.user && state.actingCompany ? JSON.stringify(state.actingCompany) : null,
  );
}

export const useSession = create<SessionStore>()((set, get) => {
  const commit = (next: SessionState, tokensChanged: boolean): Promise<void> => {
    write(next);
    set(next);
    return tokensChanged ? mirror(next) : Promise.resolve();
  };
  const current = (): SessionState => {
    const { token, refreshToken, user, changePassword, actingCompany } = get();
    return { token, refreshToken, user, changePassword, actingCompany };
  };
  return {
    ...readStorage(),
    endedBy: null,
    expired: false,
    signIn: ({ token, refresh_token, user }) => {
      set({ endedBy: null, expired: false });
      return commit(
        {
          token,
          refreshToken: refresh_token,
          user,
          changePassword: user.changePassword,
          actingCompany: null,
        },
        true,
      );
    },
    setTokens: async ({ token, refresh_token }) => {
      if (!get().user) return;
      await commit({ ...current(), token, refreshToken: refresh_token }, true);
    },
    setUser: (user) => {
      if (!get().token) return;
      const before = current();
      // The user every start reloads is most often the one stored: keeping the stored object
      // spares every screen that reads it a render on a slow phone's start.
      if (dequal(user, before.user) && user.changePassword === before.changePassword) return;
      // The service worker's copy names the company it syncs: rewrite it if that changed.
      const next = { ...before, user, changePassword: user.changePassword };
      if (userCompanyId(user)) next.actingCompany = null;
      void commit(next, workingCompanyId(next) !== workingCompanyId(before));
    },
    setChangePassword: (required) => {
      if (!get().user) return;
      void commit({ ...current(), changePassword: required }, false);
    },
    setActingCompany: async (company) => {
      const { user } = get();
      if (!user || userCompanyId(user)) return;
      await commit({ ...current(), actingCompany: company }, true);
    },
    clear: (reason = 'refused') => {
      set({ endedBy: reason, expired: false });
      return commit(
        { token: null, refreshToken: null, user: null, changePassword: false, actingCompany: null },
        true,
      );
    },
    reload: () => set(readStorage()),
    expire: () => set({ expired: true }),
  };
});

export const isSignedIn = (state: SessionState): boolean => state.user !== null;

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || Object.values<string>(STORAGE_KEYS).includes(event.key)) {
      useSession.getState().reload();
    }
  });
}
