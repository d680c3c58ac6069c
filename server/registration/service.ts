// Registration requests (spec §5 Registration, §8): a business asks for Risiti from the landing
// page, or someone signed in enters one on /new-potential-client. The request is stored, then
// mailed to every active platform admin (retried until it goes out, like contact requests), and
// the applicant is told that activation takes 2 working days. A stranger learns nothing about
// which emails have accounts: a repeated email gets the same answer, and only the mailbox's
// owner is told, by mail, that it is already registered. The platform admin turns a request into
// an organization, its company and the company's owner in one transaction.
import { and, asc, count, desc, eq, ilike, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { errorMessages } from '../../domain/errors';
import type { Locale, Message } from '../../domain/i18n';
import type { Conversion, Registration } from '../../domain/schemas/registration';
import { takeAttempt, type Limit } from '../auth/rate-limit';
import { hashPassword } from '../auth/passwords';
import { createCompany, type CompanyView } from '../companies/service';
import type { AuthUser, Deps } from '../context';
import type { DbOrTx } from '../db/client';
import { auditLog, companies, organizations, potentialClients, users } from '../db/schema';
import { appError } from '../http/app-error';
import { translate } from '../i18n';
import { mailPlatformAdmins, startMailRetry } from '../mail/platform-admins';
import { insertInvitedOwner, inviteOperator, type OperatorView } from '../operators/service';
import { organizationView, type OrganizationView } from '../organizations/service';
import { generatePassword } from '../seed';
import { containsPattern } from '../db/contains';

/** Per address: a shop that got a field wrong can try again; a flood cannot fill the list. */
export const REGISTRATION_LIMIT: Limit = { max: 5, windowMs: 60 * 60_000 };
export const REGISTRATION_MAIL_RETRY_MS = 5 * 60_000;

export const registrationMail = {
  adminSubject: /*i18n*/ { id: 'New registration request: {company}' },
  adminBody: /*i18n*/ {
    id: 'A business asked for Risiti.\n\nName: {name}\nEmail: {email}\nPhone: +255 {phone}\nCompany: {company}\nTIN: {tin}\nPromo code: {promo}\nLanguage: {language}\n\nOpen the potential clients list to set it up: {link}',
  },
  noPromo: /*i18n*/ { id: '(none)' },
  english: /*i18n*/ { id: 'English' },
  swahili: /*i18n*/ { id: 'Kiswahili' },
  receivedSubject: /*i18n*/ { id: 'We received your registration for Risiti' },
  receivedBody: /*i18n*/ {
    id: 'Hello {name},\n\nThank you for registering {company} with Risiti. We will set up your account within 2 working days and send you your sign-in details by email.',
  },
  duplicateSubject: /*i18n*/ { id: 'Your registration for Risiti' },
  duplicateBody: /*i18n*/ {
    id: 'Hello {name},\n\nThe email is already registered! If you already have a Risiti account, sign in at {link}/login or recover your password there. If you registered before, we are setting up your account: it takes 2 working days.',
  },
} satisfies Record<string, Message>;

export type PotentialClientRow = typeof potentialClients.$inferSelect;

export interface PotentialClientView {
  id: string;
  fullName: string;
  email: string;
  phone: string;
  companyName: string;
  tin: string;
  promoCode: string | null;
  language: Locale;
  status: PotentialClientRow['status'];
  enteredBy: string | null;
  organizationId: string | null;
  companyId: string | null;
  ownerId: string | null;
  /** An account already uses this email (conversion would be refused until it is changed). */
  emailRegistered: boolean;
  createdAt: string;
}

function view(row: PotentialClientRow, emailRegistered: boolean): PotentialClientView {
  return {
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    phone: row.phone,
    companyName: row.companyName,
    tin: row.tin,
    promoCode: row.promoCode,
    language: row.language,
    status: row.status,
    enteredBy: row.enteredBy,
    organizationId: row.organizationId,
    companyId: row.companyId,
    ownerId: row.ownerId,
    emailRegistered,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Whether someone has an account with the request's email. The request's column is named with
 * its table: drizzle writes a select's columns bare, and a bare `email` inside the subquery is
 * the user's own, which made every request look registered.
 */
const emailUsed = sql<boolean>`exists (select 1 from ${users} where lower(${users.email}) = lower(${potentialClients}.${sql.identifier(potentialClients.email.name)}))`;

/** Whether the email already has an account or a request still waiting. */
async function isRegistered(db: DbOrTx, email: string): Promise<boolean> {
  const lower = email.toLowerCase();
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, lower));
  if (user) return true;
  const [request] = await db
    .select({ id: potentialClients.id })
    .from(potentialClients)
    .where(
      and(eq(sql`lower(${potentialClients.email})`, lower), eq(potentialClients.status, 'new')),
    );
  return Boolean(request);
}

export interface RegistrationContext {
  address: string;
  locale: Locale;
  baseUrl: string;
  /** Who entered it, when signed in. */
  user: AuthUser | null;
}

/**
 * Stores a registration request and mails it. Answers `{received: true}` whether or not the email
 * was known; only a platform admin entering one is told it is a duplicate (409 email_taken).
 */
export async function register(
  deps: Deps,
  input: Registration,
  context: RegistrationContext,
): Promise<{ received: true; id?: string }> {
  const now = deps.clock.now();
  if (!context.user) {
    const key = `registration:addr:${context.address}`;
    await takeAttempt(deps.db, key, REGISTRATION_LIMIT, now);
  }
  const stored = await deps.db.transaction(async (tx) => {
    if (await isRegistered(tx, input.email)) return null;
    const [row] = await tx
      .insert(potentialClients)
      .values({
        ...input,
        language: context.locale,
        enteredBy: context.user?.id ?? null,
        address: context.address,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(auditLog).values({
      userId: context.user?.id ?? null,
      action: 'registration_received',
      entity: 'potential_client',
      entityId: row!.id,
      createdAt: now,
    });
    return row!;
  });
  if (context.user?.role === 'platform_admin') {
    if (!stored) {
      throw appError(409, 'email_taken', { fields: { email: errorMessages.email_taken.id } });
    }
    await mailAdmins(deps, stored.id, context.baseUrl);
    await mailApplicant(deps, input, context, 'received');
    return { received: true, id: stored.id };
  }
  // Anyone else is answered before the mail goes: a new request mails every platform admin and
  // a known email only its mailbox, and the time of the answer must not tell the two apart. A
  // request whose admins' mail fails is mailed again by the retry round
  // (resendUnmailedRegistrations).
  const mailing = stored
    ? mailAdmins(deps, stored.id, context.baseUrl).then(() =>
        mailApplicant(deps, input, context, 'received'),
      )
    : mailApplicant(deps, input, context, 'duplicate');
  void mailing.catch((error: unknown) =>
    deps.log.error('Registration not mailed', { error: String(error) }),
  );
  return { received: true };
}

async function mailApplicant(
  deps: Deps,
  input: Registration,
  context: RegistrationContext,
  kind: 'received' | 'duplicate',
): Promise<void> {
  const values = { name: input.fullName, company: input.companyName, link: context.baseUrl };
  const [subject, body] =
    kind === 'received'
      ? [registrationMail.receivedSubject, registrationMail.receivedBody]
      : [registrationMail.duplicateSubject, registrationMail.duplicateBody];
  try {
    await deps.mailer.send({
      to: input.email,
      subject: translate(context.locale, subject, values),
      text: translate(context.locale, body, values),
    });
  } catch (error) {
    deps.log.error('Registration answer not mailed', { error: String(error) });
  }
}

function retryDue(now: Date) {
  return or(
    isNull(potentialClients.mailAttemptAt),
    lte(potentialClients.mailAttemptAt, new Date(now.getTime() - REGISTRATION_MAIL_RETRY_MS)),
  );
}

/** Mails a stored request to every active platform admin; one process takes it (one UPDATE). */
async function mailAdmins(deps: Deps, id: string, baseUrl: string): Promise<boolean> {
  const now = deps.clock.now();
  const [request] = await deps.db
    .update(potentialClients)
    .set({ mailAttemptAt: now })
    .where(and(eq(potentialClients.id, id), isNull(potentialClients.mailedAt), retryDue(now)))
    .returning();
  if (!request) return false;
  const delivered = await mailPlatformAdmins(deps, {
    id,
    replyTo: request.email,
    failure: 'Registration request not mailed',
    compose(language) {
      const values = {
        name: request.fullName,
        email: request.email,
        phone: request.phone,
        company: request.companyName,
        tin: request.tin,
        promo: request.promoCode ?? translate(language, registrationMail.noPromo),
        language: translate(
          language,
          request.language === 'sw' ? registrationMail.swahili : registrationMail.english,
        ),
        link: `${baseUrl}/potential-clients`,
      };
      return {
        subject: translate(language, registrationMail.adminSubject, values),
        text: translate(language, registrationMail.adminBody, values),
      };
    },
  });
  if (delivered === 0) return false;
  await deps.db
    .update(potentialClients)
    .set({ mailedAt: deps.clock.now() })
    .where(eq(potentialClients.id, id));
  return true;
}

/** Mails again the requests whose mail did not go out; how many went. */
export async function resendUnmailedRegistrations(
  deps: Deps,
  baseUrl: string,
  limit = 20,
): Promise<number> {
  const due = await deps.db
    .select({ id: potentialClients.id })
    .from(potentialClients)
    .where(and(isNull(potentialClients.mailedAt), retryDue(deps.clock.now())))
    .orderBy(asc(potentialClients.createdAt))
    .limit(limit);
  let mailed = 0;
  for (const { id } of due) if (await mailAdmins(deps, id, baseUrl)) mailed++;
  return mailed;
}

function assertPlatformAdmin(user: AuthUser): void {
  if (user.role !== 'platform_admin') throw appError(403, 'forbidden');
}

export interface PotentialClientQuery {
  status?: PotentialClientRow['status'] | undefined;
  search?: string | undefined;
  limit: number;
  offset: number;
}

export async function listPotentialClients(
  deps: Deps,
  user: AuthUser,
  query: PotentialClientQuery,
): Promise<{ items: PotentialClientView[]; total: number }> {
  assertPlatformAdmin(user);
  const filters: (SQL | undefined)[] = [];
  if (query.status) filters.push(eq(potentialClients.status, query.status));
  const search = query.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
    filters.push(
      or(
        ilike(potentialClients.fullName, pattern),
        ilike(potentialClients.companyName, pattern),
        ilike(potentialClients.email, pattern),
        ilike(potentialClients.phone, pattern),
        ilike(potentialClients.tin, pattern),
      ),
    );
  }
  const where = and(...filters);
  const [total] = await deps.db.select({ n: count() }).from(potentialClients).where(where);
  const rows = await deps.db
    .select({ row: potentialClients, registered: emailUsed })
    .from(potentialClients)
    .where(where)
    .orderBy(desc(potentialClients.createdAt), desc(potentialClients.id))
    .limit(query.limit)
    .offset(query.offset);
  return {
    items: rows.map((r) => view(r.row, Boolean(r.registered))),
    total: total?.n ?? 0,
  };
}

async function loadRequest(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ row: potentialClients, registered: emailUsed })
    .from(potentialClients)
    .where(eq(potentialClients.id, id));
  if (!row) throw appError(404, 'not_found');
  return row;
}

export async function getPotentialClient(
  deps: Deps,
  user: AuthUser,
  id: string,
): Promise<PotentialClientView> {
  assertPlatformAdmin(user);
  const { row, registered } = await loadRequest(deps.db, id);
  return view(row, Boolean(registered));
}

export async function dismissPotentialClient(
  deps: Deps,
  user: AuthUser,
  id: string,
): Promise<PotentialClientView> {
  assertPlatformAdmin(user);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { row, registered } = await loadRequest(tx, id);
    if (row.status !== 'new') throw appError(409, 'potential_client_closed');
    const [updated] = await tx
      .update(potentialClients)
      .set({ status: 'dismissed', updatedAt: now })
      .where(eq(potentialClients.id, id))
      .returning();
    await tx.insert(auditLog).values({
      userId: user.id,
      action: 'registration_dismissed',
      entity: 'potential_client',
      entityId: id,
      createdAt: now,
    });
    return view(updated!, Boolean(registered));
  });
}

export interface ConversionResult {
  potentialClient: PotentialClientView;
  organization: OrganizationView;
  company: CompanyView;
  owner: Pick<OperatorView, 'id' | 'username' | 'email'>;
  invitation: 'sent' | 'failed';
}

/**
 * One action: the organization, its company and the company's owner (invited by mail with a
 * one-time password), and the request marked converted — all or nothing. The company's
 * certificate is installed afterwards by the caller, and may fail on its own.
 */
export async function convertPotentialClient(
  deps: Deps,
  user: AuthUser,
  id: string,
  input: Conversion,
  baseUrl: string,
): Promise<ConversionResult> {
  assertPlatformAdmin(user);
  const now = deps.clock.now();
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const done = await deps.db.transaction(async (tx) => {
    const { row } = await loadRequest(tx, id);
    const [claimed] = await tx
      .update(potentialClients)
      .set({ status: 'converted', updatedAt: now })
      .where(and(eq(potentialClients.id, id), eq(potentialClients.status, 'new')))
      .returning();
    if (!claimed) throw appError(409, 'potential_client_closed');
    const [organization] = await tx
      .insert(organizations)
      .values({ ...input.organization, createdAt: now, updatedAt: now })
      .returning();
    await tx.insert(auditLog).values({
      userId: user.id,
      action: 'organization_created',
      entity: 'organization',
      entityId: organization!.id,
      data: input.organization,
      createdAt: now,
    });
    const company = await createCompany(
      deps,
      user,
      { ...input.company, organizationId: organization!.id },
      tx,
    ).catch((error: unknown) => {
      throw prefixFields(error, 'company');
    });
    const owner = await insertInvitedOwner(
      tx,
      {
        ...input.owner,
        organizationId: organization!.id,
        companyId: company.id,
        language: row.language,
      },
      passwordHash,
      now,
    ).catch((error: unknown) => {
      throw prefixFields(error, 'owner');
    });
    const [updated] = await tx
      .update(potentialClients)
      .set({
        organizationId: organization!.id,
        companyId: company.id,
        ownerId: owner.id,
        updatedAt: now,
      })
      .where(eq(potentialClients.id, id))
      .returning();
    await tx.insert(auditLog).values({
      companyId: company.id,
      userId: user.id,
      action: 'registration_converted',
      entity: 'potential_client',
      entityId: id,
      data: { organizationId: organization!.id, companyId: company.id, ownerId: owner.id },
      createdAt: now,
    });
    return { updated: updated!, organization: organization!, company, owner };
  });
  const [companyRow] = await deps.db
    .select({ id: companies.id, name: companies.name, organizationId: companies.organizationId })
    .from(companies)
    .where(eq(companies.id, done.company.id));
  const sent = await inviteOperator(deps, done.owner, companyRow!, password, { baseUrl });
  return {
    potentialClient: view(done.updated, true),
    organization: organizationView(done.organization),
    company: done.company,
    owner: { id: done.owner.id, username: done.owner.username, email: done.owner.email },
    invitation: sent ? 'sent' : 'failed',
  };
}

/** Field errors of a nested part of the form carry its prefix (`owner.email`). */
function prefixFields(error: unknown, prefix: string): unknown {
  if (!(error && typeof error === 'object' && 'options' in error)) return error;
  const options = (error as { options: { fields?: Record<string, string> } }).options;
  if (options.fields) {
    options.fields = Object.fromEntries(
      Object.entries(options.fields).map(([key, value]) => [`${prefix}.${key}`, value]),
    );
  }
  return error;
}

/** Runs resendUnmailedRegistrations every `intervalMs` until stopped (waits for a run). */
export function startRegistrationMailRetry(deps: Deps, intervalMs = 60_000) {
  return startMailRetry(
    deps,
    () => resendUnmailedRegistrations(deps, deps.config.publicUrl ?? ''),
    'Resending registration requests failed',
    intervalMs,
  );
}
