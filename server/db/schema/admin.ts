// What the platform runs besides the businesses' records: registration requests from the public
// (potential clients), the tax tips and product updates it publishes, and its own settings.
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies, organizations, users } from './core';

/**
 * A business that asked for Risiti (the landing page's registration, or someone signed in
 * entering one). It stays `new` until a platform admin turns it into an organization, a company
 * and its owner (`converted`) or sets it aside (`dismissed`).
 */
export const potentialClients = pgTable(
  'potential_clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    companyName: text('company_name').notNull(),
    tin: text('tin').notNull(),
    promoCode: text('promo_code'),
    language: text('language', { enum: ['en', 'sw'] }).notNull(),
    status: text('status', { enum: ['new', 'converted', 'dismissed'] })
      .notNull()
      .default('new'),
    /** The signed-in user who entered it; null when it came from the public form. */
    enteredBy: uuid('entered_by').references(() => users.id, { onDelete: 'set null' }),
    address: text('address'),
    organizationId: uuid('organization_id').references(() => organizations.id),
    companyId: uuid('company_id').references(() => companies.id),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** Set once the platform admins were told; a failed mail is tried again later. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    mailAttemptAt: timestamp('mail_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('potential_clients_created_idx').on(t.createdAt),
    index('potential_clients_email_idx').on(t.email),
  ],
);

/** The tax tips shown on /tax-tips, in both languages, in their order; published when saved. */
export const taxTips = pgTable(
  'tax_tips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    position: integer('position').notNull(),
    titleEn: text('title_en').notNull(),
    titleSw: text('title_sw').notNull(),
    bodyEn: text('body_en').notNull(),
    bodySw: text('body_sw').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tax_tips_position_idx').on(t.position)],
);

/** What is new in the product (/updates), written by the platform admin, newest first. */
export const productUpdates = pgTable(
  'product_updates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    titleEn: text('title_en').notNull(),
    titleSw: text('title_sw').notNull(),
    bodyEn: text('body_en').notNull(),
    bodySw: text('body_sw').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_updates_published_idx').on(t.publishedAt)],
);

/** Settings the platform admin keeps (one row per key), e.g. how to pay the subscription. */
export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
