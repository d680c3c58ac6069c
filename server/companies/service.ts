// Companies (spec §3, §5, §6): platform admins manage all, an organization admin those of their
// organization; the company's own people may read it. A company's TIN and VFD serial identify
// its VFD to TRA, so they are frozen once the VFD is registered, and a serial belongs to one
// company only.
import { and, asc, count, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import { errorMessages } from '../../domain/errors';
import { recordMessages } from '../../domain/record-messages';
import type { CompanyInput } from '../../domain/schemas/company';
import type { AuthUser, Deps } from '../context';
import type { DbOrTx, Tx } from '../db/client';
import { auditLog, companies, organizations, vfds } from '../db/schema';
import { insertStartingCategories } from '../expenses/categories';
import { AppError, appError } from '../http/app-error';
import { containsPattern } from '../db/contains';

export type CompanyRow = typeof companies.$inferSelect;
type VfdState = Pick<typeof vfds.$inferSelect, 'status' | 'registeredAt' | 'certNotAfter'>;

export interface CompanyView {
  id: string;
  organizationId: string;
  name: string;
  tin: string;
  vrn: string | null;
  email: string;
  phone: string;
  address: string;
  serial: string;
  active: boolean;
  blockedByTra: boolean;
  /** Last day (EAT) the subscription is paid for. */
  paidUntil: string | null;
  vfd: {
    status: 'unregistered' | 'registered' | 'inactive';
    registeredAt: string | null;
    certificateExpiresAt: string | null;
  };
  createdAt: string;
  updatedAt: string;
}

export function companyView(row: CompanyRow, vfd: VfdState | null): CompanyView {
  return {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    tin: row.tin,
    vrn: row.vrn,
    email: row.email,
    phone: row.phone,
    address: row.address,
    serial: row.serial,
    active: row.active,
    blockedByTra: row.blockedByTra,
    paidUntil: row.paidUntil,
    vfd: {
      status: vfd ? vfd.status : 'unregistered',
      registeredAt: vfd ? vfd.registeredAt.toISOString() : null,
      certificateExpiresAt: vfd ? vfd.certNotAfter.toISOString() : null,
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const vfdColumns = {
  status: vfds.status,
  registeredAt: vfds.registeredAt,
  certNotAfter: vfds.certNotAfter,
};

async function loadWithVfd(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ company: companies, vfd: vfdColumns })
    .from(companies)
    .leftJoin(vfds, eq(vfds.companyId, companies.id))
    .where(eq(companies.id, id));
  if (!row) throw appError(404, 'not_found');
  return { company: row.company, vfd: row.vfd?.status ? (row.vfd as VfdState) : null };
}

/** Who may change a company: platform admins, and admins of the organization that owns it. */
export function canManage(user: AuthUser, organizationId: string): boolean {
  return (
    user.role === 'platform_admin' ||
    (user.role === 'org_admin' && user.organizationId === organizationId)
  );
}

function canRead(user: AuthUser, company: CompanyRow): boolean {
  return canManage(user, company.organizationId) || user.companyId === company.id;
}

/**
 * Refuses a company the user may not manage: as not found when they may not even read it, so
 * that a foreign company's answer cannot tell it exists; as forbidden when it is their own.
 */
function assertManage(user: AuthUser, company: CompanyRow): void {
  if (!canRead(user, company)) throw appError(404, 'not_found');
  if (!canManage(user, company.organizationId)) throw appError(403, 'forbidden');
}

/** The company, when the user may read it (404 alike for one that does not exist or is not theirs). */
export async function readableCompany(db: DbOrTx, user: AuthUser, id: string): Promise<CompanyRow> {
  const { company } = await loadWithVfd(db, id);
  if (!canRead(user, company)) throw appError(404, 'not_found');
  return company;
}

export async function manageableCompany(
  db: DbOrTx,
  user: AuthUser,
  id: string,
): Promise<CompanyRow> {
  const { company } = await loadWithVfd(db, id);
  assertManage(user, company);
  return company;
}

export interface CompanyListQuery {
  organizationId?: string | undefined;
  search?: string | undefined;
  limit: number;
  offset: number;
}

export async function listCompanies(
  deps: Deps,
  user: AuthUser,
  query: CompanyListQuery,
): Promise<{ items: CompanyView[]; total: number }> {
  const filters: (SQL | undefined)[] = [];
  if (user.role === 'org_admin') {
    if (!user.organizationId) throw appError(403, 'forbidden');
    filters.push(eq(companies.organizationId, user.organizationId));
  } else if (user.role !== 'platform_admin') {
    if (!user.companyId) throw appError(403, 'forbidden');
    filters.push(eq(companies.id, user.companyId));
  }
  if (query.organizationId) filters.push(eq(companies.organizationId, query.organizationId));
  const search = query.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
    filters.push(
      or(
        ilike(companies.name, pattern),
        ilike(companies.tin, pattern),
        ilike(companies.serial, pattern),
      ),
    );
  }
  const where = and(...filters);
  const [total] = await deps.db.select({ n: count() }).from(companies).where(where);
  const rows = await deps.db
    .select({ company: companies, vfd: vfdColumns })
    .from(companies)
    .leftJoin(vfds, eq(vfds.companyId, companies.id))
    .where(where)
    .orderBy(asc(companies.name), asc(companies.id))
    .limit(query.limit)
    .offset(query.offset);
  return {
    items: rows.map((r) => companyView(r.company, r.vfd?.status ? (r.vfd as VfdState) : null)),
    total: total?.n ?? 0,
  };
}

export async function getCompany(deps: Deps, user: AuthUser, id: string): Promise<CompanyView> {
  const { company, vfd } = await loadWithVfd(deps.db, id);
  if (!canRead(user, company)) throw appError(404, 'not_found');
  return companyView(company, vfd);
}

/**
 * A VFD serial names one device: it may belong to one company only. The advisory lock makes
 * the check and the write atomic against a concurrent create or edit with the same serial.
 */
async function assertSerialFree(tx: Tx, serial: string, exceptId: string | null): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`vfd-serial:${serial}`}))`);
  const [taken] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(
      exceptId
        ? and(eq(companies.serial, serial), ne(companies.id, exceptId))
        : eq(companies.serial, serial),
    );
  if (taken) {
    throw appError(409, 'vfd_serial_taken', {
      fields: { serial: errorMessages.vfd_serial_taken.id },
    });
  }
}

async function assertOrganization(tx: Tx, user: AuthUser, organizationId: string): Promise<void> {
  if (!canManage(user, organizationId)) {
    throw new AppError(403, 'forbidden', errorMessages.forbidden, {
      fields: { organizationId: errorMessages.forbidden.id },
    });
  }
  const [organization] = await tx
    .select({ id: organizations.id, active: organizations.active })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!organization) {
    throw appError(422, 'validation_failed', {
      fields: { organizationId: recordMessages.organizationRequired.id },
    });
  }
  // Its people could not sign in: a disabled organization stops every company in it.
  if (!organization.active) {
    throw appError(422, 'validation_failed', {
      fields: { organizationId: recordMessages.organizationDisabled.id },
    });
  }
}

/** Creates a company in its own transaction, or in `outer` when it is part of a larger one. */
export async function createCompany(
  deps: Deps,
  user: AuthUser,
  input: CompanyInput,
  outer?: Tx,
): Promise<CompanyView> {
  const now = deps.clock.now();
  const run = <T>(work: (tx: Tx) => Promise<T>) =>
    outer ? work(outer) : deps.db.transaction(work);
  return run(async (tx) => {
    await assertOrganization(tx, user, input.organizationId);
    await assertSerialFree(tx, input.serial, null);
    const [row] = await tx
      .insert(companies)
      .values({ ...input, createdAt: now, updatedAt: now })
      .returning();
    await insertStartingCategories(tx, row!.id, now);
    await tx.insert(auditLog).values({
      companyId: row!.id,
      userId: user.id,
      action: 'company_created',
      entity: 'company',
      entityId: row!.id,
      data: input,
      createdAt: now,
    });
    return companyView(row!, null);
  });
}

export async function updateCompany(
  deps: Deps,
  user: AuthUser,
  id: string,
  input: CompanyInput,
): Promise<CompanyView> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { company, vfd } = await loadWithVfd(tx, id);
    assertManage(user, company);
    if (input.organizationId !== company.organizationId) {
      await assertOrganization(tx, user, input.organizationId);
    }
    if (vfd && (input.tin !== company.tin || input.serial !== company.serial)) {
      const fields: Record<string, string> = {};
      if (input.tin !== company.tin) fields.tin = errorMessages.vfd_identity_locked.id;
      if (input.serial !== company.serial) fields.serial = errorMessages.vfd_identity_locked.id;
      throw appError(409, 'vfd_identity_locked', { fields });
    }
    if (input.serial !== company.serial) await assertSerialFree(tx, input.serial, id);
    const [row] = await tx
      .update(companies)
      .set({ ...input, updatedAt: now })
      .where(eq(companies.id, id))
      .returning();
    await tx.insert(auditLog).values({
      companyId: id,
      userId: user.id,
      action: 'company_updated',
      entity: 'company',
      entityId: id,
      data: input,
      createdAt: now,
    });
    return companyView(row!, vfd);
  });
}

/**
 * Disabling a company stops its people at their next request. Receipts it already issued stay
 * in the queue and still go to TRA.
 */
export async function setCompanyActive(
  deps: Deps,
  user: AuthUser,
  id: string,
  active: boolean,
): Promise<CompanyView> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { company, vfd } = await loadWithVfd(tx, id);
    assertManage(user, company);
    const [row] = await tx
      .update(companies)
      .set({ active, updatedAt: now })
      .where(eq(companies.id, id))
      .returning();
    await tx.insert(auditLog).values({
      companyId: id,
      userId: user.id,
      action: active ? 'company_enabled' : 'company_disabled',
      entity: 'company',
      entityId: id,
      createdAt: now,
    });
    return companyView(row!, vfd);
  });
}

/** The day a company's subscription is paid until (platform admins only; null: not paid). */
export async function setPaidUntil(
  deps: Deps,
  user: AuthUser,
  id: string,
  paidUntil: string | null,
): Promise<CompanyView> {
  if (user.role !== 'platform_admin') throw appError(403, 'forbidden');
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { vfd } = await loadWithVfd(tx, id);
    const [row] = await tx
      .update(companies)
      .set({ paidUntil, updatedAt: now })
      .where(eq(companies.id, id))
      .returning();
    await tx.insert(auditLog).values({
      companyId: id,
      userId: user.id,
      action: 'company_paid_until_set',
      entity: 'company',
      entityId: id,
      data: { paidUntil },
      createdAt: now,
    });
    return companyView(row!, vfd);
  });
}
