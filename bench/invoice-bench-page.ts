// Loaded into a page of the built app by invoices-browser.bench.ts: the app's own invoice
// repository and database code, bundled for the browser, so the benchmark times exactly what
// the editor's Save does (validate, store the invoice and its outbox entry in one transaction)
// in Chromium's IndexedDB, and can fill the phone with invoices as a pull would.
import { eatDate } from '../domain/dates';
import { invoiceTotals, type Invoice, type InvoiceFieldsInput } from '../domain/schemas/invoice';
import type { TaxType } from '../domain/tax';
import { db } from '../src/db/db';
import {
  findInvoiceIds,
  invoiceIdsWithWords,
  saveInvoiceDraft,
  searchWordsOf,
  submitInvoice,
  syncedInvoice,
  type InvoiceContext,
} from '../src/db/invoices';

const NAMES = ['Asha', 'Baraka', 'Neema', 'Juma', 'Halima', 'Said', 'Rehema', 'Omari', 'Zawadi'];
const GOODS = ['Sabuni', 'Mchele', 'Unga', 'Sukari', 'Mafuta', 'Chai', 'Maji', 'Mkate', 'Chumvi'];
const TAXES: TaxType[] = ['standard', 'standard', 'standard', 'zero_rated', 'exempted'];

function fields(lines: number, seed: number): InvoiceFieldsInput {
  return {
    customer: {
      name: `${NAMES[seed % NAMES.length]} ${seed}`,
      identificationType: 'NO_IDENTIFICATION',
    },
    amountsIncludeTax: true,
    items: Array.from({ length: lines }, (_, i) => ({
      id: crypto.randomUUID(),
      description: `${GOODS[(seed + i) % GOODS.length]} ${i + 1}`,
      quantity: 1 + ((seed + i) % 5),
      unitPrice: (500 + ((seed * 37 + i * 101) % 20_000)) * 100,
      taxType: TAXES[(seed + i) % TAXES.length]!,
      discountPercent: i % 4 === 0 ? 5 : 0,
    })),
    payments: [],
    reference: `LPO-${seed}`,
  };
}

/** An invoice as the server would send it: issued, numbered, on a day of the past year. */
function serverInvoice(companyId: string, seed: number, now: number): Invoice {
  const input = fields(3, seed);
  const items = input.items.map((item) => ({ productId: null, ...item })) as Invoice['items'];
  const { lines, ...totals } = invoiceTotals({ items, amountsIncludeTax: true });
  const at = now - (seed % 365) * 86_400_000 - seed * 1000;
  const date = eatDate(at);
  const draft = seed % 10 === 0;
  return {
    id: crypto.randomUUID(),
    customerId: null,
    customer: {
      name: input.customer!.name!,
      identificationType: 'NO_IDENTIFICATION',
      identificationNumber: null,
      phoneNumber: `7${String(10_000_000 + seed).slice(-8)}`,
      email: null,
      vatRegistrationNumber: null,
    },
    amountsIncludeTax: true,
    items,
    payments: [{ type: 'cash', amount: totals.totalInvoice }],
    reference: `LPO-${seed}`,
    accountingNumber: null,
    origin: 'web',
    correctsInvoiceId: null,
    status: draft ? 'draft' : 'issued',
    date,
    operatorId: null,
    operatorName: 'Juma Hassan',
    totals,
    lineTotals: lines,
    fiscal: draft
      ? null
      : {
          receiptNumber: seed + 1,
          dailyCounter: 1,
          zNumber: date.replace(/-/g, ''),
          verificationCode: `317B5E${seed + 1}`,
          receiptDate: date,
          receiptTime: '10:00:00',
          verificationUrl: `https://verify.tra.go.tz/317B5E${seed + 1}_100000`,
          traStatus: 'accepted',
          traMessage: null,
        },
    publicId: `p${String(seed).padStart(21, '0')}`,
    submittedAt: draft ? null : new Date(at).toISOString(),
    issuedAt: draft ? null : new Date(at).toISOString(),
    canceledAt: null,
    version: draft ? 1 : 3,
    createdAt: new Date(at).toISOString(),
    updatedAt: new Date(at).toISOString(),
  };
}

const bench = {
  /** Times `runs` saves of a new invoice with `lines` lines; ms each. */
  async timeSaves(context: InvoiceContext, lines: number, runs: number): Promise<number[]> {
    const times: number[] = [];
    for (let run = 0; run < runs; run++) {
      const input = { ...fields(lines, run), id: crypto.randomUUID() };
      const start = performance.now();
      await saveInvoiceDraft(context, input);
      times.push(performance.now() - start);
    }
    return times;
  },
  /** Writes `count` issued invoices as a pull stores them. */
  async seed(companyId: string, count: number): Promise<void> {
    const now = Date.now();
    const records = Array.from({ length: count }, (_, i) =>
      syncedInvoice(serverInvoice(companyId, i, now), companyId),
    );
    for (let start = 0; start < records.length; start += 1000) {
      await db.invoices.bulkPut(records.slice(start, start + 1000));
    }
  },
  /** Writes and submits `count` invoices, as an operator would with no connection. */
  async submitMany(context: InvoiceContext, count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const id = crypto.randomUUID();
      await submitInvoice(context, { ...fields(2, 50_000 + i), id });
      ids.push(id);
    }
    return ids;
  },
  /** Times the list's query alone (index keys, no rows), for `search`; ms and matches. */
  async timeQuery(companyId: string, search: string): Promise<[number, number]> {
    const start = performance.now();
    const ids = await findInvoiceIds(companyId, { search });
    return [performance.now() - start, ids.length];
  },
  /** Times what a key typed in the search reads: its words' index ranges; ms and matches. */
  async timeWords(search: string): Promise<[number, number]> {
    const start = performance.now();
    const ids = await invoiceIdsWithWords(searchWordsOf(search));
    return [performance.now() - start, ids.size];
  },
  async statuses(ids: string[]): Promise<Record<string, number>> {
    const invoices = await db.invoices.bulkGet(ids);
    const counts: Record<string, number> = {};
    for (const invoice of invoices) {
      const key = !invoice
        ? 'missing'
        : invoice.fiscal
          ? invoice.status
          : `${invoice.status}-waiting`;
      counts[key] = (counts[key] ?? 0) + 1;
    }
    return counts;
  },
  async clear(): Promise<void> {
    await db.transaction('rw', [db.invoices, db.outbox, db.invoiceDrafts], async () => {
      await db.invoices.clear();
      await db.outbox.clear();
      await db.invoiceDrafts.clear();
    });
  },
  /** Closes this copy of the database so the app's own copy is the only one. */
  close(): void {
    db.close();
  },
};

(window as unknown as { invoiceBench: typeof bench }).invoiceBench = bench;
