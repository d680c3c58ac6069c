// A busy shop's year for the report benchmarks: N issued invoices spread over a year's days and
// opening hours, each with its fiscal receipt and its accepted document in the TRA queue, written
// straight into the tables (numbering 100,000 receipts through the VFD would take the benchmark
// an hour and measures something else). Amounts come from domain/totals like real invoices.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { cents } from '../domain/money';
import { invoiceTotals, type InvoiceItem } from '../domain/schemas/invoice';
import { TAX_TYPES } from '../domain/tax';
import { traPayments } from '../domain/tra';
import type { PaymentType } from '../domain/payments';
import type { Db } from '../server/db/client';
import {
  changeCounters,
  companies,
  customers,
  fiscalReceipts,
  invoices,
  organizations,
  products,
  traOutbox,
  users,
} from '../server/db/schema';

const digits = (n: number) => Array.from({ length: n }, () => crypto.randomInt(0, 10)).join('');

/** A deterministic generator, so every run measures the same year. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SalesYear {
  companyId: string;
  organizationId: string;
  operatorIds: string[];
  productIds: string[];
  customerIds: string[];
  firstDay: string;
  lastDay: string;
}

export async function seedSalesYear(
  db: Db,
  count: number,
  options: { year?: number; onProgress?: (done: number) => void } = {},
): Promise<SalesYear> {
  const year = options.year ?? 2025;
  const rand = random(20260301);
  const [organization] = await db
    .insert(organizations)
    .values({
      name: 'Bench Org',
      ownerName: 'Bench',
      ownerPhone: '712000000',
      ownerEmail: `bench-${digits(6)}@example.co.tz`,
    })
    .returning();
  const [company] = await db
    .insert(companies)
    .values({
      organizationId: organization!.id,
      name: 'Duka la Mwaka',
      tin: digits(9),
      email: 'duka@example.co.tz',
      phone: '712000000',
      address: 'Kariakoo, Dar es Salaam',
      serial: `10TZ1${digits(5)}`,
    })
    .returning();
  const companyId = company!.id;
  const operatorRows = await db
    .insert(users)
    .values(
      ['Asha', 'Baraka', 'Neema'].map((name) => ({
        username: `bench-${name.toLowerCase()}-${digits(6)}`,
        email: `bench-${name.toLowerCase()}-${digits(6)}@example.co.tz`,
        firstName: name,
        lastName: 'Mushi',
        role: 'operator' as const,
        passwordHash: 'unused',
        mustChangePassword: false,
        companyId,
        organizationId: organization!.id,
      })),
    )
    .returning({ id: users.id, firstName: users.firstName });
  const now = new Date();
  const productRows = await db
    .insert(products)
    .values(
      Array.from({ length: 60 }, (_, i) => ({
        id: crypto.randomUUID(),
        companyId,
        name: `Bidhaa ${i + 1}`,
        nameKey: `bidhaa ${i + 1}`,
        unitPrice: 50_000 + i * 2_500,
        taxType: TAX_TYPES[i % 4]!,
        priceIncludesVat: true,
        seq: i + 1,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: products.id, name: products.name, taxType: products.taxType });
  const customerRows = await db
    .insert(customers)
    .values(
      Array.from({ length: 400 }, (_, i) => ({
        id: crypto.randomUUID(),
        companyId,
        name: `Mteja ${i + 1}`,
        identificationType: 'NO_IDENTIFICATION' as const,
        seq: 100 + i,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: customers.id, name: customers.name });

  const days: string[] = [];
  for (let d = new Date(Date.UTC(year, 0, 1)); d.getUTCFullYear() === year;) {
    days.push(d.toISOString().slice(0, 10));
    d = new Date(d.getTime() + 86_400_000);
  }
  const paymentKinds: PaymentType[] = ['cash', 'cash', 'cash', 'e-money', 'credit_card', 'cheque'];
  const BATCH = 500;
  let seq = 1_000;
  for (let start = 0; start < count; start += BATCH) {
    const invoiceRows: (typeof invoices.$inferInsert)[] = [];
    const outboxRows: (typeof traOutbox.$inferInsert)[] = [];
    const receiptRows: (typeof fiscalReceipts.$inferInsert)[] = [];
    for (let n = start; n < Math.min(count, start + BATCH); n++) {
      const day = days[Math.floor((n / count) * days.length)]!;
      const hour = 7 + Math.floor(rand() * 14);
      const minute = Math.floor(rand() * 60);
      const time = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00`;
      const at = new Date(`${day}T${time}+03:00`);
      const items: InvoiceItem[] = Array.from({ length: 1 + Math.floor(rand() * 4) }, () => {
        const product = productRows[Math.floor(rand() * productRows.length)]!;
        return {
          id: crypto.randomUUID(),
          productId: product.id,
          description: product.name,
          quantity: 1 + Math.floor(rand() * 5),
          unitPrice: cents(10_000 + Math.floor(rand() * 500_000)),
          taxType: product.taxType,
          discountPercent: rand() < 0.1 ? 5 : 0,
        };
      });
      const totals = invoiceTotals({ items, amountsIncludeTax: true });
      const total = totals.totalIncludingTax;
      const payments =
        rand() < 0.08
          ? []
          : [{ type: paymentKinds[Math.floor(rand() * paymentKinds.length)]!, amount: total }];
      const customer =
        rand() < 0.4 ? customerRows[Math.floor(rand() * customerRows.length)]! : null;
      const operator = operatorRows[n % operatorRows.length]!;
      const id = crypto.randomUUID();
      const outboxId = crypto.randomUUID();
      const gc = n + 1;
      seq += 1;
      invoiceRows.push({
        id,
        companyId,
        version: 3,
        status: 'issued',
        date: day,
        operatorId: operator.id,
        operatorName: `${operator.firstName} Mushi`,
        customerId: customer?.id ?? null,
        customer: {
          name: customer?.name ?? '',
          identificationType: 'NO_IDENTIFICATION',
          identificationNumber: null,
          phoneNumber: null,
          email: null,
          vatRegistrationNumber: null,
        } as never,
        amountsIncludeTax: true,
        items,
        payments,
        lineTotals: totals.lines,
        taxGroups: totals.groups,
        totalDiscount: totals.totalDiscount,
        subTotal: totals.subTotal,
        totalExcludingTax: totals.totalExcludingTax,
        taxAmount: totals.taxAmount,
        totalIncludingTax: total,
        origin: 'web',
        receiptNumber: gc,
        verificationCode: `BENCH${gc}`,
        publicId: crypto.randomBytes(16).toString('base64url'),
        seq,
        submittedAt: at,
        issuedAt: at,
        createdAt: at,
        updatedAt: at,
      });
      outboxRows.push({
        id: outboxId,
        companyId,
        seq: gc,
        kind: 'receipt',
        body: '<EFDMS/>',
        status: 'accepted',
        attempts: 1,
        nextAttemptAt: at,
        settledAt: at,
        createdAt: at,
        updatedAt: at,
      });
      const vat: Record<string, { net: number; tax: number }> = {};
      for (const g of totals.groups) {
        vat[{ standard: 'A', zero_rated: 'C', special_relief: 'D', exempted: 'E' }[g.taxType]] = {
          net: g.netAmount,
          tax: g.taxAmount,
        };
      }
      receiptRows.push({
        companyId,
        invoiceId: id,
        outboxId,
        gc,
        dc: 1,
        znum: day.replace(/-/g, ''),
        rctvnum: `BENCH${gc}`,
        date: day,
        time,
        issuedAt: at,
        verificationUrl: `https://verify.example/BENCH${gc}`,
        customerName: customer?.name ?? '',
        customerIdType: 6,
        customerId: '',
        customerMobile: '',
        totalExclCents: totals.totalExcludingTax,
        totalTaxCents: totals.taxAmount,
        totalInclCents: total,
        discountCents: totals.totalDiscount,
        vatTotals: vat,
        payments: Object.fromEntries(traPayments(payments, total).map((p) => [p.type, p.amount])),
        createdAt: at,
      });
    }
    await db.transaction(async (tx) => {
      await tx.insert(invoices).values(invoiceRows);
      await tx.insert(traOutbox).values(outboxRows);
      await tx.insert(fiscalReceipts).values(receiptRows);
    });
    options.onProgress?.(Math.min(count, start + BATCH));
  }
  await db
    .insert(changeCounters)
    .values({ companyId, lastSeq: seq })
    .onConflictDoUpdate({ target: changeCounters.companyId, set: { lastSeq: sql`${seq}` } });
  return {
    companyId,
    organizationId: organization!.id,
    operatorIds: operatorRows.map((o) => o.id),
    productIds: productRows.map((p) => p.id),
    customerIds: customerRows.map((c) => c.id),
    firstDay: days[0]!,
    lastDay: days[days.length - 1]!,
  };
}
