// The product repository: the only way the app changes a product or service, writing the
// record and its outbox entry in one transaction.
import { errorMessages } from '../../domain/errors';
import {
  productFieldsSchema,
  productNameKey,
  type Product,
  type ProductFields,
  type ProductFieldsInput,
} from '../../domain/schemas/product';
import { db, type LocalFields, type LocalProduct } from './db';
import { addToOutbox, notifyOutboxChange } from './outbox';
import { RecordValidationError, validate } from './validation';
import { keepRefusedDeletion, queueDeletion, type NamedTable } from './named-records';
import { changeOf, settleChange, type ChangedTable, type ChangeRules } from './record-changes';

const path = (id: string) => `/v1/accounting/products/${id}`;

export function productSearchFields(
  product: ProductFields,
): Pick<LocalFields, 'nameKey' | 'searchText'> {
  const nameKey = productNameKey(product.name);
  return { nameKey, searchText: nameKey };
}

export function syncedProduct(product: Product, companyId: string): LocalProduct {
  return {
    ...product,
    ...productSearchFields(product),
    companyId,
    syncState: 'synced',
    syncError: null,
    deleted: 0,
  };
}

/** Creates (without id) or updates a product; a name the company already uses is refused. */
export async function saveProduct(
  companyId: string,
  input: ProductFieldsInput & { id?: string },
): Promise<LocalProduct> {
  const fields = validate(productFieldsSchema, input);
  const id = input.id ?? crypto.randomUUID();
  const now = Date.now();
  const search = productSearchFields(fields);
  const record = await db.transaction('rw', db.products, db.outbox, async () => {
    const existing = await db.products.get(id);
    if (existing && (existing.companyId !== companyId || existing.deleted)) {
      throw new RecordValidationError({ _: errorMessages.product_not_found.id });
    }
    const same = await db.products
      .where('[companyId+nameKey]')
      .equals([companyId, search.nameKey])
      .filter((p) => p.id !== id && !p.deleted)
      .first();
    if (same) throw new RecordValidationError({ name: errorMessages.product_name_duplicated.id });
    const saved: LocalProduct = {
      id,
      version: existing?.version ?? 0,
      createdAt: existing?.createdAt ?? new Date(now).toISOString(),
      updatedAt: new Date(now).toISOString(),
      ...fields,
      ...search,
      companyId,
      syncState: 'pending',
      syncError: null,
      deleted: 0,
    };
    // Before this change is queued: whether an earlier change of the record still waits.
    const change = await changeOf(productChanges, existing);
    await db.products.put(saved);
    await addToOutbox(
      {
        companyId,
        entity: 'product',
        recordId: id,
        action: 'save',
        label: fields.name,
        method: 'PUT',
        path: path(id),
        ...change,
        body: { type: 'json', json: fields },
      },
      now,
    );
    return saved;
  });
  notifyOutboxChange();
  return record;
}

export async function deleteProduct(companyId: string, id: string): Promise<void> {
  await queueDeletion(db.products as unknown as NamedTable, 'product', companyId, id, path(id));
}

/**
 * The server refused to delete the product (invoices use it) and the user keeps it: the record
 * is as the server has it, so it is simply synced again. Nothing is sent.
 */
export async function keepRefusedProduct(companyId: string, id: string): Promise<void> {
  await keepRefusedDeletion(
    db.products as unknown as NamedTable,
    'product',
    'product_in_use',
    companyId,
    id,
  );
}

/** How a product's change merges with another device's. */
export const productChanges: ChangeRules<Product> = {
  entity: 'product',
  table: () => db.products as unknown as ChangedTable,
  path,
  groups: [['name'], ['unitPrice'], ['taxType'], ['priceIncludesVat']],
  withFields: (record, fields) => ({
    ...record,
    ...fields,
    ...productSearchFields(fields as unknown as ProductFields),
  }),
  toLocal: (server, companyId) => syncedProduct(server, companyId),
  label: (record) => (record as LocalProduct).name,
};

/**
 * The user's choice for the fields both this phone and another device changed: this phone's
 * values, sent over the other version, or the other device's.
 */
export function settleProductChange(
  companyId: string,
  id: string,
  choice: 'mine' | 'theirs',
): Promise<void> {
  return settleChange(productChanges as ChangeRules, companyId, id, choice);
}

export async function findProducts(companyId: string, search = ''): Promise<LocalProduct[]> {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return db.products
    .where('[companyId+nameKey]')
    .between([companyId, ''], [companyId, '\uffff'])
    .filter((p) => !p.deleted && words.every((word) => p.searchText.includes(word)))
    .toArray();
}

export async function getProduct(companyId: string, id: string): Promise<LocalProduct | null> {
  const product = await db.products.get(id);
  return product && product.companyId === companyId && !product.deleted ? product : null;
}
