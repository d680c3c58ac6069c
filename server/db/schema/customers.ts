// Customers of a company (spec §3). Ids come from the device that created the customer.
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { IDENTIFICATION_TYPES } from '../../../domain/schemas/customer';
import { companies } from './core';

export const customers = pgTable(
  'customers',
  {
    /** Unique within the company only: another company may hold a record with the same id. */
    id: uuid('id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    identificationType: text('identification_type', { enum: IDENTIFICATION_TYPES }).notNull(),
    identificationNumber: text('identification_number'),
    phoneNumber: text('phone_number'),
    email: text('email'),
    vatRegistrationNumber: text('vat_registration_number'),
    version: integer('version').notNull().default(1),
    /** Position in the company's changes feed (server/sync/changes.ts). */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('customers_company_seq_idx').on(t.companyId, t.seq),
    index('customers_company_name_idx').on(t.companyId, sql`lower(${t.name})`),
    // The database refuses duplicates even if two requests race past the service's check.
    uniqueIndex('customers_identification_idx')
      .on(t.companyId, t.identificationType, t.identificationNumber)
      .where(sql`${t.identificationNumber} is not null`),
    uniqueIndex('customers_vrn_idx')
      .on(t.companyId, t.vatRegistrationNumber)
      .where(sql`${t.vatRegistrationNumber} is not null`),
  ],
);
