// Vendors of one company (spec §3, §5 Vendor): the sellers its expenses name. A TIN and a serial
// each belong to one vendor of the company ('Conflict. Tax Number or Serial already
// registered.'). A receipt read from TRA, or an expense naming a seller by TIN, is linked to
// the vendor with that TIN or serial, which is created when the company has none yet.
import crypto from 'node:crypto';
import { and, asc, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import { errorMessages } from '../../domain/errors';
import type { VendorRecord } from '../../domain/expense-record';
import { expenseMessages, type ExpenseVendor } from '../../domain/schemas/expense';
import type { Vendor } from '../../domain/schemas/vendor';
import type { DbOrTx, Tx } from '../db/client';
import { auditLog, vendors } from '../db/schema';
import { appError } from '../http/app-error';
import type { CompanyContext } from '../http/company';
import { reserveChangeSeq } from '../sync/changes';
import { saveSyncedRecord, type SaveSpec } from '../sync/save';
import { toVendor, type VendorRow } from './records';
import { containsPattern } from '../db/contains';

export type VendorFields = Omit<Vendor, 'id'>;

export const vendorNotFound = () => appError(404, 'vendor_not_found');

const taken = (field: 'tin' | 'serial') =>
  appError(409, 'vendor_taken', { fields: { [field]: errorMessages.vendor_taken.id } });

const spec: SaveSpec<VendorRow, VendorFields> = {
  table: vendors,
  entity: 'vendor',
  notFound: vendorNotFound,
  same: (row, fields) =>
    row.name === fields.name &&
    row.tin === fields.tin &&
    row.vrn === fields.vrn &&
    row.serial === fields.serial &&
    row.phone === fields.phone &&
    row.address === fields.address &&
    row.active === fields.active,
  toRecord: toVendor,
  async assertUnique(tx, companyId, id, fields) {
    const others = await tx
      .select({ tin: vendors.tin, serial: vendors.serial })
      .from(vendors)
      .where(
        and(
          eq(vendors.companyId, companyId),
          ne(vendors.id, id),
          fields.serial
            ? or(eq(vendors.tin, fields.tin), eq(vendors.serial, fields.serial))
            : eq(vendors.tin, fields.tin),
        ),
      )
      .limit(2);
    if (others.some((other) => other.tin === fields.tin)) throw taken('tin');
    if (others.length) throw taken('serial');
  },
  uniqueRefusal: (constraint) =>
    constraint === 'vendors_tin_idx'
      ? taken('tin')
      : constraint === 'vendors_serial_idx'
        ? taken('serial')
        : null,
};

export async function saveVendor(
  ctx: CompanyContext,
  id: string,
  fields: VendorFields,
  mode: 'create' | 'upsert',
  /** The version the change was made on (If-Match); null saves over any version. */
  expected: number | null = null,
): Promise<{ vendor: VendorRecord; created: boolean }> {
  const saved = await saveSyncedRecord(ctx, spec, id, fields, mode, expected);
  return { vendor: toVendor(saved.row), created: saved.created };
}

export async function getVendor(db: DbOrTx, companyId: string, id: string): Promise<VendorRecord> {
  const [row] = await db
    .select()
    .from(vendors)
    .where(and(eq(vendors.id, id), eq(vendors.companyId, companyId)));
  if (!row) throw vendorNotFound();
  return toVendor(row);
}

export async function listVendors(
  db: DbOrTx,
  companyId: string,
  query: { search?: string; active?: boolean; limit: number; offset: number },
): Promise<{ items: VendorRecord[]; total: number }> {
  const conditions: (SQL | undefined)[] = [eq(vendors.companyId, companyId)];
  const text = query.search?.trim();
  if (text) {
    const pattern = containsPattern(text);
    conditions.push(
      or(
        ilike(vendors.name, pattern),
        ilike(vendors.tin, pattern),
        ilike(vendors.vrn, pattern),
        ilike(vendors.serial, pattern),
        ilike(vendors.phone, pattern),
      ),
    );
  }
  if (query.active !== undefined) conditions.push(eq(vendors.active, query.active));
  const where = and(...conditions);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(vendors)
      .where(where)
      .orderBy(asc(sql`lower(${vendors.name})`), asc(vendors.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(vendors).where(where),
  ]);
  return { items: rows.map(toVendor), total: totals?.total ?? 0 };
}

/**
 * The vendor an expense's seller is: the one it names (which must be the company's), else the
 * one with its TIN or serial, else a new vendor when the seller has a TIN (a vendor needs one).
 * Runs in the caller's transaction, which holds the company's change position already.
 */
export async function linkVendor(
  tx: Tx,
  ctx: { companyId: string; userId: string | null },
  seller: ExpenseVendor,
  now: Date,
): Promise<string | null> {
  const { companyId } = ctx;
  if (seller.vendorId) {
    const [named] = await tx
      .select({ id: vendors.id })
      .from(vendors)
      .where(and(eq(vendors.id, seller.vendorId), eq(vendors.companyId, companyId)));
    if (!named) {
      throw appError(422, 'validation_failed', {
        fields: { 'vendor.vendorId': expenseMessages.vendorInvalid.id },
      });
    }
    return named.id;
  }
  if (!seller.tin && !seller.serial) return null;
  const byTin = seller.tin ? eq(vendors.tin, seller.tin) : undefined;
  const bySerial = seller.serial ? eq(vendors.serial, seller.serial) : undefined;
  const [match] = await tx
    .select({ id: vendors.id })
    .from(vendors)
    .where(and(eq(vendors.companyId, companyId), or(byTin, bySerial)))
    .orderBy(desc(byTin ? sql`${vendors.tin} = ${seller.tin}` : sql`false`))
    .limit(1);
  if (match) return match.id;
  if (!seller.tin || seller.name.trim().length < 2) return null;
  const id = crypto.randomUUID();
  const seq = await reserveChangeSeq(tx, companyId);
  await tx.insert(vendors).values({
    id,
    companyId,
    name: seller.name.slice(0, 255),
    tin: seller.tin,
    vrn: seller.vrn,
    serial: seller.serial,
    phone: seller.phone,
    address: null,
    active: true,
    version: 1,
    seq,
    createdAt: now,
    updatedAt: now,
  });
  await tx.insert(auditLog).values({
    companyId,
    userId: ctx.userId,
    action: 'vendor_created',
    entity: 'vendor',
    entityId: id,
    data: { version: 1, from: 'expense' },
    createdAt: now,
  });
  return id;
}
