// Typing into the invoice editor on a slow phone: the built app in Chromium with its CPU slowed
// (BENCH_CPU_SLOWDOWN, 4 by default, as Lighthouse's mobile phone), an invoice of 10 lines, and
// the last line's description, quantity and price typed key by key at a person's pace. Prints,
// from the browser's own Event Timing entries, how long each key took from the press to the
// next frame (what Chrome's INP counts) and the main thread's blocking time while typing.
// Numbers are printed, never asserted. Needs `npm run build`.
import type { Page } from 'playwright-core';
import { launchBrowser, newContext, PHONE } from '../tests/e2e/helpers/browser';
import { fillInvoice } from '../tests/e2e/helpers/invoices';
import { startServer } from '../tests/e2e/helpers/server';
import { activateSeededUser, signIn } from '../tests/e2e/helpers/session';

const LINES = 10;
const TYPING_DELAY_MS = 120;
const CPU_SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);
const RUNS = 3;

interface Measured {
  keys: number[];
  blocking: number;
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const pct = (values: number[], p: number) =>
  sorted(values)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? 0;
const msText = (value: number) => `${value.toFixed(0)} ms`;
const line = (label: string, value: string) => console.log(`  ${label.padEnd(54)} ${value}`);

/** Starts recording key interactions and long tasks in the page. */
async function record(page: Page) {
  await page.evaluate(() => {
    const store = { keys: new Map<number, number>(), blocking: 0 };
    (window as unknown as { typingBench: typeof store }).typingBench = store;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEventTiming & { interactionId?: number }
      >) {
        // One interaction per key: its keydown, keypress and keyup share an interactionId.
        if (!entry.interactionId) continue;
        const longest = store.keys.get(entry.interactionId) ?? 0;
        store.keys.set(entry.interactionId, Math.max(longest, entry.duration));
      }
    }).observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) store.blocking += Math.max(0, entry.duration - 50);
    }).observe({ type: 'longtask' });
  });
}

async function collect(page: Page, typed: number): Promise<Measured> {
  // The last entries arrive with the frame after the last key.
  await page.waitForTimeout(500);
  const { keys, blocking } = await page.evaluate(() => {
    const store = (
      window as unknown as { typingBench: { keys: Map<number, number>; blocking: number } }
    ).typingBench;
    return { keys: [...store.keys.values()], blocking: store.blocking };
  });
  // Keys under the 16 ms threshold are not reported: they count as 16 ms.
  return { keys: [...keys, ...Array<number>(Math.max(0, typed - keys.length)).fill(16)], blocking };
}

async function typeLastLine(page: Page): Promise<number> {
  const card = page.getByTestId('invoice-item').nth(LINES - 1);
  const typing = [
    [
      card.getByRole('textbox', { name: new RegExp(`^Item ${LINES}\\b`) }),
      'Mafuta ya kupikia lita 5',
    ],
    [card.getByLabel('Quantity'), '12'],
    [card.getByLabel('Unit price'), '24500'],
  ] as const;
  let typed = 0;
  for (const [field, text] of typing) {
    await field.click();
    await field.press('ControlOrMeta+a');
    await field.press('Backspace');
    await field.pressSequentially(text, { delay: TYPING_DELAY_MS, timeout: 300_000 });
    typed += text.length + 2;
  }
  return typed;
}

const server = await startServer();
const browser = await launchBrowser();
try {
  console.log(
    `invoice editor, ${LINES} lines, CPU slowed ${CPU_SLOWDOWN}x, a key every ${TYPING_DELAY_MS} ms`,
  );
  const password = await activateSeededUser(server, 'operator1');
  const all: Measured[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await newContext(browser, server.url, { viewport: PHONE });
    const page = await context.newPage();
    await signIn(page, 'operator1', password);
    await page.goto('/new-invoice');
    await fillInvoice(
      page,
      Array.from({ length: LINES }, (_, index) => ({
        description: `Bidhaa ya duka namba ${index + 1}`,
        quantity: String(index + 1),
        price: String(1000 * (index + 1)),
      })),
      { customer: 'Neema Joseph' },
    );
    await page.waitForTimeout(1000);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await record(page);
    const typed = await typeLastLine(page);
    all.push(await collect(page, typed));
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await context.close();
  }
  const keys = all.flatMap((run) => run.keys);
  line(`keys typed (${RUNS} runs)`, String(keys.length));
  line('key to next frame: median', msText(pct(keys, 50)));
  line('key to next frame: 90th percentile', msText(pct(keys, 90)));
  line('key to next frame: slowest (INP of a run is about its slowest)', msText(pct(keys, 100)));
  line('keys over 100 ms', String(keys.filter((value) => value > 100).length));
  line(
    'blocking time while typing, per run (tasks over 50 ms)',
    all.map((run) => msText(run.blocking)).join(', '),
  );
} finally {
  await browser.close();
  await server.dispose();
}
