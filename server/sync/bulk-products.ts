// Products in a sync batch's runs (bulk-records.ts): a run of PUTs and DELETEs of product ids,
// read, checked and answered as the products' routes do: names unique within the company
// regardless of case and spacing, a product named on an invoice kept.
import { and, eq, inArray } from 'drizzle-orm';
import {
  productFieldsSchema,
  productNameKey,
  type ProductFields,
} from '../../domain/schemas/product';
import { invoiceProducts, products } from '../db/schema';
import { sameFields, toProduct } from '../products/service';
import type { RecordKind } from './bulk-records';

type ProductRow = typeof products.$inferSelect;

export const productChanges: RecordKind<ProductRow, ProductFields> = {
  entity: 'product',
  table: products,
  path: /^\/v1\/accounting\/products\/([^/]+)$/,
  schema: productFieldsSchema,
  same: sameFields,
  values: (fields) => ({ ...fields, nameKey: productNameKey(fields.name) }),
  uniqueKeys: (fields) => [productNameKey(fields.name)],
  async holders(tx, companyId, list) {
    const rows = await tx
      .select({ id: products.id, nameKey: products.nameKey })
      .from(products)
      .where(
        and(
          eq(products.companyId, companyId),
          inArray(
            products.nameKey,
            list.map((fields) => productNameKey(fields.name)),
          ),
        ),
      );
    return rows.map((row) => ({ id: row.id, keys: [row.nameKey] }));
  },
  async referenced(tx, companyId, ids) {
    const rows = await tx
      .selectDistinct({ id: invoiceProducts.productId })
      .from(invoiceProducts)
      .where(
        and(eq(invoiceProducts.companyId, companyId), inArray(invoiceProducts.productId, ids)),
      );
    return new Set(rows.map((row) => row.id));
  },
  toApi: toProduct,
};
