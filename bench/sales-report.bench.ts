// The sales report of a busy shop's year (BENCH_SALES invoices, 100,000 unless told): the first
// report's catch-up of the projection, then the SQL aggregation of the year (whole, filtered by
// operator, by product, and by a product with a second filter) as a report request runs it,
// and the year's Excel download's time and size. Every filter of the report is timed on its
// own. PGlite, or PostgreSQL with BENCH_DATABASE_URL.
import { performance } from 'node:perf_hooks';
import { projectSales } from '../server/reports/project';
import { salesReport } from '../server/reports/sales';
import { salesWorkbook } from '../server/reports/excel';
import { seedSalesYear } from './sales-data';
import { benchDatabase, line, percentile } from './support';

const COUNT = Number(process.env.BENCH_SALES ?? 100_000);
const RUNS = 7;

const database = await benchDatabase();
console.log(`Sales report: ${COUNT.toLocaleString('en')} invoices over a year, ${database.label}`);
let started = performance.now();
const year = await seedSalesYear(database.db, COUNT);
line(
  'seeding the year (not part of the product)',
  `${((performance.now() - started) / 1000).toFixed(1)} s`,
);

started = performance.now();
await projectSales(database.db, year.companyId);
const projected = (performance.now() - started) / 1000;
line(
  'first report: projecting every receipt',
  `${projected.toFixed(2)} s, ${Math.round(COUNT / projected).toLocaleString('en')} receipts/s`,
);

async function time(label: string, filter: Parameters<typeof salesReport>[1]['filter']) {
  const times: number[] = [];
  let receipts = 0;
  for (let run = 0; run < RUNS; run++) {
    const t0 = performance.now();
    await projectSales(database.db, year.companyId);
    const report = await salesReport(database.db, {
      companyId: year.companyId,
      firstDay: year.firstDay,
      lastDay: year.lastDay,
      filter,
    });
    times.push(performance.now() - t0);
    receipts = report.totals.receipts;
  }
  times.sort((a, b) => a - b);
  line(
    `${label} (${receipts.toLocaleString('en')} receipts)`,
    `median ${percentile(times, 50).toFixed(0)} ms, worst ${times[times.length - 1]!.toFixed(0)} ms`,
  );
}

await time('year, no filter', {});
await time('year, one operator', { operator: year.operatorIds[0] });
await time('year, one operator, issued receipts', {
  operator: year.operatorIds[0],
  status: 'issued',
});
await time('year, one product', { product: year.productIds[0] });
await time('year, one product, issued receipts', {
  product: year.productIds[0],
  status: 'issued',
});
await time('year, one product, one operator', {
  product: year.productIds[0],
  operator: year.operatorIds[0],
});
await time('year, one product, cash receipts', { product: year.productIds[0], payment: 'CASH' });
await time('year, one product, standard-rated VAT (group A)', {
  product: year.productIds[0],
  taxType: 'standard',
});
await time('year, one product, one customer', {
  product: year.productIds[0],
  customer: year.customerIds[0],
});
await time('year, one customer', { customer: year.customerIds[0] });
await time('year, standard-rated VAT (group A)', { taxType: 'standard' });
await time('year, exempted (group E)', { taxType: 'exempted' });
await time('year, cash receipts', { payment: 'CASH' });
await time('year, e-money receipts', { payment: 'EMONEY' });
await time('year, issued receipts', { status: 'issued' });

started = performance.now();
const query = {
  companyId: year.companyId,
  firstDay: year.firstDay,
  lastDay: year.lastDay,
  filter: {},
};
const workbook = await salesWorkbook(database.db, query, await salesReport(database.db, query), {
  locale: 'en',
});
line(
  'Excel of the year (report + workbook)',
  `${((performance.now() - started) / 1000).toFixed(1)} s, ${(workbook.length / 1024 / 1024).toFixed(1)} MiB`,
);

await database.drop();
