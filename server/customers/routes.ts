// /v1/accounting/customers: the company's customers, their CSV import and export.
import crypto from 'node:crypto';
import { Hono } from 'hono';
import * as v from 'valibot';
import {
  checkCustomerCsvFile,
  csvMessages,
  CUSTOMER_CSV_MAX_BYTES,
  customersToCsv,
  decodeCsvBytes,
  parseCustomerCsv,
  rowProblemText,
  type CsvFileProblem,
} from '../../domain/customer-csv';
import { eatDate } from '../../domain/dates';
import { customerFieldsSchema } from '../../domain/schemas/customer';
import { uuidSchema } from '../../domain/schemas/record';
import { versionTag } from '../../domain/sync-batch';
import { requireAuth } from '../auth/middleware';
import type { AppEnv, Deps } from '../context';
import { refreshStatistics } from '../db/statistics';
import { AppError, appError } from '../http/app-error';
import { bodyLimit, openBody } from '../http/body';
import { companyContext } from '../http/company';
import { idempotency } from '../http/idempotency';
import { listQuerySchema } from '../http/list-query';
import { expectedVersion, parseWith, readJson } from '../http/validate';
import { translate } from '../i18n';
import {
  customersForExport,
  deleteCustomer,
  getCustomer,
  importCustomers,
  listCustomers,
  saveCustomer,
} from './service';

const JSON_LIMIT = 1024 * 1024;

function fileProblem(problem: CsvFileProblem): AppError {
  return new AppError(422, problem.code, problem.message, {
    values: problem.values,
    fields: { file: problem.message.id },
  });
}

function csvTooLarge(): AppError {
  return new AppError(413, 'csv_too_large', csvMessages.fileTooLarge, {
    values: { megabytes: CUSTOMER_CSV_MAX_BYTES / 1024 / 1024 },
    fields: { file: csvMessages.fileTooLarge.id },
  });
}

/** A path id that is not a UUID names no customer. */
function customerId(id: string): string {
  if (!v.is(uuidSchema, id)) throw appError(404, 'customer_not_found');
  return id;
}

export function customerRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  // Limits are planned here and applied once the company is resolved (idempotency or the route).
  const csvLimit = bodyLimit(CUSTOMER_CSV_MAX_BYTES + 64 * 1024, csvTooLarge);
  const jsonLimit = bodyLimit(JSON_LIMIT);
  app.use('*', (c, next) => (c.req.path.endsWith('/import') ? csvLimit : jsonLimit)(c, next));
  app.use('*', requireAuth(deps), idempotency(deps));

  app.get('/', async (c) => {
    const ctx = await companyContext(c, deps);
    const query = parseWith(listQuerySchema, c.req.query());
    return c.json(await listCustomers(deps.db, ctx.companyId, query));
  });

  app.get('/export', async (c) => {
    const ctx = await companyContext(c, deps);
    const rows = await customersForExport(deps.db, ctx.companyId, c.req.query('search'));
    return c.body(customersToCsv(rows), 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="customers-${eatDate(deps.clock.now())}.csv"`,
    });
  });

  app.post('/import', async (c) => {
    const ctx = await companyContext(c, deps);
    await openBody(c);
    const form = await c.req.formData().catch(() => null);
    const file = form?.get('file');
    const problem = checkCustomerCsvFile(file instanceof File ? file : null);
    if (problem) throw fileProblem(problem);
    const text = decodeCsvBytes(new Uint8Array(await (file as File).arrayBuffer()));
    if (text === null)
      throw fileProblem({ code: 'csv_unreadable', message: csvMessages.unreadable });
    const parsed = parseCustomerCsv(text);
    if (!parsed.ok) throw fileProblem(parsed.problem);
    const outcome = await importCustomers(ctx, parsed.rows, () => crypto.randomUUID());
    if (outcome.imported > 0) await refreshStatistics(deps.db);
    const locale = c.get('locale');
    const failed = [...parsed.problems, ...outcome.problems]
      .sort((a, b) => a.row - b.row)
      .map((p) => ({
        row: p.row,
        column: p.column,
        message: rowProblemText(p, (id, values) => translate(locale, id, values)),
      }));
    return c.json({ total: parsed.total, imported: outcome.imported, failed });
  });

  app.post('/', async (c) => {
    const ctx = await companyContext(c, deps);
    const body = await readJson(c);
    const { id } = parseWith(v.object({ id: v.optional(uuidSchema) }), body);
    const fields = parseWith(customerFieldsSchema, body);
    const result = await saveCustomer(ctx, id ?? crypto.randomUUID(), fields, 'create');
    return c.json(result.customer, result.created ? 201 : 200);
  });

  app.get('/:id', async (c) => {
    const ctx = await companyContext(c, deps);
    const record = await getCustomer(deps.db, ctx.companyId, customerId(c.req.param('id')));
    c.header('ETag', versionTag(record.version));
    return c.json(record);
  });

  app.put('/:id', async (c) => {
    const ctx = await companyContext(c, deps);
    const { id } = parseWith(v.object({ id: uuidSchema }), { id: c.req.param('id') });
    const expected = expectedVersion(c);
    const fields = parseWith(customerFieldsSchema, await readJson(c));
    const result = await saveCustomer(ctx, id, fields, 'upsert', expected);
    c.header('ETag', versionTag(result.customer.version));
    return c.json(result.customer, result.created ? 201 : 200);
  });

  app.delete('/:id', async (c) => {
    const ctx = await companyContext(c, deps);
    await deleteCustomer(ctx, customerId(c.req.param('id')));
    return c.body(null, 204);
  });

  return app;
}
