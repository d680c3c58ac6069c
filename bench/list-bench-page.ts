// Loaded into a page of the built app by lists-browser.bench.ts: fills the phone's database with
// customers as a pull stores them, through the app's own repository code (the invoices come
// from invoice-bench-page.ts, loaded beside it).
import { db } from '../src/db/db';
import { syncedCustomer } from '../src/db/customers';
import type { Customer } from '../domain/schemas/customer';

const NAMES = ['Duka', 'Mama', 'Kampuni', 'Baraka', 'Neema', 'Juma', 'Halima', 'Said'];

function serverCustomer(seed: number, now: number): Customer {
  const at = new Date(now - seed * 1000).toISOString();
  const kind = seed % 3;
  return {
    id: crypto.randomUUID(),
    name: `${NAMES[seed % NAMES.length]} ${seed}`,
    identificationType: kind === 0 ? 'TAX_IDENTIFICATION_NUMBER' : 'NO_IDENTIFICATION',
    identificationNumber: kind === 0 ? String(100_000_000 + seed) : null,
    phoneNumber: kind === 0 ? `712${String(seed).padStart(6, '0')}` : null,
    email: kind === 0 ? `duka${seed}@example.co.tz` : null,
    vatRegistrationNumber: null,
    version: 1,
    createdAt: at,
    updatedAt: at,
  } as Customer;
}

const bench = {
  /** Writes `count` customers as a pull stores them. */
  async seedCustomers(companyId: string, count: number): Promise<void> {
    const now = Date.now();
    const records = Array.from({ length: count }, (_, i) =>
      syncedCustomer(serverCustomer(i, now), companyId),
    );
    for (let start = 0; start < records.length; start += 1000) {
      await db.customers.bulkPut(records.slice(start, start + 1000));
    }
  },
  /** Closes this copy of the database so the app's own copy is the only one. */
  close(): void {
    db.close();
  },
};

(window as unknown as { listBench: typeof bench }).listBench = bench;
