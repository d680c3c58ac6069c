// Products and services of one company. Writes follow the customers' pattern: the company's
// change position first (ordering its writers), the duplicate-name check, the row, the audit.
import { and, asc, count, eq, ilike, ne, type SQL } from 'drizzle-orm';
import { errorMessages } from '../../domain/errors';
import { cents } from '../../domain/money';
import { productNameKey, type Product, type ProductFields } from '../../domain/schemas/product';
import type { DbOrTx, Tx } from '../db/client';
import { databaseError, FOREIGN_KEY_VIOLATION, UNIQUE_VIOLATION } from '../db/errors';
import { auditLog, products } from '../db/schema';
import { AppError, appError } from '../http/app-error';
import type { CompanyContext } from '../http/company';
import { isTombstoned, reserveChangeSeq } from '../sync/changes';
import { assertVersion } from '../sync/save';
import { deleteSyncedRecord } from '../sync/delete';
import { containsPattern } from '../db/contains';

type ProductRow = typeof products.$inferSelect;

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    unitPrice: row.unitPrice === null ? null : cents(row.unitPrice),
    taxType: row.taxType,
    priceIncludesVat: row.priceIncludesVat,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const notFound = () => appError(404, 'product_not_found');
const duplicateName = () =>
  appError(409, 'product_name_duplicated', {
    fields: { name: errorMessages.product_name_duplicated.id },
  });

export function sameFields(row: ProductRow, fields: ProductFields): boolean {
  return (
    row.name === fields.name &&
    row.unitPrice === fields.unitPrice &&
    row.taxType === fields.taxType &&
    row.priceIncludesVat === fields.priceIncludesVat
  );
}

async function assertNameFree(tx: Tx, companyId: string, id: string, nameKey: string) {
  const [same] = await tx
    .select({ id: products.id })
    .from(products)
    .where(
      and(eq(products.companyId, companyId), eq(products.nameKey, nameKey), ne(products.id, id)),
    )
    .limit(1);
  if (same) throw duplicateName();
}

export interface SaveResult {
  product: Product;
  created: boolean;
}

/** Same contract as saveCustomer: create, or upsert a client-generated id to the given state. */
export async function saveProduct(
  ctx: CompanyContext,
  id: string,
  fields: ProductFields,
  mode: 'create' | 'upsert',
  /** The version the change was made on (If-Match); null saves over any version. */
  expected: number | null = null,
): Promise<SaveResult> {
  const { deps, companyId, userId } = ctx;
  const now = deps.clock.now();
  const nameKey = productNameKey(fields.name);
  try {
    return await deps.db.transaction(async (tx) => {
      const seq = await reserveChangeSeq(tx, companyId);
      // Ids are the company's own: another company's record with the same id is never seen.
      const [existing] = await tx
        .select()
        .from(products)
        .where(and(eq(products.companyId, companyId), eq(products.id, id)));
      if (!existing && (await isTombstoned(tx, 'product', id, companyId))) {
        throw mode === 'create' ? appError(409, 'record_deleted') : notFound();
      }
      if (existing && sameFields(existing, fields)) {
        return { product: toProduct(existing), created: false };
      }
      if (existing && mode === 'create') throw appError(409, 'conflict');
      assertVersion(existing, expected, () => toProduct(existing!));
      await assertNameFree(tx, companyId, id, nameKey);
      let row: ProductRow;
      if (existing) {
        [row] = (await tx
          .update(products)
          .set({ ...fields, nameKey, version: existing.version + 1, seq, updatedAt: now })
          .where(and(eq(products.companyId, companyId), eq(products.id, id)))
          .returning()) as [ProductRow];
      } else {
        [row] = (await tx
          .insert(products)
          .values({
            id,
            companyId,
            ...fields,
            nameKey,
            version: 1,
            seq,
            createdAt: now,
            updatedAt: now,
          })
          .returning()) as [ProductRow];
      }
      await tx.insert(auditLog).values({
        companyId,
        userId,
        action: existing ? 'product_updated' : 'product_created',
        entity: 'product',
        entityId: id,
        data: { version: row.version },
        createdAt: now,
      });
      return { product: toProduct(row), created: !existing };
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    const info = databaseError(error);
    if (info?.code === UNIQUE_VIOLATION && info.constraint === 'products_name_idx')
      throw duplicateName();
    throw error;
  }
}

/** Deletes the product, leaving a tombstone; deleting it again succeeds. */
export async function deleteProduct(ctx: CompanyContext, id: string): Promise<void> {
  await deleteSyncedRecord(ctx, {
    table: products,
    entity: 'product',
    id,
    notFound,
    // A table that must keep its products (a foreign key with NO ACTION) refuses the delete.
    refusal: (error) =>
      databaseError(error)?.code === FOREIGN_KEY_VIOLATION ? appError(409, 'product_in_use') : null,
  });
}

export async function getProduct(db: DbOrTx, companyId: string, id: string): Promise<Product> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.companyId, companyId)));
  if (!row) throw notFound();
  return toProduct(row);
}

export async function listProducts(
  db: DbOrTx,
  companyId: string,
  query: { search?: string; limit: number; offset: number },
): Promise<{ items: Product[]; total: number }> {
  const text = query.search?.trim();
  const where: SQL | undefined = text
    ? and(eq(products.companyId, companyId), ilike(products.name, containsPattern(text)))
    : eq(products.companyId, companyId);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(products)
      .where(where)
      .orderBy(asc(products.nameKey), asc(products.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(products).where(where),
  ]);
  return { items: rows.map(toProduct), total: totals?.total ?? 0 };
}
