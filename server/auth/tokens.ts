// Access tokens are short-lived HS256 JWTs; refresh tokens are random strings kept hashed in
// the database and rotated on every use (see refreshTokens in the schema).
import crypto from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Role } from '../../domain/roles';
import { appError } from '../http/app-error';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_DAYS = 30;

export interface AccessClaims {
  sub: string;
  role: Role;
  /** users.token_version at issue time; a password change invalidates older tokens. */
  tv: number;
  /** The refresh-token family (one signed-in device): signing out or revoking it ends the token. */
  sid: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function signAccessToken(
  key: Uint8Array,
  claims: AccessClaims,
  now: Date,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ role: claims.role, tv: claims.tv, sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_SECONDS)
    .setIssuer('risiti')
    .sign(key);
}

export async function verifyAccessToken(
  key: Uint8Array,
  token: string,
  now: Date,
): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: 'risiti',
      currentDate: now,
      requiredClaims: ['exp', 'sub'],
    });
    // Checked here so that a malformed token is a 401, never a database error.
    if (
      typeof payload.sub !== 'string' ||
      !UUID.test(payload.sub) ||
      typeof payload.sid !== 'string' ||
      !UUID.test(payload.sid) ||
      !Number.isSafeInteger(payload.tv) ||
      typeof payload.role !== 'string'
    ) {
      throw appError(401, 'token_invalid');
    }
    return {
      sub: payload.sub,
      role: payload.role as Role,
      tv: payload.tv as number,
      sid: payload.sid,
    };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw appError(401, 'token_expired');
    if (error instanceof Error && error.name === 'AppError') throw error;
    throw appError(401, 'token_invalid');
  }
}

export function newRefreshToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
