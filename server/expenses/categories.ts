// Expense categories of one company (spec §3): saved whole by the phone, unique by code, never
// deleted (inactivated instead, spec §4). A new company starts with the set a Tanzanian shop
// needs (domain/expense-categories.ts).
import crypto from 'node:crypto';
import { and, asc, count, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import { STARTING_CATEGORIES } from '../../domain/expense-categories';
import { errorMessages } from '../../domain/errors';
import type { ExpenseCategoryRecord } from '../../domain/expense-record';
import type { ExpenseCategory } from '../../domain/schemas/expense-category';
import type { DbOrTx, Tx } from '../db/client';
import { expenseCategories } from '../db/schema';
import { appError } from '../http/app-error';
import type { CompanyContext } from '../http/company';
import { reserveChangeSeq } from '../sync/changes';
import { saveSyncedRecord, type SaveSpec } from '../sync/save';
import { toCategory, type CategoryRow } from './records';
import { containsPattern } from '../db/contains';

export type CategoryFields = Omit<ExpenseCategory, 'id'>;

export const categoryNotFound = () => appError(404, 'category_not_found');

const codeTaken = () =>
  appError(409, 'category_code_taken', {
    fields: { code: errorMessages.category_code_taken.id },
  });

const spec: SaveSpec<CategoryRow, CategoryFields> = {
  table: expenseCategories,
  entity: 'expense_category',
  notFound: categoryNotFound,
  same: (row, fields) =>
    row.name === fields.name &&
    row.code === fields.code &&
    row.description === fields.description &&
    row.active === fields.active,
  toRecord: toCategory,
  async assertUnique(tx, companyId, id, fields) {
    const [same] = await tx
      .select({ id: expenseCategories.id })
      .from(expenseCategories)
      .where(
        and(
          eq(expenseCategories.companyId, companyId),
          eq(expenseCategories.code, fields.code),
          ne(expenseCategories.id, id),
        ),
      )
      .limit(1);
    if (same) throw codeTaken();
  },
  uniqueRefusal: (constraint) =>
    constraint === 'expense_categories_code_idx' ? codeTaken() : null,
};

export async function saveCategory(
  ctx: CompanyContext,
  id: string,
  fields: CategoryFields,
  mode: 'create' | 'upsert',
  /** The version the change was made on (If-Match); null saves over any version. */
  expected: number | null = null,
): Promise<{ category: ExpenseCategoryRecord; created: boolean }> {
  const saved = await saveSyncedRecord(ctx, spec, id, fields, mode, expected);
  return { category: toCategory(saved.row), created: saved.created };
}

export async function getCategory(
  db: DbOrTx,
  companyId: string,
  id: string,
): Promise<ExpenseCategoryRecord> {
  const [row] = await db
    .select()
    .from(expenseCategories)
    .where(and(eq(expenseCategories.id, id), eq(expenseCategories.companyId, companyId)));
  if (!row) throw categoryNotFound();
  return toCategory(row);
}

export async function listCategories(
  db: DbOrTx,
  companyId: string,
  query: { search?: string; active?: boolean; limit: number; offset: number },
): Promise<{ items: ExpenseCategoryRecord[]; total: number }> {
  const conditions: (SQL | undefined)[] = [eq(expenseCategories.companyId, companyId)];
  const text = query.search?.trim();
  if (text) {
    conditions.push(
      or(
        ilike(expenseCategories.name, containsPattern(text)),
        ilike(expenseCategories.code, containsPattern(text)),
      ),
    );
  }
  if (query.active !== undefined) conditions.push(eq(expenseCategories.active, query.active));
  const where = and(...conditions);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(expenseCategories)
      .where(where)
      .orderBy(asc(sql`lower(${expenseCategories.name})`), asc(expenseCategories.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(expenseCategories).where(where),
  ]);
  return { items: rows.map(toCategory), total: totals?.total ?? 0 };
}

/**
 * Gives a company that has no categories yet the starting set, in the transaction that creates
 * the company. Names are stored in English with their preset, and shown in the reader's
 * language until someone renames them.
 */
export async function insertStartingCategories(
  tx: Tx,
  companyId: string,
  now: Date,
): Promise<void> {
  const [existing] = await tx
    .select({ id: expenseCategories.id })
    .from(expenseCategories)
    .where(eq(expenseCategories.companyId, companyId))
    .limit(1);
  if (existing) return;
  const first = await reserveChangeSeq(tx, companyId, STARTING_CATEGORIES.length);
  await tx.insert(expenseCategories).values(
    STARTING_CATEGORIES.map((category, index) => ({
      id: crypto.randomUUID(),
      companyId,
      name: category.name.id,
      code: category.code,
      description: category.description.id,
      active: true,
      preset: category.preset,
      version: 1,
      seq: first + index,
      createdAt: now,
      updatedAt: now,
    })),
  );
}
