// /v1/accounting/products: the company's products and services.
import crypto from 'node:crypto';
import { Hono } from 'hono';
import * as v from 'valibot';
import { productFieldsSchema } from '../../domain/schemas/product';
import { uuidSchema } from '../../domain/schemas/record';
import { versionTag } from '../../domain/sync-batch';
import { requireAuth } from '../auth/middleware';
import type { AppEnv, Deps } from '../context';
import { appError } from '../http/app-error';
import { companyContext } from '../http/company';
import { idempotency } from '../http/idempotency';
import { listQuerySchema } from '../http/list-query';
import { expectedVersion, jsonBodyLimit, parseWith, readJson } from '../http/validate';
import { deleteProduct, getProduct, listProducts, saveProduct } from './service';

function productId(id: string): string {
  if (!v.is(uuidSchema, id)) throw appError(404, 'product_not_found');
  return id;
}

export function productRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.use('*', jsonBodyLimit(), requireAuth(deps), idempotency(deps));

  app.get('/', async (c) => {
    const ctx = await companyContext(c, deps);
    const query = parseWith(listQuerySchema, c.req.query());
    return c.json(await listProducts(deps.db, ctx.companyId, query));
  });

  app.post('/', async (c) => {
    const ctx = await companyContext(c, deps);
    const body = await readJson(c);
    const { id } = parseWith(v.object({ id: v.optional(uuidSchema) }), body);
    const fields = parseWith(productFieldsSchema, body);
    const result = await saveProduct(ctx, id ?? crypto.randomUUID(), fields, 'create');
    return c.json(result.product, result.created ? 201 : 200);
  });

  app.get('/:id', async (c) => {
    const ctx = await companyContext(c, deps);
    const record = await getProduct(deps.db, ctx.companyId, productId(c.req.param('id')));
    c.header('ETag', versionTag(record.version));
    return c.json(record);
  });

  app.put('/:id', async (c) => {
    const ctx = await companyContext(c, deps);
    const { id } = parseWith(v.object({ id: uuidSchema }), { id: c.req.param('id') });
    const expected = expectedVersion(c);
    const fields = parseWith(productFieldsSchema, await readJson(c));
    const result = await saveProduct(ctx, id, fields, 'upsert', expected);
    c.header('ETag', versionTag(result.product.version));
    return c.json(result.product, result.created ? 201 : 200);
  });

  app.delete('/:id', async (c) => {
    const ctx = await companyContext(c, deps);
    await deleteProduct(ctx, productId(c.req.param('id')));
    return c.body(null, 204);
  });

  return app;
}
