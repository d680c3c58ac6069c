// Access tokens for test users, signed with the test server's key at its current clock time.
import { signAccessToken } from '../../server/auth/tokens';
import type { TestServer } from './server';

export function tokenFor(
  server: TestServer,
  user: { id: string; role: Parameters<typeof signAccessToken>[1]['role']; tokenVersion?: number },
): Promise<string> {
  return signAccessToken(
    server.deps.secrets.jwtKey,
    { sub: user.id, role: user.role, tv: user.tokenVersion ?? 0 },
    server.clock.now(),
  );
}
