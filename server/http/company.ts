// The company a business request acts on, resolved once per request: the user's own company,
// or for an admin the one named by ?companyId= (checked against their reach).
import type { Context } from 'hono';
import { resolveCompany } from '../auth/company-access';
import type { AppEnv, Deps } from '../context';

export interface CompanyContext {
  deps: Deps;
  userId: string;
  companyId: string;
}

export async function companyContext(c: Context<AppEnv>, deps: Deps): Promise<CompanyContext> {
  const user = c.get('user');
  const companyId = await resolveCompany(deps.db, user, c.req.query('companyId'));
  return { deps, userId: user.id, companyId };
}
