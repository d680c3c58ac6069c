// Customers in a sync batch's runs (bulk-records.ts): a phone that stored, edited or deleted a
// list of customers offline sends a run of PUTs and DELETEs of their ids. This says how the
// customers' routes read, check and answer them: the fields as PUT /customers/:id reads them,
// identification and VAT numbers unique within the company, a customer on an invoice kept.
import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import {
  customerFieldsSchema,
  identificationKey,
  type CustomerFields,
} from '../../domain/schemas/customer';
import { sameFields, toCustomer } from '../customers/service';
import { customers, invoices } from '../db/schema';
import type { RecordKind } from './bulk-records';

type CustomerRow = typeof customers.$inferSelect;

function uniqueKeys(
  fields: Pick<
    CustomerFields,
    'identificationType' | 'identificationNumber' | 'vatRegistrationNumber'
  >,
): string[] {
  const id = identificationKey(fields);
  return [
    ...(id !== null ? [`id:${id}`] : []),
    ...(fields.vatRegistrationNumber ? [`vrn:${fields.vatRegistrationNumber}`] : []),
  ];
}

export const customerChanges: RecordKind<CustomerRow, CustomerFields> = {
  entity: 'customer',
  table: customers,
  path: /^\/v1\/accounting\/customers\/([^/]+)$/,
  schema: customerFieldsSchema,
  same: sameFields,
  values: (fields) => ({ ...fields }),
  uniqueKeys,
  async holders(tx, companyId, list) {
    const identifications = list.flatMap((f) =>
      identificationKey(f) !== null ? [f.identificationNumber!] : [],
    );
    const vrns = list.flatMap((f) => (f.vatRegistrationNumber ? [f.vatRegistrationNumber] : []));
    const conditions: SQL[] = [];
    if (identifications.length) {
      conditions.push(inArray(customers.identificationNumber, identifications));
    }
    if (vrns.length) conditions.push(inArray(customers.vatRegistrationNumber, vrns));
    if (!conditions.length) return [];
    const rows = await tx
      .select({
        id: customers.id,
        identificationType: customers.identificationType,
        identificationNumber: customers.identificationNumber,
        vatRegistrationNumber: customers.vatRegistrationNumber,
      })
      .from(customers)
      .where(and(eq(customers.companyId, companyId), or(...conditions)));
    return rows.map((row) => ({ id: row.id, keys: uniqueKeys(row) }));
  },
  async referenced(tx, companyId, ids) {
    const rows = await tx
      .selectDistinct({ id: invoices.customerId })
      .from(invoices)
      .where(and(eq(invoices.companyId, companyId), inArray(invoices.customerId, ids)));
    return new Set(rows.flatMap((row) => (row.id ? [row.id] : [])));
  },
  toApi: toCustomer,
};
