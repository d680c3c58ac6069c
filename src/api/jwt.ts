import { decodeJwt } from 'jose';

/** Claims the client reads from an access token; it never trusts them for anything but timing. */
export function tokenTimes(token: string): { issuedAt: number; expiresAt: number } | null {
  try {
    const { iat, exp } = decodeJwt(token);
    if (typeof exp !== 'number') return null;
    return { issuedAt: (iat ?? 0) * 1000, expiresAt: exp * 1000 };
  } catch {
    return null;
  }
}

/** Milliseconds the token has left at `now` (server time); 0 for an unreadable token. */
export function timeLeft(token: string, now: number): number {
  const times = tokenTimes(token);
  return times ? times.expiresAt - now : 0;
}
