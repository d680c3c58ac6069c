// A customer's invoices as the device has them, for the customer's page and for refusing to
// delete a customer that invoices refer to. Invoices arrive in a later version of the local
// database; until then there is no 'invoices' table and a customer has none on this device.
import { db } from './db';

export interface CustomerInvoice {
  id: string;
  /** EAT business date, YYYY-MM-DD. */
  date: string | null;
  status: string;
  receiptNumber: number | null;
  /** Integer cents. */
  total: number | null;
}

interface StoredInvoice {
  id: string;
  companyId?: string;
  customerId?: string | null;
  deleted?: 0 | 1;
  date?: string;
  createdAt?: string;
  status?: string;
  fiscal?: { receiptNumber?: number } | null;
  totals?: { totalInvoice?: number } | null;
}

function invoicesTable() {
  return db.tables.find((table) => table.name === 'invoices') ?? null;
}

async function storedInvoicesOf(companyId: string, customerId: string): Promise<StoredInvoice[]> {
  const table = invoicesTable();
  if (!table) return [];
  const indexes = table.schema.idxByName;
  const rows: StoredInvoice[] = indexes['[companyId+customerId]']
    ? await table.where('[companyId+customerId]').equals([companyId, customerId]).toArray()
    : indexes.customerId
      ? await table.where('customerId').equals(customerId).toArray()
      : await table.filter((row: StoredInvoice) => row.customerId === customerId).toArray();
  return rows.filter((row) => row.companyId === companyId && !row.deleted);
}

/** Newest first. */
export async function invoicesOfCustomer(
  companyId: string,
  customerId: string,
): Promise<CustomerInvoice[]> {
  const rows = await storedInvoicesOf(companyId, customerId);
  return rows
    .map((row) => ({
      id: row.id,
      date: row.date ?? row.createdAt?.slice(0, 10) ?? null,
      status: row.status ?? 'draft',
      receiptNumber: row.fiscal?.receiptNumber ?? null,
      total: row.totals?.totalInvoice ?? null,
    }))
    .sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''));
}

export async function customerHasInvoices(companyId: string, customerId: string): Promise<boolean> {
  return (await storedInvoicesOf(companyId, customerId)).length > 0;
}
