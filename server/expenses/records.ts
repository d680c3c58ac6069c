// Rows of the expense tables as the API returns them (domain/expense-record.ts).
import { RATE_SCALE } from '../../domain/currency';
import type {
  ExpenseAttachmentRecord,
  ExpenseCategoryRecord,
  ExpenseRecord,
  VendorRecord,
} from '../../domain/expense-record';
import type { Cents } from '../../domain/money';
import type { expenseAttachments, expenseCategories, expenses, vendors } from '../db/schema';

export type ExpenseRow = typeof expenses.$inferSelect;
export type VendorRow = typeof vendors.$inferSelect;
export type CategoryRow = typeof expenseCategories.$inferSelect;
export type AttachmentRow = typeof expenseAttachments.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toExpense(row: ExpenseRow): ExpenseRecord {
  return {
    id: row.id,
    version: row.version,
    status: row.status,
    source: row.source,
    receiptCode: row.receiptCode,
    date: row.date,
    time: row.time,
    currency: row.currency,
    currencyRate: row.rateMicros / RATE_SCALE,
    amountType: row.amountType,
    categoryId: row.categoryId,
    vendor: row.vendor ? { ...row.vendor, vendorId: row.vendorId } : null,
    items: row.items,
    payments: row.payments,
    lineTotals: row.lineTotals,
    totals: {
      netAmount: row.netAmount as Cents,
      totalVat: row.totalVat as Cents,
      totalAmount: row.totalAmount as Cents,
      paid: row.paid as Cents,
      balance: row.balance as Cents,
    },
    netAmountTzs: row.netAmountTzs as Cents,
    totalVatTzs: row.totalVatTzs as Cents,
    totalAmountTzs: row.totalAmountTzs as Cents,
    lookup: row.lookupStatus
      ? {
          status: row.lookupStatus,
          time: row.lookupTime ?? row.time,
          error: row.lookupError,
          attempts: row.lookupAttempts,
          at: (row.lookupAt ?? row.updatedAt).toISOString(),
        }
      : null,
    createdBy: { id: row.createdById, name: row.createdByName },
    processedAt: iso(row.processedAt),
    canceledAt: iso(row.canceledAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toVendor(row: VendorRow): VendorRecord {
  return {
    id: row.id,
    version: row.version,
    name: row.name,
    tin: row.tin,
    vrn: row.vrn,
    serial: row.serial,
    phone: row.phone,
    address: row.address,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toCategory(row: CategoryRow): ExpenseCategoryRecord {
  return {
    id: row.id,
    version: row.version,
    name: row.name,
    code: row.code,
    description: row.description,
    active: row.active,
    preset: row.preset,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toAttachment(row: AttachmentRow): ExpenseAttachmentRecord {
  return {
    id: row.id,
    version: row.version,
    expenseId: row.expenseId,
    name: row.name,
    kind: row.kind,
    mime: row.mime,
    size: row.size,
    sha256: row.sha256,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
