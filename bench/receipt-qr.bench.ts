// QR decoding of receipts in a worker in Chromium, as the scanner does it: time per frame at
// 960 and 1280 px, and the share of receipt photos read among frames made harder (blur, tilt,
// glare, low light, a small code) by bench/receipt-qr-photos.ts. Numbers are printed.
import { build } from 'esbuild';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser } from '../tests/e2e/helpers/browser';

const WIDTHS = [960, 1280];
const TIMING_RUNS = 21;
const PHOTOS_PER_HARDSHIP = 10;
const LINK = 'https://verify.tra.go.tz/317B5E380_143205';

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

const bundle = await build({
  entryPoints: [path.resolve('bench/receipt-qr-worker.ts')],
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  write: false,
  logLevel: 'error',
});
const workerSource = bundle.outputFiles[0]!.text;

const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  await page.setContent('<!doctype html><title>QR bench</title>');
  const result = (await page.evaluate(
    ([source, job]) =>
      new Promise((resolve, reject) => {
        const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
        const worker = new Worker(url);
        worker.onmessage = (event) => resolve(event.data);
        worker.onerror = (event) => reject(new Error(event.message));
        worker.postMessage(job);
      }),
    [
      workerSource,
      {
        text: LINK,
        widths: WIDTHS,
        timingRuns: TIMING_RUNS,
        photosPerHardship: PHOTOS_PER_HARDSHIP,
      },
    ] as const,
  )) as {
    timing: Record<string, number[]>;
    photos: Record<string, { read: number; total: number }>;
  };
  console.log(
    `receipt QR decoding (jsQR in a Web Worker, headless Chromium; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores)`,
  );
  for (const [key, times] of Object.entries(result.timing)) {
    const [width, full] = key.split(' ');
    const label = full
      ? `${width} px frame read at full size (1 in 4)`
      : `${width} px frame (3 in 4)`;
    console.log(
      `  ${label.padEnd(40)} p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms  (${times.length} frames; target ≤ 50 ms)`,
    );
  }
  let read = 0;
  let total = 0;
  for (const [hardship, tally] of Object.entries(result.photos)) {
    read += tally.read;
    total += tally.total;
    console.log(`  ${hardship.padEnd(10)} ${tally.read}/${tally.total} photos read`);
  }
  console.log(`  all        ${read}/${total} photos read (${((read / total) * 100).toFixed(0)}%)`);
} finally {
  await browser.close();
}
