// Which company a request may act on. Company users are bound to their own company; an
// organization admin reaches the companies of their organization; a platform admin reaches all.
import { eq } from 'drizzle-orm';
import type { AuthUser } from '../context';
import type { DbOrTx } from '../db/client';
import { companies } from '../db/schema';
import { appError } from '../http/app-error';
import { UUID } from '../http/id-param';

export async function assertCompanyAccess(
  db: DbOrTx,
  user: AuthUser,
  companyId: string,
): Promise<void> {
  if (user.role === 'platform_admin') return;
  if (user.role === 'company_owner' || user.role === 'operator') {
    if (user.companyId === companyId) return;
    throw appError(403, 'forbidden');
  }
  const [company] = await db
    .select({ organizationId: companies.organizationId })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (company && company.organizationId === user.organizationId) return;
  throw appError(403, 'forbidden');
}

/**
 * The company a company-bound request works in: the user's own, or for admins the one named
 * by the request (checked against their reach). A value that cannot name a company, or names
 * none, is refused like a company out of reach, before any work is done for it.
 */
export async function resolveCompany(
  db: DbOrTx,
  user: AuthUser,
  requested: string | undefined | null,
): Promise<string> {
  if (user.role === 'company_owner' || user.role === 'operator') {
    if (!user.companyId) throw appError(403, 'forbidden');
    if (requested && requested !== user.companyId) throw appError(403, 'forbidden');
    return user.companyId;
  }
  if (!requested) throw appError(400, 'bad_request');
  if (!UUID.test(requested)) throw appError(403, 'forbidden');
  const companyId = requested.toLowerCase();
  if (user.role === 'platform_admin') {
    const [company] = await db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (!company) throw appError(403, 'forbidden');
    return companyId;
  }
  await assertCompanyAccess(db, user, companyId);
  return companyId;
}
