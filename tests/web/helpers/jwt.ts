// Access tokens shaped like the server's (the client reads their times, never their signature).
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

let serial = 0;

/** A token issued at `issuedAt` (ms) that expires `lifetimeMs` later. */
export function accessToken(issuedAt = Date.now(), lifetimeMs = 15 * 60_000): string {
  const iat = Math.floor(issuedAt / 1000);
  const exp = Math.floor((issuedAt + lifetimeMs) / 1000);
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ sub: 'u1', iat, exp, n: serial++ })}.signature`;
}
