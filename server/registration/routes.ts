// Registration requests: the public form (POST /v1/accounting/registrations, no sign-in, limited
// per address), and /v1/accounting/potential-clients — entered by anyone signed in, listed,
// dismissed and turned into a business by the platform admin.
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { errorMessages } from '../../domain/errors';
import { conversionSchema, registrationSchema } from '../../domain/schemas/registration';
import { requireAuth, requireRole } from '../auth/middleware';
import {
  companyFormLimit,
  installAfterCreate,
  readCompanyForm,
} from '../companies/certificate-form';
import { getCompany } from '../companies/service';
import { pageQuery } from '../companies/routes';
import type { AppEnv, Deps } from '../context';
import { clientAddress } from '../http/address';
import { AppError } from '../http/app-error';
import { idParam } from '../http/id-param';
import { jsonBodyLimit, parseWith, readJson } from '../http/validate';
import { publicBaseUrl } from '../invoices/routes';
import {
  convertPotentialClient,
  dismissPotentialClient,
  getPotentialClient,
  listPotentialClients,
  register,
} from './service';

const REGISTRATION_BODY_LIMIT = 16 * 1024;

const listQuery = v.object({
  status: v.optional(v.picklist(['new', 'converted', 'dismissed'])),
  search: v.optional(v.pipe(v.string(), v.maxLength(100), v.excludes('\u0000'))),
  ...pageQuery,
});

/** Spec §8: a refused registration says 'Registration failed! …', with each field's message. */
async function readRegistration(c: Context<AppEnv>) {
  const body = await readJson(c);
  try {
    return parseWith(registrationSchema, body);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    throw new AppError(422, 'registration_failed', errorMessages.registration_failed, {
      ...(error.options.fields ? { fields: error.options.fields } : {}),
    });
  }
}

export function registrationRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.post('/', jsonBodyLimit(REGISTRATION_BODY_LIMIT), async (c) => {
    const input = await readRegistration(c);
    const answer = await register(deps, input, {
      address: clientAddress(c, deps.config.trustProxy),
      locale: c.get('locale'),
      baseUrl: publicBaseUrl(c, deps),
      user: null,
    });
    return c.json(answer, 201);
  });
  return app;
}

export function potentialClientRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use('*', requireAuth(deps));
  const admin = requireRole('platform_admin');

  app.post('/', jsonBodyLimit(REGISTRATION_BODY_LIMIT), async (c) => {
    const input = await readRegistration(c);
    const answer = await register(deps, input, {
      address: clientAddress(c, deps.config.trustProxy),
      locale: c.get('locale'),
      baseUrl: publicBaseUrl(c, deps),
      user: c.get('user'),
    });
    return c.json(answer, 201);
  });

  app.get('/', admin, async (c) => {
    const query = parseWith(listQuery, c.req.query());
    return c.json(await listPotentialClients(deps, c.get('user'), query));
  });

  app.get('/:id', admin, async (c) =>
    c.json(await getPotentialClient(deps, c.get('user'), idParam(c))),
  );

  app.post('/:id/dismiss', admin, async (c) =>
    c.json(await dismissPotentialClient(deps, c.get('user'), idParam(c))),
  );

  /** Multipart: `data` (organization, company, owner as JSON), optional `file` and `password`. */
  app.post('/:id/convert', admin, companyFormLimit(), async (c) => {
    const id = idParam(c);
    const form = await readCompanyForm(c);
    const input = parseWith(conversionSchema, form.data);
    const user = c.get('user');
    const result = await convertPotentialClient(deps, user, id, input, publicBaseUrl(c, deps));
    const certificate = await installAfterCreate(c, deps, result.company.id, form.certificate);
    const company = await getCompany(deps, user, result.company.id);
    return c.json({ ...result, company, certificate }, 201);
  });

  return app;
}
