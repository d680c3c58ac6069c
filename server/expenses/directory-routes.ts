// /v1/accounting/vendors and /v1/accounting/expense-categories: the lists an expense chooses
// from. Both are saved whole by the phone (PUT of its id), activated and inactivated by saving
// them with `active` changed, and never deleted. A PUT may name the version it changed
// (If-Match), and is then refused with the stored record if another device changed it since.
import crypto from 'node:crypto';
import { Hono } from 'hono';
import * as v from 'valibot';
import { m } from '../../domain/messages';
import { expenseCategorySchema } from '../../domain/schemas/expense-category';
import { vendorSchema } from '../../domain/schemas/vendor';
import type { AppEnv, Deps } from '../context';
import { listQuerySchema } from '../http/list-query';
import { versionTag } from '../../domain/sync-batch';
import { expectedVersion, parseWith, readJson } from '../http/validate';
import { expenseModule, moduleContext, pathId } from './access';
import { categoryNotFound, getCategory, listCategories, saveCategory } from './categories';
import { getVendor, listVendors, saveVendor, vendorNotFound } from './vendors';

const directoryListSchema = v.object({
  ...listQuerySchema.entries,
  search: v.optional(v.pipe(v.string(), v.maxLength(100, m.fieldInvalid.id))),
  active: v.optional(
    v.pipe(
      v.picklist(['true', 'false'], m.fieldInvalid.id),
      v.transform((value) => value === 'true'),
    ),
  ),
});

export function vendorRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use('*', ...expenseModule(deps));

  app.get('/', async (c) => {
    const ctx = await moduleContext(c, deps);
    return c.json(
      await listVendors(deps.db, ctx.companyId, parseWith(directoryListSchema, c.req.query())),
    );
  });

  app.post('/', async (c) => {
    const ctx = await moduleContext(c, deps);
    const { id, ...fields } = parseWith(vendorSchema, await readJson(c));
    const result = await saveVendor(ctx, id ?? crypto.randomUUID(), fields, 'create');
    return c.json(result.vendor, result.created ? 201 : 200);
  });

  app.get('/:id', async (c) => {
    const ctx = await moduleContext(c, deps);
    const record = await getVendor(deps.db, ctx.companyId, pathId(c, 'id', vendorNotFound));
    c.header('ETag', versionTag(record.version));
    return c.json(record);
  });

  app.put('/:id', async (c) => {
    const ctx = await moduleContext(c, deps);
    const id = pathId(c, 'id', vendorNotFound);
    const expected = expectedVersion(c);
    const { id: _ignored, ...fields } = parseWith(vendorSchema, await readJson(c));
    const result = await saveVendor(ctx, id, fields, 'upsert', expected);
    c.header('ETag', versionTag(result.vendor.version));
    return c.json(result.vendor, result.created ? 201 : 200);
  });

  return app;
}

export function categoryRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use('*', ...expenseModule(deps));

  app.get('/', async (c) => {
    const ctx = await moduleContext(c, deps);
    return c.json(
      await listCategories(deps.db, ctx.companyId, parseWith(directoryListSchema, c.req.query())),
    );
  });

  app.post('/', async (c) => {
    const ctx = await moduleContext(c, deps);
    const { id, ...fields } = parseWith(expenseCategorySchema, await readJson(c));
    const result = await saveCategory(ctx, id ?? crypto.randomUUID(), fields, 'create');
    return c.json(result.category, result.created ? 201 : 200);
  });

  app.get('/:id', async (c) => {
    const ctx = await moduleContext(c, deps);
    const record = await getCategory(deps.db, ctx.companyId, pathId(c, 'id', categoryNotFound));
    c.header('ETag', versionTag(record.version));
    return c.json(record);
  });

  app.put('/:id', async (c) => {
    const ctx = await moduleContext(c, deps);
    const id = pathId(c, 'id', categoryNotFound);
    const expected = expectedVersion(c);
    const { id: _ignored, ...fields } = parseWith(expenseCategorySchema, await readJson(c));
    const result = await saveCategory(ctx, id, fields, 'upsert', expected);
    c.header('ETag', versionTag(result.category.version));
    return c.json(result.category, result.created ? 201 : 200);
  });

  return app;
}
