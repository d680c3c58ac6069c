// The session's tokens mirrored in IndexedDB ('risiti-session'), because a service worker
// cannot read localStorage. The page writes here whenever its tokens change; whoever refreshes
// the tokens (page or service worker) must hold TOKEN_REFRESH_LOCK, since the server revokes
// the whole session when a rotated refresh token is presented twice.
import Dexie, { type EntityTable } from 'dexie';

export { TOKEN_REFRESH_LOCK } from './session-lock';

export interface StoredSession {
  id: 'current';
  token: string;
  refreshToken: string;
  userId: string;
  /** The company the user works in: the service worker syncs its outbox. Null for admins. */
  companyId?: string | null;
  /** Date.now() when these tokens were received; the newer copy wins between page and worker. */
  updatedAt: number;
}

class SessionDatabase extends Dexie {
  session!: EntityTable<StoredSession, 'id'>;

  constructor() {
    super('risiti-session');
    this.version(1).stores({ session: 'id' });
  }
}

let database: SessionDatabase | undefined;
const db = () => (database ??= new SessionDatabase());

export async function readStoredSession(): Promise<StoredSession | undefined> {
  return db().session.get('current');
}

export async function writeStoredSession(session: Omit<StoredSession, 'id'>): Promise<void> {
  await db().session.put({ id: 'current', ...session });
}

export async function clearStoredSession(): Promise<void> {
  await db().session.delete('current');
}
