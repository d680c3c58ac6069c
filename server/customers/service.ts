// Customer records of one company: create, save, delete, list, import and export. Every write
// runs in one transaction that first takes the company's change position (which orders the
// company's writers), checks duplicates, writes the row and its audit entry.
import { and, asc, count, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import { errorMessages } from '../../domain/errors';
import {
  duplicateProblem,
  type CsvRowProblem,
  type CustomerCsvRow,
} from '../../domain/customer-csv';
import {
  importKey,
  importKeyColumn,
  type Customer,
  type CustomerFields,
} from '../../domain/schemas/customer';
import type { DbOrTx, Tx } from '../db/client';
import { databaseError, UNIQUE_VIOLATION } from '../db/errors';
import { auditLog, customers } from '../db/schema';
import { AppError, appError } from '../http/app-error';
import type { CompanyContext } from '../http/company';
import { isTombstoned, reserveChangeSeq } from '../sync/changes';
import { assertVersion } from '../sync/save';
import { customerDeleteRefusal } from './references';
import { deleteSyncedRecord } from '../sync/delete';
import { containsPattern } from '../db/contains';

type CustomerRow = typeof customers.$inferSelect;

export function toCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    name: row.name,
    identificationType: row.identificationType,
    identificationNumber: row.identificationNumber,
    phoneNumber: row.phoneNumber,
    email: row.email,
    vatRegistrationNumber: row.vatRegistrationNumber,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const notFound = () => appError(404, 'customer_not_found');

const duplicate = (code: 'customer_id_duplicated' | 'customer_vrn_duplicated') =>
  appError(409, code, {
    fields: {
      [code === 'customer_id_duplicated' ? 'identificationNumber' : 'vatRegistrationNumber']:
        errorMessages[code].id,
    },
  });

export function sameFields(row: CustomerRow, fields: CustomerFields): boolean {
  return (
    row.name === fields.name &&
    row.identificationType === fields.identificationType &&
    row.identificationNumber === fields.identificationNumber &&
    row.phoneNumber === fields.phoneNumber &&
    row.email === fields.email &&
    row.vatRegistrationNumber === fields.vatRegistrationNumber
  );
}

/** Throws the spec's duplicate message when another customer of the company has the same keys. */
async function assertNoDuplicate(
  tx: Tx,
  companyId: string,
  id: string,
  fields: CustomerFields,
): Promise<void> {
  if (fields.identificationType !== 'NO_IDENTIFICATION' && fields.identificationNumber) {
    const [same] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(
        and(
          eq(customers.companyId, companyId),
          eq(customers.identificationType, fields.identificationType),
          eq(customers.identificationNumber, fields.identificationNumber),
          ne(customers.id, id),
        ),
      )
      .limit(1);
    if (same) throw duplicate('customer_id_duplicated');
  }
  if (fields.vatRegistrationNumber) {
    const [same] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(
        and(
          eq(customers.companyId, companyId),
          eq(customers.vatRegistrationNumber, fields.vatRegistrationNumber),
          ne(customers.id, id),
        ),
      )
      .limit(1);
    if (same) throw duplicate('customer_vrn_duplicated');
  }
}

/** A unique index caught what the check could not see (another process): same message. */
function rethrowDuplicate(error: unknown): never {
  const info = databaseError(error);
  if (info?.code === UNIQUE_VIOLATION && info.constraint === 'customers_identification_idx')
    throw duplicate('customer_id_duplicated');
  if (info?.code === UNIQUE_VIOLATION && info.constraint === 'customers_vrn_idx')
    throw duplicate('customer_vrn_duplicated');
  throw error;
}

export interface SaveResult {
  customer: Customer;
  created: boolean;
}

/**
 * Creates the customer, or updates it when `mode` is 'upsert' and it exists (PUT of a
 * client-generated id: a device that created a customer offline and edited it twice sends
 * the latest state, and the server ends in that state whichever of its calls arrives first).
 * Creating an id that exists with the same fields answers the existing customer, so a repeated
 * create is harmless even after its Idempotency-Key has expired.
 */
export async function saveCustomer(
  ctx: CompanyContext,
  id: string,
  fields: CustomerFields,
  mode: 'create' | 'upsert',
  /** The version the change was made on (If-Match); null saves over any version. */
  expected: number | null = null,
): Promise<SaveResult> {
  const { deps, companyId, userId } = ctx;
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const seq = await reserveChangeSeq(tx, companyId);
      // Ids are the company's own: another company's record with the same id is never seen.
      const [existing] = await tx
        .select()
        .from(customers)
        .where(and(eq(customers.companyId, companyId), eq(customers.id, id)));
      if (!existing && (await isTombstoned(tx, 'customer', id, companyId))) {
        throw mode === 'create' ? appError(409, 'record_deleted') : notFound();
      }
      if (existing && sameFields(existing, fields)) {
        return { customer: toCustomer(existing), created: false };
      }
      if (existing && mode === 'create') throw appError(409, 'conflict');
      assertVersion(existing, expected, () => toCustomer(existing!));
      await assertNoDuplicate(tx, companyId, id, fields);
      let row: CustomerRow;
      if (existing) {
        [row] = (await tx
          .update(customers)
          .set({ ...fields, version: existing.version + 1, seq, updatedAt: now })
          .where(and(eq(customers.companyId, companyId), eq(customers.id, id)))
          .returning()) as [CustomerRow];
      } else {
        [row] = (await tx
          .insert(customers)
          .values({ id, companyId, ...fields, version: 1, seq, createdAt: now, updatedAt: now })
          .returning()) as [CustomerRow];
      }
      await tx.insert(auditLog).values({
        companyId,
        userId,
        action: existing ? 'customer_updated' : 'customer_created',
        entity: 'customer',
        entityId: id,
        data: { version: row.version },
        createdAt: now,
      });
      return { customer: toCustomer(row), created: !existing };
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    rethrowDuplicate(error);
  }
}

/**
 * Deletes the customer and leaves a tombstone for the changes feed. Deleting an already
 * deleted customer succeeds (a replay from a device that never saw the first answer).
 */
export async function deleteCustomer(ctx: CompanyContext, id: string): Promise<void> {
  await deleteSyncedRecord(ctx, {
    table: customers,
    entity: 'customer',
    id,
    notFound,
    refusal: customerDeleteRefusal,
  });
}

export async function getCustomer(db: DbOrTx, companyId: string, id: string): Promise<Customer> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.companyId, companyId)));
  if (!row) throw notFound();
  return toCustomer(row);
}

function searchCondition(companyId: string, search: string | undefined): SQL | undefined {
  const text = search?.trim();
  const base = eq(customers.companyId, companyId);
  if (!text) return base;
  const pattern = containsPattern(text);
  return and(
    base,
    or(
      ilike(customers.name, pattern),
      ilike(customers.identificationNumber, pattern),
      ilike(customers.phoneNumber, pattern),
      ilike(customers.email, pattern),
      ilike(customers.vatRegistrationNumber, pattern),
    ),
  );
}

export async function listCustomers(
  db: DbOrTx,
  companyId: string,
  query: { search?: string; limit: number; offset: number },
): Promise<{ items: Customer[]; total: number }> {
  const where = searchCondition(companyId, query.search);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(customers)
      .where(where)
      .orderBy(asc(sql`lower(${customers.name})`), asc(customers.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(customers).where(where),
  ]);
  return { items: rows.map(toCustomer), total: totals?.total ?? 0 };
}

/** Every customer matching the search, by name: the rows of an export. */
export async function customersForExport(
  db: DbOrTx,
  companyId: string,
  search: string | undefined,
): Promise<Customer[]> {
  const rows = await db
    .select()
    .from(customers)
    .where(searchCondition(companyId, search))
    .orderBy(asc(sql`lower(${customers.name})`), asc(customers.id));
  return rows.map(toCustomer);
}

export interface ImportOutcome {
  imported: number;
  problems: CsvRowProblem[];
}

const IMPORT_BATCH = 1000;

/**
 * Stores the valid rows of a parsed CSV in one transaction. Rows that repeat a customer the
 * company already has are refused as 'Customer already registered' and listed with the
 * file's own problems; the others are all stored, or none if the database fails.
 */
export async function importCustomers(
  ctx: CompanyContext,
  rows: CustomerCsvRow[],
  newId: () => string,
): Promise<ImportOutcome> {
  const { deps, companyId, userId } = ctx;
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      // Take the company's write lock before reading what exists, so no writer slips between.
      await reserveChangeSeq(tx, companyId, 0);
      const existing = await tx
        .select({
          identificationType: customers.identificationType,
          identificationNumber: customers.identificationNumber,
          vatRegistrationNumber: customers.vatRegistrationNumber,
          name: customers.name,
          phoneNumber: customers.phoneNumber,
          email: customers.email,
        })
        .from(customers)
        .where(eq(customers.companyId, companyId));
      const takenIds = new Set(existing.map(importKey).filter(Boolean));
      const takenVrns = new Set(existing.map((c) => c.vatRegistrationNumber).filter(Boolean));
      const problems: CsvRowProblem[] = [];
      const accepted: CustomerCsvRow[] = [];
      for (const row of rows) {
        const key = importKey(row.fields);
        if (key && takenIds.has(key)) {
          problems.push(
            duplicateProblem(row.row, importKeyColumn(key), 'customer_already_registered'),
          );
        } else if (
          row.fields.vatRegistrationNumber &&
          takenVrns.has(row.fields.vatRegistrationNumber)
        ) {
          problems.push(
            duplicateProblem(row.row, 'vat_registration_number', 'customer_already_registered'),
          );
        } else {
          accepted.push(row);
        }
      }
      if (accepted.length) {
        const first = await reserveChangeSeq(tx, companyId, accepted.length);
        for (let start = 0; start < accepted.length; start += IMPORT_BATCH) {
          await tx.insert(customers).values(
            accepted.slice(start, start + IMPORT_BATCH).map((row, index) => ({
              id: newId(),
              companyId,
              ...row.fields,
              version: 1,
              seq: first + start + index,
              createdAt: now,
              updatedAt: now,
            })),
          );
        }
        await tx.insert(auditLog).values({
          companyId,
          userId,
          action: 'customers_imported',
          entity: 'customer',
          data: { imported: accepted.length, refused: problems.length },
          createdAt: now,
        });
      }
      return { imported: accepted.length, problems };
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    rethrowDuplicate(error);
  }
}
