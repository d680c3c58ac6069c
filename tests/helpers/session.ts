// Access tokens for test users, signed with the test server's key at its current clock time.
import { openSession } from '../../server/auth/service';
import { signAccessToken } from '../../server/auth/tokens';
import { createCompanyWithPeople } from './factories';
import type { TestServer } from './server';

/** Signs a token for a new signed-in device of the user (a refresh-token family of its own). */
export async function tokenFor(
  server: TestServer,
  user: { id: string; role: Parameters<typeof signAccessToken>[1]['role']; tokenVersion?: number },
): Promise<string> {
  const sid = await openSession(server.deps.db, user.id, server.clock.now());
  return signAccessToken(
    server.deps.secrets.jwtKey,
    { sub: user.id, role: user.role, tv: user.tokenVersion ?? 0, sid },
    server.clock.now(),
  );
}

/** A new company with its owner and operator, the operator signed in (`token`). */
export async function signedInCompany(server: TestServer) {
  const people = await createCompanyWithPeople(server.deps.db);
  return { ...people, token: await tokenFor(server, people.operator) };
}
