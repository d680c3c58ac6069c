// The accounting integrations of a company (Xero, QuickBooks Online): one connection per company
// and provider, its tokens sealed under the server's data key, and the short-lived OAuth states
// that tie a return from the provider to the person and company that started it.
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { INTEGRATION_PROVIDERS, type SkippedInvoice } from '../../../domain/integrations';
import { companies, users } from './core';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const accountingConnections = pgTable(
  'accounting_connections',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    provider: text('provider', { enum: INTEGRATION_PROVIDERS }).notNull(),
    /** Xero's tenant id or QuickBooks' realm id: the organisation the tokens reach. */
    tenantId: text('tenant_id').notNull(),
    organisationName: text('organisation_name').notNull(),
    /** AES-256-GCM under DATA_KEY, bound to company and provider (server/vfd/sealed.ts). */
    accessTokenSealed: text('access_token_sealed').notNull(),
    refreshTokenSealed: text('refresh_token_sealed').notNull(),
    accessExpiresAt: at('access_expires_at').notNull(),
    connectedById: uuid('connected_by_id').references(() => users.id),
    connectedByName: text('connected_by_name'),
    connectedAt: at('connected_at').notNull(),
    /** Invoices changed in the package after this time are read by the next import. */
    importedUntil: at('imported_until'),
    lastImportAt: at('last_import_at'),
    lastImported: integer('last_imported').notNull().default(0),
    lastUpdated: integer('last_updated').notNull().default(0),
    lastUnchanged: integer('last_unchanged').notNull().default(0),
    lastSkipped: integer('last_skipped').notNull().default(0),
    lastMore: integer('last_more').notNull().default(0),
    skipped: jsonb('skipped')
      .$type<SkippedInvoice[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** An integrationMessages code, until an import succeeds. */
    lastErrorCode: text('last_error_code'),
    lastErrorAt: at('last_error_at'),
    /**
     * One import (and token refresh) at a time per connection, across processes: refresh tokens
     * rotate, so two refreshes at once would end the connection. A claim is one conditional
     * UPDATE; `leaseId` tells the holder its own claim.
     */
    leaseId: uuid('lease_id'),
    leaseUntil: at('lease_until'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.provider] })],
);

export const accountingOauthStates = pgTable(
  'accounting_oauth_states',
  {
    /** SHA-256 of the random state sent to the provider; the state itself is never stored. */
    stateHash: text('state_hash').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: INTEGRATION_PROVIDERS }).notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('accounting_oauth_states_expires_idx').on(t.expiresAt)],
);
