// Sign-in, token refresh and password changes. Every function takes the server's Deps and
// runs its writes in one transaction with an audit row.
import crypto from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { errorMessages } from '../../domain/errors';
import type { ChangePasswordInput, LoginInput } from '../../domain/schemas/auth';
import type { SessionUser } from '../../domain/roles';
import type { Deps } from '../context';
import type { DbOrTx } from '../db/client';
import { auditLog, companies, organizations, refreshTokens, users } from '../db/schema';
import { appError } from '../http/app-error';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import {
  clearAttempts,
  LIMITS,
  returnAttempt,
  takeAttempt,
  takeGuardedAttempt,
} from './rate-limit';
import { hashToken, newRefreshToken, REFRESH_TOKEN_DAYS, signAccessToken } from './tokens';

export interface TokenPair {
  token: string;
  refresh_token: string;
}

type UserRow = typeof users.$inferSelect;

export async function sessionUser(db: DbOrTx, userId: string): Promise<SessionUser> {
  const [row] = await db
    .select({ user: users, company: companies })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId));
  if (!row) throw appError(404, 'not_found');
  return toSessionUser(row.user, row.company);
}

export function toSessionUser(
  user: UserRow,
  company: typeof companies.$inferSelect | null,
): SessionUser {
  return {
    id: user.id,
    username: user.username,
    firstname: user.firstName,
    lastname: user.lastName,
    email: user.email,
    mobile: user.mobile,
    role: user.role,
    isAdmin: user.role === 'platform_admin',
    user_type: user.role,
    organization_id: user.organizationId,
    company_id: user.companyId,
    company: company
      ? { id: company.id, name: company.name, tin: company.tin, blockedByTra: company.blockedByTra }
      : null,
    language: user.language,
    changePassword: user.mustChangePassword,
  };
}

/**
 * Opens a session (a refresh-token family) with no refresh token anyone holds, for tools that
 * sign access tokens directly. Returns its id for the token's sid claim.
 */
export async function openSession(db: DbOrTx, userId: string, now: Date): Promise<string> {
  const sid = crypto.randomUUID();
  await db.insert(refreshTokens).values({
    userId,
    familyId: sid,
    tokenHash: hashToken(newRefreshToken()),
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_DAYS * 86_400_000),
    createdAt: now,
  });
  return sid;
}

/** Why the user may not sign in or refresh, the same answers the auth middleware gives. */
async function signInRefusal(
  db: DbOrTx,
  user: UserRow,
): Promise<'account_disabled' | 'company_inactive' | null> {
  if (user.status !== 'active') return 'account_disabled';
  const [row] = await db
    .select({ companyActive: companies.active, organizationActive: organizations.active })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, user.id));
  if (user.companyId && row?.companyActive === false) return 'company_inactive';
  if (user.organizationId && row?.organizationActive === false) {
    return user.role === 'org_admin' ? 'account_disabled' : 'company_inactive';
  }
  return null;
}

/** Starts a new token family for the user (a new sign-in on a device). */
async function issueTokens(
  deps: Deps,
  tx: DbOrTx,
  user: UserRow,
  familyId: string,
): Promise<TokenPair> {
  const now = deps.clock.now();
  const refresh = newRefreshToken();
  await tx.insert(refreshTokens).values({
    userId: user.id,
    familyId,
    tokenHash: hashToken(refresh),
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_DAYS * 86_400_000),
    createdAt: now,
  });
  const token = await signAccessToken(
    deps.secrets.jwtKey,
    { sub: user.id, role: user.role, tv: user.tokenVersion, sid: familyId },
    now,
  );
  return { token, refresh_token: refresh };
}

export async function login(
  deps: Deps,
  input: LoginInput,
  address: string,
): Promise<TokenPair & { user: SessionUser }> {
  const username = input.username.trim().toLowerCase();
  const now = deps.clock.now();
  // Failures are counted per account and address: a stranger guessing elsewhere slows only
  // himself, and the owner's own address keeps working.
  const pairKey = `login:pair:${address}:${username}`;
  const addressKey = `login:addr:${address}`;
  await takeGuardedAttempt(deps.db, pairKey, LIMITS.loginPerPair, now);
  await takeAttempt(deps.db, addressKey, LIMITS.loginPerAddress, now);

  const [user] = await deps.db.select().from(users).where(eq(users.username, username));
  const valid = user
    ? await verifyPassword(user.passwordHash, input.password)
    : (await verifyAgainstDummy(input.password), false);
  if (!user || !valid) throw appError(401, 'invalid_credentials');
  // Only failures use up the address's allowance.
  await returnAttempt(deps.db, addressKey);
  const refusal = await signInRefusal(deps.db, user);
  if (refusal) throw appError(403, refusal);

  return deps.db.transaction(async (tx) => {
    await clearAttempts(tx, pairKey);
    const tokens = await issueTokens(deps, tx, user, crypto.randomUUID());
    await tx.insert(auditLog).values({
      companyId: user.companyId,
      userId: user.id,
      action: 'login',
      entity: 'user',
      entityId: user.id,
      createdAt: now,
    });
    return { ...tokens, user: await sessionUser(tx, user.id) };
  });
}

/**
 * Rotates a refresh token. A token that was already rotated is being replayed, by a thief or
 * a confused client: the whole family is revoked and both parties must sign in again.
 */
export async function refresh(deps: Deps, presented: string): Promise<TokenPair> {
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(presented)))
      .for('update');
    if (!row || row.revokedAt || row.expiresAt <= now) return { error: 'refresh_invalid' as const };
    if (row.rotatedAt) {
      await tx
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
      await tx.insert(auditLog).values({
        userId: row.userId,
        action: 'refresh_reuse_detected',
        entity: 'refresh_token_family',
        entityId: row.familyId,
        createdAt: now,
      });
      return { error: 'refresh_invalid' as const };
    }
    const [user] = await tx.select().from(users).where(eq(users.id, row.userId));
    if (!user) return { error: 'refresh_invalid' as const };
    const refusal = await signInRefusal(tx, user);
    if (refusal) return { error: refusal };
    await tx.update(refreshTokens).set({ rotatedAt: now }).where(eq(refreshTokens.id, row.id));
    return { tokens: await issueTokens(deps, tx, user, row.familyId) };
  });
  if ('tokens' in outcome && outcome.tokens) return outcome.tokens;
  const code = 'error' in outcome && outcome.error ? outcome.error : 'refresh_invalid';
  throw appError(code === 'refresh_invalid' ? 401 : 403, code);
}

/** Ends the device's session: its token family stops working. */
export async function logout(deps: Deps, presented: string): Promise<void> {
  const now = deps.clock.now();
  const [row] = await deps.db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(presented)));
  if (!row) return;
  await deps.db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
}

/**
 * Sets a new password, signs out every other device (token version and refresh families) and
 * returns fresh tokens for the caller.
 */
export async function setPassword(
  deps: Deps,
  tx: DbOrTx,
  userId: string,
  password: string,
  action: string,
): Promise<UserRow> {
  const now = deps.clock.now();
  const passwordHash = await hashPassword(password);
  const [updated] = await tx
    .update(users)
    .set({
      passwordHash,
      mustChangePassword: false,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: now,
    })
    .where(eq(users.id, userId))
    .returning();
  if (!updated) throw appError(404, 'not_found');
  await tx
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  await tx.insert(auditLog).values({
    companyId: updated.companyId,
    userId,
    action,
    entity: 'user',
    entityId: userId,
    createdAt: now,
  });
  return updated;
}

export async function changePassword(
  deps: Deps,
  userId: string,
  input: ChangePasswordInput,
): Promise<TokenPair & { user: SessionUser }> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw appError(404, 'not_found');
  const checkKey = `password-check:user:${userId}`;
  await takeGuardedAttempt(deps.db, checkKey, LIMITS.passwordCheckPerUser, deps.clock.now());
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw appError(400, 'current_password_invalid', {
      fields: { currentPassword: errorMessages.current_password_invalid.id },
    });
  }
  return deps.db.transaction(async (tx) => {
    await clearAttempts(tx, checkKey);
    const updated = await setPassword(deps, tx, userId, input.newPassword, 'password_changed');
    const tokens = await issueTokens(deps, tx, updated, crypto.randomUUID());
    return { ...tokens, user: await sessionUser(tx, userId) };
  });
}

/** The first sign-in's forced change: no current password is asked, only while the flag is set. */
export async function setFirstPassword(
  deps: Deps,
  userId: string,
  newPassword: string,
): Promise<TokenPair & { user: SessionUser }> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw appError(404, 'not_found');
  if (!user.mustChangePassword) throw appError(403, 'forbidden');
  return deps.db.transaction(async (tx) => {
    const updated = await setPassword(deps, tx, userId, newPassword, 'first_password_set');
    const tokens = await issueTokens(deps, tx, updated, crypto.randomUUID());
    return { ...tokens, user: await sessionUser(tx, userId) };
  });
}
