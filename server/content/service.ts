// What the platform publishes: the tax tips of /tax-tips (edited by platform and organization
// admins on /cms-tax-tips, published when saved) and the product updates of /updates (written
// by the platform admin). Both are kept in English and Swahili.
import { asc, count, desc, eq } from 'drizzle-orm';
import type { ProductUpdateInput, TaxTipInput } from '../../domain/schemas/content';
import type { AuthUser, Deps } from '../context';
import { auditLog, productUpdates, taxTips } from '../db/schema';
import { appError } from '../http/app-error';

export interface TaxTipView extends TaxTipInput {
  id: string;
  updatedAt: string;
}

export async function listTaxTips(deps: Deps): Promise<{ tips: TaxTipView[] }> {
  const rows = await deps.db.select().from(taxTips).orderBy(asc(taxTips.position)).limit(100);
  return {
    tips: rows.map((row) => ({
      id: row.id,
      titleEn: row.titleEn,
      titleSw: row.titleSw,
      bodyEn: row.bodyEn,
      bodySw: row.bodySw,
      updatedAt: row.updatedAt.toISOString(),
    })),
  };
}

/** Replaces the whole list in one transaction: readers see the old list or the new, never half. */
export async function saveTaxTips(
  deps: Deps,
  user: AuthUser,
  tips: TaxTipInput[],
): Promise<{ tips: TaxTipView[] }> {
  if (user.role !== 'platform_admin' && user.role !== 'org_admin') {
    throw appError(403, 'forbidden');
  }
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx.delete(taxTips);
    if (tips.length > 0) {
      await tx
        .insert(taxTips)
        .values(
          tips.map((tip, position) => ({ ...tip, position, updatedBy: user.id, updatedAt: now })),
        );
    }
    await tx.insert(auditLog).values({
      userId: user.id,
      action: 'tax_tips_saved',
      entity: 'tax_tips',
      data: { count: tips.length },
      createdAt: now,
    });
  });
  return listTaxTips(deps);
}

export interface ProductUpdateView extends ProductUpdateInput {
  id: string;
  publishedAt: string;
}

function updateView(row: typeof productUpdates.$inferSelect): ProductUpdateView {
  return {
    id: row.id,
    titleEn: row.titleEn,
    titleSw: row.titleSw,
    bodyEn: row.bodyEn,
    bodySw: row.bodySw,
    publishedAt: row.publishedAt.toISOString(),
  };
}

export async function listProductUpdates(
  deps: Deps,
  query: { limit: number; offset: number },
): Promise<{ items: ProductUpdateView[]; total: number }> {
  const [total] = await deps.db.select({ n: count() }).from(productUpdates);
  const rows = await deps.db
    .select()
    .from(productUpdates)
    .orderBy(desc(productUpdates.publishedAt), desc(productUpdates.id))
    .limit(query.limit)
    .offset(query.offset);
  return { items: rows.map(updateView), total: total?.n ?? 0 };
}

function assertPlatformAdmin(user: AuthUser): void {
  if (user.role !== 'platform_admin') throw appError(403, 'forbidden');
}

export async function createProductUpdate(
  deps: Deps,
  user: AuthUser,
  input: ProductUpdateInput,
): Promise<ProductUpdateView> {
  assertPlatformAdmin(user);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(productUpdates)
      .values({ ...input, createdBy: user.id, publishedAt: now, updatedAt: now })
      .returning();
    await tx.insert(auditLog).values({
      userId: user.id,
      action: 'product_update_published',
      entity: 'product_update',
      entityId: row!.id,
      createdAt: now,
    });
    return updateView(row!);
  });
}

export async function editProductUpdate(
  deps: Deps,
  user: AuthUser,
  id: string,
  input: ProductUpdateInput,
): Promise<ProductUpdateView> {
  assertPlatformAdmin(user);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(productUpdates)
      .set({ ...input, updatedAt: now })
      .where(eq(productUpdates.id, id))
      .returning();
    if (!row) throw appError(404, 'not_found');
    await tx.insert(auditLog).values({
      userId: user.id,
      action: 'product_update_edited',
      entity: 'product_update',
      entityId: id,
      createdAt: now,
    });
    return updateView(row);
  });
}

export async function deleteProductUpdate(deps: Deps, user: AuthUser, id: string): Promise<void> {
  assertPlatformAdmin(user);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(productUpdates)
      .where(eq(productUpdates.id, id))
      .returning({ id: productUpdates.id });
    if (!row) throw appError(404, 'not_found');
    await tx.insert(auditLog).values({
      userId: user.id,
      action: 'product_update_deleted',
      entity: 'product_update',
      entityId: id,
      createdAt: now,
    });
  });
}
