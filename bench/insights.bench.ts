// What one AI insight task costs the server with its own engine: reading a busy shop's figures
// (BENCH_SALES invoices over a year, 20,000 unless told; the projection brought up to date
// first, as the first report does) for a month and for the year against the period before,
// and writing each type's insights. The engine alone is timed apart. PGlite, or PostgreSQL
// with BENCH_DATABASE_URL. Medians of 7 runs are printed.
import { performance } from 'node:perf_hooks';
import { generateInsights } from '../domain/insights-engine';
import { INSIGHT_TYPES } from '../domain/schemas/insight';
import { insightFigures } from '../server/insights/figures';
import { projectSales } from '../server/reports/project';
import { seedSalesYear } from './sales-data';
import { benchDatabase, benchDeps, line, percentile } from './support';

const COUNT = Number(process.env.BENCH_SALES ?? 20_000);
const RUNS = 7;

const database = await benchDatabase();
try {
  console.log(`AI insights: ${COUNT.toLocaleString('en')} invoices over a year, ${database.label}`);
  const year = await seedSalesYear(database.db, COUNT, { year: 2025 });
  const deps = benchDeps(database, 'http://127.0.0.1:9/tra-sim');
  await projectSales(database.db, year.companyId);
  const periods = {
    'a month (June 2025)': { firstDay: '2025-06-01', lastDay: '2025-06-30' },
    'the year 2025': { firstDay: '2025-01-01', lastDay: '2025-12-31' },
  };
  for (const [label, period] of Object.entries(periods)) {
    const times: number[] = [];
    let figures: Awaited<ReturnType<typeof insightFigures>> | null = null;
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      figures = await insightFigures(deps, year.companyId, period);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    line(
      `reading the figures of ${label}`,
      `p50 ${percentile(times, 50).toFixed(1)} ms (${figures!.sales.current.receipts.toLocaleString('en')} receipts)`,
    );
    for (const type of INSIGHT_TYPES) {
      const engine: number[] = [];
      let count = 0;
      for (let run = 0; run < 200; run++) {
        const started = performance.now();
        count = generateInsights(type, figures!).length;
        engine.push(performance.now() - started);
      }
      engine.sort((a, b) => a - b);
      line(
        `  the engine's ${type} insights`,
        `p50 ${(percentile(engine, 50) * 1000).toFixed(0)} µs (insights written: ${count})`,
      );
    }
  }
} finally {
  await database.drop();
}
