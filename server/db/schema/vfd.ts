// The Virtual Fiscal Device of each company: its certificate and TRA registration, its
// counters, the fiscal receipts and Z reports it issued, and the ordered queue to TRA.
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './core';

const cents = (name: string) => bigint(name, { mode: 'number' }).notNull();
const at = (name: string) => timestamp(name, { withTimezone: true });

/** Amounts per TRA tax group (A, B, C, D, E), in cents. */
export type VatTotalsJson = Partial<
  Record<'A' | 'B' | 'C' | 'D' | 'E', { net: number; tax: number }>
>;
/** Amounts per TRA payment type (CASH, CHEQUE, CCARD, EMONEY, INVOICE), in cents. */
export type PaymentsJson = Partial<
  Record<'CASH' | 'CHEQUE' | 'CCARD' | 'EMONEY' | 'INVOICE', number>
>;

/**
 * One row per registered VFD. Exists only once a certificate was read and TRA accepted the
 * registration: a failed upload leaves the previous row untouched. The PFX, its password, TRA's
 * password and the access token are sealed with the data key (server/vfd/sealed.ts).
 */
export const vfds = pgTable('vfds', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id),
  /** New on every upload; keys the per-process cache of the decrypted private key. */
  certificateId: uuid('certificate_id').notNull(),
  pfxSealed: text('pfx_sealed').notNull(),
  pfxPasswordSealed: text('pfx_password_sealed').notNull(),
  /** The certificate's serial as space-separated hex byte pairs ("0a 1b 2c"). */
  certSerialHex: text('cert_serial_hex').notNull(),
  /** When set, sent (base64) in Cert-Serial instead of certSerialHex. */
  certSerialOverride: text('cert_serial_override'),
  certSubject: text('cert_subject').notNull(),
  certIssuer: text('cert_issuer').notNull(),
  certNotBefore: at('cert_not_before').notNull(),
  certNotAfter: at('cert_not_after').notNull(),
  certFingerprint: text('cert_fingerprint').notNull(),
  certUploadedAt: at('cert_uploaded_at').notNull(),
  /** registered, or inactive when TRA asked for a new registration. */
  status: text('status', { enum: ['registered', 'inactive'] })
    .notNull()
    .default('registered'),
  /** The CERTKEY (VFD serial) the registration was made for. */
  registeredSerial: text('registered_serial').notNull(),
  registeredAt: at('registered_at').notNull(),
  regId: text('reg_id').notNull(),
  /** SERIAL from TRA's answer, sent as EFDSERIAL. */
  serial: text('serial').notNull(),
  uin: text('uin').notNull(),
  receiptCode: text('receipt_code').notNull(),
  routingKey: text('routing_key').notNull(),
  tokenPath: text('token_path').notNull(),
  traUsername: text('tra_username').notNull(),
  traPasswordSealed: text('tra_password_sealed').notNull(),
  /** Every field of TRA's registration answer except PASSWORD. */
  registration: jsonb('registration').$type<Record<string, string>>().notNull(),
  tokenSealed: text('token_sealed'),
  tokenExpiresAt: at('token_expires_at'),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * The counters of one VFD, locked (SELECT … FOR UPDATE) by every transaction that issues a
 * receipt or a Z report, so numbers are handed out one at a time across all server processes.
 * Created once at the first registration and never reset.
 */
export const vfdCounters = pgTable('vfd_counters', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id),
  /** GC (= RCTNUM) of the next receipt. */
  nextGc: integer('next_gc').notNull(),
  /** EAT date (YYYY-MM-DD) and DC of the last receipt. */
  lastDate: text('last_date'),
  lastDc: integer('last_dc').notNull().default(0),
  lastIssuedAt: at('last_issued_at'),
  /** Position of the next document in the queue to TRA. */
  nextSeq: integer('next_seq').notNull().default(1),
  /** Latest day a Z report was made for: later receipts must carry a later date. */
  zReportedThrough: text('z_reported_through'),
});

/** Who may send this VFD's queue to TRA, and until when (see server/vfd/lease.ts). */
export const vfdLeases = pgTable('vfd_leases', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id),
  holder: text('holder').notNull(),
  /** Bumped on every new claim, so a holder that lost its lease cannot renew it. */
  fence: integer('fence').notNull().default(1),
  expiresAt: at('expires_at').notNull(),
});

/**
 * The ordered queue of signed documents to TRA, one row per receipt or Z report. body is the
 * exact XML as signed; it is sent unchanged on every attempt (TRA rule 11).
 */
export const traOutbox = pgTable(
  'tra_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    seq: integer('seq').notNull(),
    kind: text('kind', { enum: ['receipt', 'zreport'] }).notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'rejected'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Answers with a non-zero ACKCODE so far; at the limit the document is set aside. */
    rejections: integer('rejections').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull(),
    lastAttemptAt: at('last_attempt_at'),
    lastError: text('last_error'),
    ackCode: integer('ack_code'),
    ackMessage: text('ack_message'),
    /** TRA's answer that settled the document (accepted or rejected). */
    response: text('response'),
    settledAt: at('settled_at'),
    overdueNotifiedAt: at('overdue_notified_at'),
    rejectionNotifiedAt: at('rejection_notified_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('tra_outbox_company_seq_idx').on(t.companyId, t.seq),
    index('tra_outbox_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('tra_outbox_company_status_idx').on(t.companyId, t.status, t.seq),
  ],
);

/** A fiscal receipt: the numbers it was given and its amounts, for Z reports and lists. */
export const fiscalReceipts = pgTable(
  'fiscal_receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    invoiceId: uuid('invoice_id').notNull(),
    outboxId: uuid('outbox_id')
      .notNull()
      .references(() => traOutbox.id),
    gc: integer('gc').notNull(),
    dc: integer('dc').notNull(),
    znum: text('znum').notNull(),
    rctvnum: text('rctvnum').notNull(),
    /** DATE and TIME as sent (East Africa Time). */
    date: text('date').notNull(),
    time: text('time').notNull(),
    issuedAt: at('issued_at').notNull(),
    verificationUrl: text('verification_url').notNull(),
    customerName: text('customer_name').notNull(),
    customerIdType: integer('customer_id_type').notNull(),
    customerId: text('customer_id').notNull(),
    customerMobile: text('customer_mobile').notNull(),
    totalExclCents: cents('total_excl_cents'),
    totalTaxCents: cents('total_tax_cents'),
    totalInclCents: cents('total_incl_cents'),
    discountCents: cents('discount_cents'),
    vatTotals: jsonb('vat_totals').$type<VatTotalsJson>().notNull(),
    payments: jsonb('payments').$type<PaymentsJson>().notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('fiscal_receipts_invoice_idx').on(t.companyId, t.invoiceId),
    uniqueIndex('fiscal_receipts_company_gc_idx').on(t.companyId, t.gc),
    uniqueIndex('fiscal_receipts_rctvnum_idx').on(t.rctvnum),
    uniqueIndex('fiscal_receipts_outbox_idx').on(t.outboxId),
    index('fiscal_receipts_company_date_idx').on(t.companyId, t.date),
  ],
);

/** A daily Z report and the totals it carries. */
export const zReports = pgTable(
  'z_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    outboxId: uuid('outbox_id')
      .notNull()
      .references(() => traOutbox.id),
    /** The day reported (YYYY-MM-DD, EAT); ZNUMBER is the same without dashes. */
    date: text('date').notNull(),
    tickets: integer('tickets').notNull(),
    dailyTotalCents: cents('daily_total_cents'),
    grossCents: cents('gross_cents'),
    discountsCents: cents('discounts_cents'),
    vatTotals: jsonb('vat_totals').$type<VatTotalsJson>().notNull(),
    payments: jsonb('payments').$type<PaymentsJson>().notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('z_reports_company_date_idx').on(t.companyId, t.date),
    uniqueIndex('z_reports_outbox_idx').on(t.outboxId),
  ],
);

/** Every attempt to send a queued document: when, how long, and what TRA answered. */
export const traAttempts = pgTable(
  'tra_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    outboxId: uuid('outbox_id')
      .notNull()
      .references(() => traOutbox.id),
    companyId: uuid('company_id').notNull(),
    startedAt: at('started_at').notNull(),
    durationMs: integer('duration_ms').notNull(),
    /** accepted, rejected (non-zero ACKCODE), no_answer, server_error, token_error, blocked. */
    outcome: text('outcome').notNull(),
    httpStatus: integer('http_status'),
    ackCode: integer('ack_code'),
    message: text('message'),
    response: text('response'),
  },
  (t) => [index('tra_attempts_outbox_idx').on(t.outboxId, t.startedAt)],
);
