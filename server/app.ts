// The HTTP application: /api/v2 (auth and users), /v1/accounting (business API) and, when no
// TRA_BASE_URL is configured, the TRA simulator. Static files are added by main.ts.
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { errorMessages } from '../domain/errors';
import type { ErrorBody } from '../domain/errors';
import { authRoutes } from './auth/routes';
import { companyRoutes } from './companies/routes';
import { organizationRoutes } from './organizations/routes';
import { traSimClientKey } from './secrets';
import { simulatorProxy } from './tra-sim/host';
import { createTraSimulator } from './tra-sim/simulator';
import { vfdRoutes } from './vfd/routes';
import { customerRoutes } from './customers/routes';
import { productRoutes } from './products/routes';
import { syncBatchRoutes } from './sync/batch';
import { changesRoutes } from './sync/routes';
import { contactRoutes } from './contact/routes';
import { invoiceRoutes } from './invoices/routes';
import { categoryRoutes, vendorRoutes } from './expenses/directory-routes';
import { expenseRoutes } from './expenses/routes';
import { publicReceiptRoutes } from './receipts/routes';
import { operatorRoutes } from './operators/routes';
import { productUpdateRoutes, taxTipRoutes } from './content/routes';
import { paymentRoutes } from './payment/routes';
import { receiptCopyRoutes } from './reissue/routes';
import { potentialClientRoutes, registrationRoutes } from './registration/routes';
import { reportRoutes } from './reports/routes';
import { ussdAccountRoutes, ussdGatewayRoutes } from './ussd/routes';
import { insightRoutes } from './insights/routes';
import { pushRoutes } from './push/routes';
import { integrationRoutes } from './integrations/routes';
import type { AppEnv, Deps } from './context';
import { AppError, appError } from './http/app-error';
import { guardBodies, KB } from './http/body';
import { compressResponses } from './http/compression';
import { PUBLIC_API_PATHS, publicApiCors, securityHeaders } from './http/security-headers';
import { checkQuery, jsonBodyLimit } from './http/validate';
import { localeFromHeader, translate } from './i18n';

export function createApp(deps: Deps) {
  const app = new Hono<AppEnv>();

  // The API's bodies wait for their route's checks; the mounted TRA simulator checks its own
  // client key and limits before it reads (server/tra-sim).
  for (const path of ['/api/*', '/v1/*', '/ussd/*'])
    app.use(
      path,
      guardBodies((where) =>
        deps.log.error('Request body read before its checks', { path: where }),
      ),
    );
  app.use('*', ...securityHeaders({ trustProxy: deps.config.trustProxy }));
  // Before any route, so a preflight is answered without authentication.
  for (const path of PUBLIC_API_PATHS) app.use(path, publicApiCors());
  app.use('*', async (c, next) => {
    c.set('locale', localeFromHeader(c.req.header('accept-language')));
    await next();
  });
  app.use('/api/*', jsonBodyLimit(16 * KB));
  app.use('/api/*', checkQuery());
  app.use('/v1/*', checkQuery());
  app.use('/ussd/*', checkQuery());
  app.use('/api/*', compressResponses());
  app.use('/v1/*', compressResponses());

  app.onError((error, c) => {
    const locale = c.get('locale') ?? 'en';
    if (error instanceof AppError) {
      const body: ErrorBody = {
        code: error.code,
        message: translate(locale, error.text, error.options.values),
      };
      if (error.options.fields) {
        body.fields = Object.fromEntries(
          Object.entries(error.options.fields).map(([field, id]) => [
            field,
            translate(locale, id, error.options.values),
          ]),
        );
      }
      if (error.options.current !== undefined) body.current = error.options.current;
      for (const [name, value] of Object.entries(error.options.headers ?? {}))
        c.header(name, value);
      return c.json(body, error.status);
    }
    if (error instanceof HTTPException) {
      const body: ErrorBody = {
        code: 'bad_request',
        message: translate(locale, errorMessages.bad_request),
      };
      return c.json(body, error.status);
    }
    deps.log.error('Unhandled error', { path: c.req.path, error: String(error?.stack ?? error) });
    const body: ErrorBody = {
      code: 'internal',
      message: translate(locale, errorMessages.internal),
    };
    return c.json(body, 500);
  });

  app.route('/api/v2', authRoutes(deps));
  app.route('/v1/accounting', contactRoutes(deps));

  app.route('/v1/accounting/customers', customerRoutes(deps));
  app.route('/v1/accounting/products', productRoutes(deps));
  app.route('/v1/accounting/invoices', invoiceRoutes(deps));
  app.route('/v1/accounting/expenses', expenseRoutes(deps));
  app.route('/v1/accounting/vendors', vendorRoutes(deps));
  app.route('/v1/accounting/expense-categories', categoryRoutes(deps));
  app.route('/v1/accounting/public/receipts', publicReceiptRoutes(deps));
  app.route('/v1/accounting', changesRoutes(deps));
  // Each entry of a batch runs through the app as the call it stands for.
  app.route(
    '/v1/accounting/sync',
    syncBatchRoutes(deps, (request, env) => Promise.resolve(app.fetch(request, env))),
  );
  app.route('/v1/accounting/reports', reportRoutes(deps));

  app.get('/v1/accounting/health', (c) =>
    c.json({ status: 'ok', database: deps.dbKind, tra: deps.traBaseUrl }),
  );

  // VFD routes first: they share /v1/accounting/companies/* with the company routes.
  app.route('/v1/accounting', vfdRoutes(deps));
  app.route('/v1/accounting/organizations', organizationRoutes(deps));
  app.route('/v1/accounting/companies', companyRoutes(deps));
  app.route('/v1/accounting/operators', operatorRoutes(deps));
  app.route('/v1/accounting/registrations', registrationRoutes(deps));
  app.route('/v1/accounting/potential-clients', potentialClientRoutes(deps));
  app.route('/v1/accounting/tax-tips', taxTipRoutes(deps));
  app.route('/v1/accounting/product-updates', productUpdateRoutes(deps));
  app.route('/v1/accounting/payment', paymentRoutes(deps));
  app.route('/v1/accounting/receipt-copies', receiptCopyRoutes(deps));
  app.route('/v1/accounting/ussd', ussdAccountRoutes(deps));
  app.route('/ussd', ussdGatewayRoutes(deps));
  app.route('/v1/accounting/integrations', integrationRoutes(deps));
  app.route('/v1/accounting/insights', insightRoutes(deps));
  app.route('/v1/accounting/push', pushRoutes(deps));

  if (deps.traSim) {
    app.route('/tra-sim', simulatorProxy(deps.traSim.thread, deps.config.trustProxy));
  } else if (!deps.config.traBaseUrl) {
    const simulator = createTraSimulator({
      db: deps.db,
      clock: deps.clock,
      log: deps.log,
      faults: deps.config.traSimFaults,
      trustProxy: deps.config.trustProxy,
      clientKey: traSimClientKey(deps.secrets),
      ...(deps.config.traSimAdminToken ? { adminToken: deps.config.traSimAdminToken } : {}),
    });
    app.route('/tra-sim', simulator.app);
  }

  app.all('/api/*', () => {
    throw appError(404, 'not_found');
  });
  app.all('/v1/*', () => {
    throw appError(404, 'not_found');
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
