// The TRA simulator's own ledger (server/tra-sim): the taxpayers it issued certificates to,
// their tokens, and every receipt and Z report it recorded. Nothing of Risiti reads these.
import {
  bigint,
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

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A VFD as TRA knows it: issued with a certificate, then registered by the taxpayer's system. */
export const traSimTaxpayers = pgTable(
  'tra_sim_taxpayers',
  {
    /** The VFD serial (CERTKEY), e.g. 10TZ100781. */
    serial: text('serial').primaryKey(),
    tin: text('tin').notNull(),
    vrn: text('vrn'),
    name: text('name').notNull(),
    mobile: text('mobile').notNull(),
    address: text('address').notNull(),
    street: text('street').notNull(),
    city: text('city').notNull(),
    country: text('country').notNull(),
    region: text('region').notNull(),
    taxOffice: text('tax_office').notNull(),
    certPem: text('cert_pem').notNull(),
    /** Certificates issued before the current one: what they signed still verifies. */
    previousCertPems: jsonb('previous_cert_pems').$type<string[]>().notNull().default([]),
    /** Lower-case hex of the certificate serial, no separators or leading zeros. */
    certSerial: text('cert_serial').notNull(),
    regId: text('reg_id').notNull(),
    uin: text('uin').notNull(),
    receiptCode: text('receipt_code').notNull(),
    gcStart: integer('gc_start').notNull(),
    username: text('username').notNull(),
    password: text('password').notNull(),
    registeredAt: at('registered_at'),
    blocked: boolean('blocked').notNull().default(false),
    /** The last receipt recorded: the next must follow it. */
    lastGc: integer('last_gc'),
    lastDc: integer('last_dc'),
    lastDate: text('last_date'),
    lastTime: text('last_time'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('tra_sim_taxpayers_cert_idx').on(t.certSerial),
    uniqueIndex('tra_sim_taxpayers_receipt_code_idx').on(t.receiptCode),
  ],
);

export const traSimTokens = pgTable('tra_sim_tokens', {
  token: text('token').primaryKey(),
  serial: text('serial').notNull(),
  expiresAt: at('expires_at').notNull(),
});

/** Receipts whose numbering was right, accepted or refused for their content. */
export const traSimReceipts = pgTable(
  'tra_sim_receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serial: text('serial').notNull(),
    rctvnum: text('rctvnum').notNull(),
    gc: integer('gc').notNull(),
    dc: integer('dc').notNull(),
    znum: text('znum').notNull(),
    date: text('date').notNull(),
    time: text('time').notNull(),
    body: text('body').notNull(),
    bodyHash: text('body_hash').notNull(),
    ackCode: integer('ack_code').notNull(),
    ackMessage: text('ack_message').notNull(),
    /** How many times this exact receipt was posted. */
    posts: integer('posts').notNull().default(1),
    totalInclCents: bigint('total_incl_cents', { mode: 'number' }).notNull(),
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull(),
    /** Parsed receipt for the verification page. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    receivedAt: at('received_at').notNull(),
  },
  (t) => [
    uniqueIndex('tra_sim_receipts_rctvnum_idx').on(t.rctvnum),
    uniqueIndex('tra_sim_receipts_serial_gc_idx').on(t.serial, t.gc),
    index('tra_sim_receipts_serial_date_idx').on(t.serial, t.date),
  ],
);

export const traSimZReports = pgTable(
  'tra_sim_zreports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serial: text('serial').notNull(),
    znumber: text('znumber').notNull(),
    body: text('body').notNull(),
    bodyHash: text('body_hash').notNull(),
    ackCode: integer('ack_code').notNull(),
    ackMessage: text('ack_message').notNull(),
    posts: integer('posts').notNull().default(1),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    receivedAt: at('received_at').notNull(),
  },
  (t) => [uniqueIndex('tra_sim_zreports_serial_znumber_idx').on(t.serial, t.znumber)],
);

/** The simulator's own signing key, shared by every process that mounts it on this database. */
export const traSimKeys = pgTable('tra_sim_keys', {
  id: text('id').primaryKey(),
  privateKeyPem: text('private_key_pem').notNull(),
  certPem: text('cert_pem').notNull(),
});
