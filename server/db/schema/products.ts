// Products and services of a company, offered by the invoice editor.
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { TAX_TYPES } from '../../../domain/tax';
import { companies } from './core';

export const products = pgTable(
  'products',
  {
    /** Unique within the company only, like every id a device chooses. */
    id: uuid('id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    /** productNameKey(name): names are unique within a company regardless of case and spacing. */
    nameKey: text('name_key').notNull(),
    /** Default unit price in cents; null when it is typed on each invoice. */
    unitPrice: bigint('unit_price', { mode: 'number' }),
    taxType: text('tax_type', { enum: TAX_TYPES }).notNull(),
    priceIncludesVat: boolean('price_includes_vat').notNull(),
    version: integer('version').notNull().default(1),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('products_company_seq_idx').on(t.companyId, t.seq),
    uniqueIndex('products_name_idx').on(t.companyId, t.nameKey),
  ],
);
