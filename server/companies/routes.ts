// /v1/accounting/companies: list, create, read, edit, enable and disable. The company's VFD
// (certificate, receipts, Z reports) is served by server/vfd/routes.ts.
import { Hono } from 'hono';
import * as v from 'valibot';
import { companySchema } from '../../domain/schemas/company';
import { paidUntilSchema } from '../../domain/schemas/payment';
import { requireAuth, requireRole } from '../auth/middleware';
import type { AppEnv, Deps } from '../context';
import { idParam } from '../http/id-param';
import { KB } from '../http/body';
import { jsonBodyLimit, parseJson, parseWith, readJson } from '../http/validate';
import { companyFormLimit, installAfterCreate, readCompanyForm } from './certificate-form';
import {
  createCompany,
  setPaidUntil,
  getCompany,
  listCompanies,
  manageableCompany,
  setCompanyActive,
  updateCompany,
} from './service';

export const pageQuery = {
  limit: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number), v.minValue(1), v.maxValue(200)),
    '50',
  ),
  offset: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)), '0'),
};

const listQuery = v.object({
  organizationId: v.optional(v.pipe(v.string(), v.uuid())),
  search: v.optional(v.pipe(v.string(), v.maxLength(100))),
  ...pageQuery,
});

export function companyRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use('*', requireAuth(deps), jsonBodyLimit(16 * KB));

  app.get('/', async (c) => {
    const query = parseWith(listQuery, c.req.query());
    return c.json(await listCompanies(deps, c.get('user'), query));
  });

  app.post('/', requireRole('platform_admin', 'org_admin'), async (c) => {
    const input = await parseJson(c, companySchema);
    return c.json(await createCompany(deps, c.get('user'), input), 201);
  });

  /** The Company form with its certificate in one request (multipart: data, file, password). */
  app.post(
    '/with-certificate',
    requireRole('platform_admin', 'org_admin'),
    companyFormLimit(),
    async (c) => {
      const form = await readCompanyForm(c);
      const input = parseWith(companySchema, form.data);
      const created = await createCompany(deps, c.get('user'), input);
      const certificate = await installAfterCreate(c, deps, created.id, form.certificate);
      const company = await getCompany(deps, c.get('user'), created.id);
      return c.json({ company, certificate }, 201);
    },
  );

  app.get('/:id', async (c) => c.json(await getCompany(deps, c.get('user'), idParam(c))));

  app.put('/:id/paid-until', requireRole('platform_admin'), async (c) => {
    const id = idParam(c);
    const input = parseWith(paidUntilSchema, await readJson(c, KB));
    return c.json(await setPaidUntil(deps, c.get('user'), id, input.paidUntil));
  });

  app.put('/:id', async (c) => {
    const id = idParam(c);
    await manageableCompany(deps.db, c.get('user'), id);
    const input = await parseJson(c, companySchema);
    return c.json(await updateCompany(deps, c.get('user'), id, input));
  });

  app.post('/:id/enable', async (c) =>
    c.json(await setCompanyActive(deps, c.get('user'), idParam(c), true)),
  );
  app.post('/:id/disable', async (c) =>
    c.json(await setCompanyActive(deps, c.get('user'), idParam(c), false)),
  );

  return app;
}
