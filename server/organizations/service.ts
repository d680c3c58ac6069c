// Organizations (spec §3): created and enabled or disabled by platform admins; an organization
// admin sees and edits their own. Every change writes an audit row in the same transaction.
import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { OrganizationInput } from '../../domain/schemas/organization';
import type { AuthUser, Deps } from '../context';
import type { DbOrTx } from '../db/client';
import { auditLog, organizations } from '../db/schema';
import { appError } from '../http/app-error';
import { containsPattern } from '../db/contains';

export type OrganizationRow = typeof organizations.$inferSelect;

export interface OrganizationView {
  id: string;
  name: string;
  ownerName: string;
  ownerPhone: string;
  ownerEmail: string;
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

export function organizationView(row: OrganizationRow): OrganizationView {
  return {
    id: row.id,
    name: row.name,
    ownerName: row.ownerName,
    ownerPhone: row.ownerPhone,
    ownerEmail: row.ownerEmail,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Platform admins reach every organization, organization admins their own, nobody else any. */
function assertReach(user: AuthUser, organizationId: string): void {
  if (user.role === 'platform_admin') return;
  if (user.role === 'org_admin' && user.organizationId === organizationId) return;
  throw appError(403, 'forbidden');
}

async function load(db: DbOrTx, id: string): Promise<OrganizationRow> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
  if (!row) throw appError(404, 'not_found');
  return row;
}

export interface OrganizationListQuery {
  search?: string | undefined;
  limit: number;
  offset: number;
}

/** A page of the organizations in reach, by name; search matches name and owner. */
export async function listOrganizations(
  deps: Deps,
  user: AuthUser,
  query: OrganizationListQuery,
): Promise<{ items: OrganizationView[]; total: number }> {
  const filters: (SQL | undefined)[] = [];
  if (user.role === 'org_admin' && user.organizationId) {
    filters.push(eq(organizations.id, user.organizationId));
  } else if (user.role !== 'platform_admin') throw appError(403, 'forbidden');
  const search = query.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
    filters.push(
      or(
        ilike(organizations.name, pattern),
        ilike(organizations.ownerName, pattern),
        ilike(organizations.ownerEmail, pattern),
        ilike(organizations.ownerPhone, pattern),
      ),
    );
  }
  const where = and(...filters);
  const [total] = await deps.db.select({ n: count() }).from(organizations).where(where);
  const rows = await deps.db
    .select()
    .from(organizations)
    .where(where)
    .orderBy(asc(organizations.name), asc(organizations.id))
    .limit(query.limit)
    .offset(query.offset);
  return { items: rows.map(organizationView), total: total?.n ?? 0 };
}

export async function getOrganization(
  deps: Deps,
  user: AuthUser,
  id: string,
): Promise<OrganizationView> {
  assertReach(user, id);
  return organizationView(await load(deps.db, id));
}

export async function createOrganization(
  deps: Deps,
  user: AuthUser,
  input: OrganizationInput,
): Promise<OrganizationView> {
  if (user.role !== 'platform_admin') throw appError(403, 'forbidden');
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(organizations)
      .values({ ...input, createdAt: now, updatedAt: now })
      .returning();
    await tx.insert(auditLog).values({
      userId: user.id,
      action: 'organization_created',
      entity: 'organization',
      entityId: row!.id,
      data: input,
      createdAt: now,
    });
    return organizationView(row!);
  });
}

export async function updateOrganization(
  deps: Deps,
  user: AuthUser,
  id: string,
  input: OrganizationInput,
): Promise<OrganizationView> {
  assertReach(user, id);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await load(tx, id);
    const [row] = await tx
      .update(organizations)
      .set({ ...input, updatedAt: now })
      .where(eq(organizations.id, id))
      .returning();
    await tx.insert(auditLog).values({
      userId: user.id,
      action: 'organization_updated',
      entity: 'organization',
      entityId: id,
      data: input,
      createdAt: now,
    });
    return organizationView(row!);
  });
}

/** Disabling an organization stops its admins at their next request (see auth middleware). */
export async function setOrganizationActive(
  deps: Deps,
  user: AuthUser,
  id: string,
  active: boolean,
): Promise<OrganizationView> {
  if (user.role !== 'platform_admin') throw appError(403, 'forbidden');
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await load(tx, id);
    const [row] = await tx
      .update(organizations)
      .set({ active, updatedAt: now })
      .where(eq(organizations.id, id))
      .returning();
    await tx.insert(auditLog).values({
      userId: user.id,
      action: active ? 'organization_enabled' : 'organization_disabled',
      entity: 'organization',
      entityId: id,
      createdAt: now,
    });
    return organizationView(row!);
  });
}
