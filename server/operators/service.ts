// The people who work in companies (spec §3 Operator, §4, §5 Operator creation, §6): a platform
// admin manages everyone's, an organization admin those of their organization's companies, a
// company owner the operators of their own company. A person out of reach answers 404 exactly
// like one that does not exist. New people get a one-time password by mail and must choose
// their own at the first sign-in; a person who is not active is refused on every request from
// that moment (server/auth/middleware.ts), and their sessions are ended here as well.
import { and, asc, count, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { eatDate, eatDayStart } from '../../domain/dates';
import { errorMessages } from '../../domain/errors';
import type { Locale } from '../../domain/i18n';
import type { UserStatus } from '../../domain/roles';
import type { Operator, OperatorType } from '../../domain/schemas/user';
import { hashPassword } from '../auth/passwords';
import type { AuthUser, Deps } from '../context';
import type { DbOrTx, Tx } from '../db/client';
import { auditLog, companies, refreshTokens, users } from '../db/schema';
import { appError } from '../http/app-error';
import { generatePassword } from '../seed';
import { sendInvitation } from './invitation';
import { containsPattern } from '../db/contains';

export interface OperatorView {
  id: string;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  mobile: string | null;
  userType: OperatorType;
  status: UserStatus;
  /** The day they started, EAT (YYYY-MM-DD). */
  entranceDay: string;
  organizationId: string;
  companyId: string;
  companyName: string;
  /** Still holds the one-time password of the invitation. */
  invitationPending: boolean;
  createdAt: string;
}

export interface OperatorSaved {
  operator: OperatorView;
  /** Whether the mail server took the invitation (only when one was sent). */
  invitation?: 'sent' | 'failed';
}

type UserRow = typeof users.$inferSelect;
type CompanyRow = Pick<typeof companies.$inferSelect, 'id' | 'name' | 'organizationId'>;

const PEOPLE_ROLES = ['company_owner', 'operator'] as const;

function view(user: UserRow, company: CompanyRow): OperatorView {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    username: user.username,
    email: user.email,
    mobile: user.mobile,
    userType: user.role as OperatorType,
    status: user.status,
    entranceDay: eatDate(user.entranceDay),
    organizationId: company.organizationId,
    companyId: company.id,
    companyName: company.name,
    invitationPending: user.mustChangePassword,
    createdAt: user.createdAt.toISOString(),
  };
}

const companyColumns = {
  id: companies.id,
  name: companies.name,
  organizationId: companies.organizationId,
};

/** The companies' people the user may manage, as a condition on the joined company row. */
function reachFilter(user: AuthUser): SQL | undefined {
  switch (user.role) {
    case 'platform_admin':
      return undefined;
    case 'org_admin':
      return user.organizationId ? eq(companies.organizationId, user.organizationId) : sql`false`;
    case 'company_owner':
      return user.companyId
        ? and(eq(companies.id, user.companyId), eq(users.role, 'operator'))
        : sql`false`;
    default:
      return sql`false`;
  }
}

/** Operators manage nobody: refused outright (their role, not any record, is the reason). */
function assertManager(user: AuthUser): void {
  if (user.role === 'operator') throw appError(403, 'forbidden');
}

async function loadReachable(
  db: DbOrTx,
  user: AuthUser,
  id: string,
): Promise<{ user: UserRow; company: CompanyRow }> {
  const [row] = await db
    .select({ user: users, company: companyColumns })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.id, id), inArray(users.role, PEOPLE_ROLES), reachFilter(user)));
  if (!row) throw appError(404, 'not_found');
  return row;
}

/**
 * The company a new or moved person goes to, if the user may put people there. A company out of
 * reach reads as "choose a company" on the field, never as "it exists but is not yours".
 */
async function targetCompany(
  db: DbOrTx,
  user: AuthUser,
  input: Pick<Operator, 'companyId' | 'organizationId' | 'userType'>,
): Promise<CompanyRow> {
  const [company] = await db
    .select(companyColumns)
    .from(companies)
    .where(eq(companies.id, input.companyId));
  const reachable =
    company &&
    (user.role === 'platform_admin' ||
      (user.role === 'org_admin' && company.organizationId === user.organizationId) ||
      (user.role === 'company_owner' && company.id === user.companyId));
  if (!company || !reachable) {
    throw appError(422, 'validation_failed', {
      fields: { companyId: errorMessages.operator_company_required.id },
    });
  }
  if (company.organizationId !== input.organizationId) {
    throw appError(422, 'validation_failed', {
      fields: { companyId: errorMessages.operator_company_required.id },
    });
  }
  if (user.role === 'company_owner' && input.userType !== 'operator') {
    throw appError(403, 'forbidden', { fields: { userType: errorMessages.forbidden.id } });
  }
  return company;
}

async function assertUnique(
  tx: Tx,
  input: { username: string; email: string },
  exceptId: string | null,
): Promise<void> {
  const notSelf = exceptId ? ne(users.id, exceptId) : undefined;
  const [email] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, input.email.toLowerCase()), notSelf));
  if (email) {
    throw appError(409, 'operator_email_taken', {
      fields: { email: errorMessages.operator_email_taken.id },
    });
  }
  const [name] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.username, input.username), notSelf));
  if (name) {
    throw appError(409, 'username_taken', {
      fields: { username: errorMessages.username_taken.id },
    });
  }
}

/**
 * Revokes the person's refresh tokens, so no device of theirs can get a new access token, even
 * once they are active again. Access tokens already issued are refused by the middleware while
 * the person is not active (403 account_disabled, which the app shows and signs out on).
 */
async function revokeRefreshTokens(tx: Tx, userId: string, now: Date): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** Ends every session of the person: tokens already issued stop at their next request. */
async function endSessions(tx: Tx, userId: string, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));
  await revokeRefreshTokens(tx, userId, now);
}

export interface OperatorListQuery {
  companyId?: string | undefined;
  organizationId?: string | undefined;
  status?: UserStatus | undefined;
  search?: string | undefined;
  limit: number;
  offset: number;
}

export async function listOperators(
  deps: Deps,
  user: AuthUser,
  query: OperatorListQuery,
): Promise<{ items: OperatorView[]; total: number }> {
  assertManager(user);
  const filters: (SQL | undefined)[] = [inArray(users.role, PEOPLE_ROLES), reachFilter(user)];
  if (query.companyId) filters.push(eq(companies.id, query.companyId));
  if (query.organizationId) filters.push(eq(companies.organizationId, query.organizationId));
  if (query.status) filters.push(eq(users.status, query.status));
  const search = query.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
    filters.push(
      or(
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        ilike(users.username, pattern),
        ilike(users.email, pattern),
        ilike(users.mobile, pattern),
      ),
    );
  }
  const where = and(...filters);
  const [total] = await deps.db
    .select({ n: count() })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(where);
  const rows = await deps.db
    .select({ user: users, company: companyColumns })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(where)
    .orderBy(asc(companies.name), asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(query.limit)
    .offset(query.offset);
  return { items: rows.map((row) => view(row.user, row.company)), total: total?.n ?? 0 };
}

export async function getOperator(deps: Deps, user: AuthUser, id: string): Promise<OperatorView> {
  assertManager(user);
  const row = await loadReachable(deps.db, user, id);
  return view(row.user, row.company);
}

export interface MailContext {
  baseUrl: string;
}

/** A new person, active unless said otherwise, invited by mail with a one-time password. */
export async function createOperator(
  deps: Deps,
  user: AuthUser,
  input: Operator,
  mail: MailContext,
): Promise<OperatorSaved> {
  assertManager(user);
  const now = deps.clock.now();
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const created = await deps.db.transaction(async (tx) => {
    const company = await targetCompany(tx, user, input);
    await assertUnique(tx, input, null);
    const [row] = await tx
      .insert(users)
      .values({
        username: input.username,
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        mobile: input.mobile,
        passwordHash,
        role: input.userType,
        organizationId: company.organizationId,
        companyId: company.id,
        status: input.status,
        mustChangePassword: true,
        language: user.language,
        entranceDay: input.entranceDay ? eatDayStart(input.entranceDay) : now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(auditLog).values({
      companyId: company.id,
      userId: user.id,
      action: 'operator_created',
      entity: 'user',
      entityId: row!.id,
      data: { ...input },
      createdAt: now,
    });
    return { user: row!, company };
  });
  const sent = await inviteOperator(deps, created.user, created.company, password, mail);
  return { operator: view(created.user, created.company), invitation: sent ? 'sent' : 'failed' };
}

export function inviteOperator(
  deps: Deps,
  person: UserRow,
  company: CompanyRow,
  password: string,
  mail: MailContext,
): Promise<boolean> {
  return sendInvitation(deps, {
    to: person.email,
    name: person.firstName,
    username: person.username,
    password,
    company: company.name,
    language: person.language as Locale,
    baseUrl: mail.baseUrl,
  });
}

export async function updateOperator(
  deps: Deps,
  user: AuthUser,
  id: string,
  input: Operator,
): Promise<OperatorView> {
  assertManager(user);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const current = await loadReachable(tx, user, id);
    if (id === user.id && input.status !== current.user.status) {
      throw appError(403, 'forbidden', { fields: { status: errorMessages.forbidden.id } });
    }
    const company = await targetCompany(tx, user, input);
    await assertUnique(tx, input, id);
    const [row] = await tx
      .update(users)
      .set({
        username: input.username,
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        mobile: input.mobile,
        role: input.userType,
        organizationId: company.organizationId,
        companyId: company.id,
        status: input.status,
        ...(input.entranceDay ? { entranceDay: eatDayStart(input.entranceDay) } : {}),
        updatedAt: now,
      })
      .where(eq(users.id, id))
      .returning();
    const leftCompany = company.id !== current.company.id;
    if (leftCompany || input.userType !== current.user.role) await endSessions(tx, id, now);
    else if (input.status !== 'active') await revokeRefreshTokens(tx, id, now);
    await tx.insert(auditLog).values({
      companyId: company.id,
      userId: user.id,
      action: 'operator_updated',
      entity: 'user',
      entityId: id,
      data: { ...input },
      createdAt: now,
    });
    return view(row!, company);
  });
}

/** Active, inactive or blocked (spec §4); anything but active ends the person's sessions. */
export async function setOperatorStatus(
  deps: Deps,
  user: AuthUser,
  id: string,
  status: UserStatus,
): Promise<OperatorView> {
  assertManager(user);
  if (id === user.id) throw appError(403, 'forbidden');
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const current = await loadReachable(tx, user, id);
    const [row] = await tx
      .update(users)
      .set({ status, updatedAt: now })
      .where(eq(users.id, id))
      .returning();
    if (status !== 'active') await revokeRefreshTokens(tx, id, now);
    await tx.insert(auditLog).values({
      companyId: current.company.id,
      userId: user.id,
      action: `operator_${status}`,
      entity: 'user',
      entityId: id,
      data: { from: current.user.status, to: status },
      createdAt: now,
    });
    return view(row!, current.company);
  });
}

/**
 * A new one-time password, mailed again (a lost or expired invitation, or a forgotten password
 * the person cannot recover). The old password and every session stop working.
 */
export async function reinviteOperator(
  deps: Deps,
  user: AuthUser,
  id: string,
  mail: MailContext,
): Promise<OperatorSaved> {
  assertManager(user);
  if (id === user.id) throw appError(403, 'forbidden');
  const now = deps.clock.now();
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const updated = await deps.db.transaction(async (tx) => {
    const current = await loadReachable(tx, user, id);
    const [row] = await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: true, updatedAt: now })
      .where(eq(users.id, id))
      .returning();
    await endSessions(tx, id, now);
    await tx.insert(auditLog).values({
      companyId: current.company.id,
      userId: user.id,
      action: 'operator_reinvited',
      entity: 'user',
      entityId: id,
      createdAt: now,
    });
    return { user: row!, company: current.company };
  });
  const sent = await inviteOperator(deps, updated.user, updated.company, password, mail);
  return { operator: view(updated.user, updated.company), invitation: sent ? 'sent' : 'failed' };
}

/** Used by the registration conversion: the owner of a company made in the same transaction. */
export async function insertInvitedOwner(
  tx: Tx,
  input: {
    firstName: string;
    lastName: string;
    username: string;
    email: string;
    mobile: string;
    organizationId: string;
    companyId: string;
    language: Locale;
  },
  passwordHash: string,
  now: Date,
): Promise<UserRow> {
  await assertUnique(tx, input, null);
  const [row] = await tx
    .insert(users)
    .values({
      ...input,
      passwordHash,
      role: 'company_owner',
      mustChangePassword: true,
      entranceDay: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}
