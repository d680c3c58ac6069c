// Tenancy and people: organizations own companies, companies own every business record.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  ownerName: text('owner_name').notNull(),
  ownerPhone: text('owner_phone').notNull(),
  ownerEmail: text('owner_email').notNull(),
  active: boolean('active').notNull().default(true),
  ...timestamps,
});

export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    tin: text('tin').notNull(),
    vrn: text('vrn'),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    /** The VFD serial TRA issued with the certificate (CERTKEY), e.g. 10TZ100781. */
    serial: text('serial').notNull(),
    active: boolean('active').notNull().default(true),
    blockedByTra: boolean('blocked_by_tra').notNull().default(false),
    /** Last day (EAT) the subscription is paid for, set by the platform admin; null: never paid. */
    paidUntil: text('paid_until'),
    ...timestamps,
  },
  (t) => [index('companies_organization_idx').on(t.organizationId)],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-case; sign-in compares lower-cased input. */
    username: text('username').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    mobile: text('mobile'),
    passwordHash: text('password_hash').notNull(),
    /** Argon2id hash of the 4-digit PIN for the USSD channel; null until the user sets one. */
    ussdPinHash: text('ussd_pin_hash'),
    role: text('role', {
      enum: ['platform_admin', 'org_admin', 'company_owner', 'operator'],
    }).notNull(),
    organizationId: uuid('organization_id').references(() => organizations.id),
    companyId: uuid('company_id').references(() => companies.id),
    /** active, inactive or blocked; anything but active is refused on every request. */
    status: text('status', { enum: ['active', 'inactive', 'blocked'] })
      .notNull()
      .default('active'),
    language: text('language', { enum: ['en', 'sw'] })
      .notNull()
      .default('en'),
    mustChangePassword: boolean('must_change_password').notNull().default(true),
    /** Bumped when the password changes: access tokens carry it and older ones stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    entranceDay: timestamp('entrance_day', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_username_idx').on(t.username),
    index('users_company_idx').on(t.companyId),
    uniqueIndex('users_email_idx').on(sql`lower(${t.email})`),
  ],
);

/**
 * Refresh tokens, stored as SHA-256 hashes. Each use rotates the token within its family;
 * presenting a rotated token again means it was stolen, and the whole family is revoked.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_idx').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
  ],
);

/** Fixed-window counters for rate limits, shared by every server process through the database. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
  /** Set once a key has failed too often: no attempt is checked before this moment. */
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});

/** A password recovery in progress: the code is stored hashed and dies after 1 hour or 3 misses. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * None when the email named no active account: the recovery is kept all the same, with a
     * code nobody was sent, so its wrong codes, expiry and block answer as a real one's do.
     */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Opaque value carried in the URL (?verification=…) between the recovery screens. */
    verification: text('verification').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_resets_verification_idx').on(t.verification)],
);

/**
 * A change of sign-in email waiting for the code mailed to the new address: one per user (a new
 * request replaces it), the code stored hashed, dead after 1 hour or 3 misses.
 */
export const emailChanges = pgTable('email_changes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  newEmail: text('new_email').notNull(),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who did what, written in the same transaction as the change it records. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id'),
    userId: uuid('user_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    data: jsonb('data'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_company_idx').on(t.companyId, t.createdAt)],
);
