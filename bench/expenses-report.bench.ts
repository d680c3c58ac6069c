// The expenses report of a company with 10,000 expenses over a year, as the server makes it:
// the figures (JSON), the PDF and the Excel download, each timed over HTTP on the app itself.
// On PGlite, or PostgreSQL with BENCH_DATABASE_URL. Numbers are printed.
import crypto from 'node:crypto';
import { signAccessToken } from '../server/auth/tokens';
import { openSession } from '../server/auth/service';
import { createApp } from '../server/app';
import { companies, expenseCategories, expenses, organizations, users } from '../server/db/schema';
import { expenseColumns } from '../server/expenses/service';
import { insertStartingCategories } from '../server/expenses/categories';
import { benchDatabase, benchDeps, line } from './support';

const EXPENSES = 10_000;
const RUNS = 3;

const database = await benchDatabase();
try {
  const deps = benchDeps(database, 'http://127.0.0.1:9/tra-sim');
  const app = createApp(deps);
  const now = new Date();
  const [organization] = await deps.db
    .insert(organizations)
    .values({
      name: 'Bench Org',
      ownerName: 'Bench',
      ownerPhone: '712000000',
      ownerEmail: 'b@e.co.tz',
    })
    .returning();
  const [company] = await deps.db
    .insert(companies)
    .values({
      organizationId: organization!.id,
      name: 'Duka la Kupima',
      tin: '101825906',
      email: 'duka@example.co.tz',
      phone: '712000000',
      address: 'Kariakoo, Dar es Salaam',
      serial: '10TZ100781',
    })
    .returning();
  const [user] = await deps.db
    .insert(users)
    .values({
      username: 'bench-operator',
      email: 'op@e.co.tz',
      firstName: 'Bench',
      lastName: 'Operator',
      passwordHash: 'x',
      role: 'operator',
      companyId: company!.id,
      organizationId: organization!.id,
      mustChangePassword: false,
    })
    .returning();
  await deps.db.transaction((tx) => insertStartingCategories(tx, company!.id, now));
  const categoryIds = (
    await deps.db.select({ id: expenseCategories.id }).from(expenseCategories)
  ).map((row) => row.id);

  const year = now.getUTCFullYear() - 1;
  let start = performance.now();
  const rows = Array.from({ length: EXPENSES }, (_, index) => {
    const day = new Date(Date.UTC(year, 0, 1 + (index % 365))).toISOString().slice(0, 10);
    const amount = 10_000 + ((index * 7919) % 500_000) * 10;
    const columns = expenseColumns({
      source: 'manual',
      receiptCode: `B${index.toString(36).toUpperCase()}X${index}`,
      date: day,
      time: '10:00:00',
      currency: index % 50 === 0 ? 'USD' : 'TZS',
      currencyRate: index % 50 === 0 ? 2650 : 1,
      amountType: index % 3 === 0 ? 'NO_TAX' : 'INCLUSIVE',
      categoryId: categoryIds[index % categoryIds.length]!,
      vendor: {
        vendorId: null,
        name: `Muuzaji ${index % 120}`,
        tin: null,
        vrn: null,
        phone: null,
        serial: null,
      },
      items: [
        {
          description: `Bidhaa ${index}`,
          quantity: 1000 as never,
          unitAmount: amount as never,
          taxType: index % 3 === 0 ? null : 'STANDARD',
        },
      ],
      payments: [
        {
          method: (['CASH', 'BANK', 'CHEQUE', 'EMONEY'] as const)[index % 4]!,
          amount: amount as never,
        },
      ],
    });
    return {
      ...columns,
      id: crypto.randomUUID(),
      companyId: company!.id,
      status: 'processed' as const,
      vendorId: null,
      version: 1,
      seq: index + 100,
      createdAt: now,
      updatedAt: now,
    };
  });
  for (let from = 0; from < rows.length; from += 1000) {
    await deps.db.insert(expenses).values(rows.slice(from, from + 1000));
  }
  console.log(`expenses report (${database.label}, ${EXPENSES} expenses over ${year})`);
  line(`store ${EXPENSES} expenses`, `${(performance.now() - start).toFixed(0)} ms`);

  const sid = await openSession(deps.db, user!.id, now);
  const token = await signAccessToken(
    deps.secrets.jwtKey,
    { sub: user!.id, role: 'operator', tv: 0, sid },
    now,
  );
  const period = `preset=custom&from=01-01-${year}&to=31-12-${year}`;
  for (const format of ['json', 'pdf', 'xlsx'] as const) {
    const times: number[] = [];
    let size = 0;
    for (let run = 0; run < RUNS; run++) {
      start = performance.now();
      const response = await app.request(
        `/v1/accounting/expenses/report?${period}&format=${format}`,
        {
          headers: { authorization: `Bearer ${token}` },
        },
      );
      const body = await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${format}: ${response.status}`);
      times.push(performance.now() - start);
      size = body.byteLength;
    }
    times.sort((a, b) => a - b);
    line(
      `report for a year, ${format}`,
      `median ${times[Math.floor(RUNS / 2)]!.toFixed(0)} ms, best ${times[0]!.toFixed(0)} ms, ${(size / 1024).toFixed(0)} KiB`,
    );
  }
} finally {
  await database.drop();
}
