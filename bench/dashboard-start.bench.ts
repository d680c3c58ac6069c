// The signed-in dashboard as an operator opens it again on a slow phone: the built app, installed
// (its files from the service worker), in Chromium with its CPU slowed 4× (BENCH_CPU_SLOWDOWN),
// after two visits so the browser has compiled the scripts once, as on a phone used every day.
// The page's own long tasks are read in the page (a Long Tasks observer set before any script
// runs), and the blocking time counted as Lighthouse counts it: each task's time over 50 ms, from
// the first paint until the page has been quiet for two seconds. Lighthouse's estimate of the
// same page multiplies every task of an unslowed load, the browser's own work included, and on
// some machines that work dominates; this bench measures the slowed load itself. Two cases: an
// operator who has not yet taken the guided tour (it opens over the dashboard), and one who has.
// Prints the median of five runs and each run. Needs `npm run build`.
import type { Page } from 'playwright-core';
import { launchBrowser, newContext, PHONE } from '../tests/e2e/helpers/browser';
import { startServer } from '../tests/e2e/helpers/server';
import { activateSeededUser, signIn } from '../tests/e2e/helpers/session';

const CPU_SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);
const RUNS = 5;
const WARM_VISITS = 2;
const QUIET_MS = 2_000;

interface Run {
  blocking: number;
  longest: number;
  tasks: number;
  firstPaint: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const line = (label: string, value: string) => console.log(`  ${label.padEnd(58)} ${value}`);

/** Records the page's long tasks and first paint from its very start, on every load. */
async function observe(page: Page) {
  await page.addInitScript(() => {
    const store = { tasks: [] as Array<{ start: number; duration: number }>, firstPaint: 0 };
    (window as unknown as { startBench: typeof store }).startBench = store;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        store.tasks.push({ start: entry.startTime, duration: entry.duration });
      }
    }).observe({ type: 'longtask', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.name === 'first-contentful-paint') store.firstPaint = entry.startTime;
      }
    }).observe({ type: 'paint', buffered: true });
  });
}

/** Reloads the dashboard and waits until no long task has come for QUIET_MS. */
async function visit(page: Page, withTour: boolean): Promise<Run> {
  await page.reload();
  await page.getByTestId('today-sales').first().waitFor();
  if (withTour) await page.getByTestId('tour').waitFor();
  let seen = -1;
  for (;;) {
    await page.waitForTimeout(QUIET_MS);
    const count = await page.evaluate(
      () => (window as unknown as { startBench: { tasks: unknown[] } }).startBench.tasks.length,
    );
    if (count === seen) break;
    seen = count;
  }
  return page.evaluate(() => {
    const { tasks, firstPaint } = (
      window as unknown as {
        startBench: { tasks: Array<{ start: number; duration: number }>; firstPaint: number };
      }
    ).startBench;
    // Lighthouse's rule: from the first paint on, and for a task that began before it, only the
    // part after it.
    let blocking = 0;
    for (const task of tasks) {
      const end = task.start + task.duration;
      if (end <= firstPaint) continue;
      const counted = end - Math.max(task.start, firstPaint);
      blocking += Math.max(0, counted - 50);
    }
    const longest = Math.max(0, ...tasks.map((task) => task.duration));
    return { blocking, longest, tasks: tasks.length, firstPaint };
  });
}

function report(label: string, runs: Run[]) {
  line(
    label,
    `blocking ${median(runs.map((r) => r.blocking)).toFixed(0)} ms, ` +
      `longest task ${median(runs.map((r) => r.longest)).toFixed(0)} ms, ` +
      `${median(runs.map((r) => r.tasks))} long tasks, ` +
      `first paint ${median(runs.map((r) => r.firstPaint)).toFixed(0)} ms (median of ${runs.length})`,
  );
  line('', `each run: blocking ${runs.map((r) => r.blocking.toFixed(0)).join(', ')} ms`);
}

const server = await startServer();
const browser = await launchBrowser();
try {
  const context = await newContext(browser, server.url, { viewport: PHONE });
  const page = await context.newPage();
  await observe(page);
  const password = await activateSeededUser(server, 'operator1');
  await signIn(page, 'operator1', password, `${server.url}/login`);
  await page.waitForURL('**/dashboard');
  await page.waitForLoadState('networkidle');
  const cdp = await context.newCDPSession(page);
  console.log(
    `The dashboard opened again, CPU slowed ${CPU_SLOWDOWN}×, long tasks read in the page`,
  );

  for (const tour of ['not yet taken', 'taken'] as const) {
    if (tour === 'taken') {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await page.reload();
      await page.getByRole('button', { name: 'Skip the tour' }).click();
      await page.waitForLoadState('networkidle');
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    for (let warm = 0; warm < WARM_VISITS; warm++) await visit(page, tour === 'not yet taken');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const runs: Run[] = [];
    for (let run = 0; run < RUNS; run++) runs.push(await visit(page, tour === 'not yet taken'));
    report(`/dashboard, operator, tour ${tour}`, runs);
  }
} finally {
  await browser.close();
  await server.dispose();
}
