// The system Chromium driven by playwright-core (never a downloaded browser).
import fs from 'node:fs';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  type Request,
} from 'playwright-core';

export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((candidate) => candidate && fs.existsSync(candidate));
  if (!found) throw new Error('No Chromium found: set CHROMIUM_PATH');
  return found;
}

/** Chromium with the flags every test uses, and `extraArgs` of the caller's own. */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

/** A fresh browser profile (empty storage) at the given size, in English unless told. */
export async function newContext(
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport: DESKTOP,
    locale: 'en-GB',
    timezoneId: 'Africa/Dar_es_Salaam',
    serviceWorkers: 'allow',
    ...options,
  });
  context.setDefaultTimeout(15_000);
  return context;
}

/**
 * Waits until none of the page's requests has been in flight for `quietMs` (the sync's long
 * poll for changes aside, which stays open by design): the page's data has come and been
 * drawn. Playwright's `networkidle` waits a fixed 500 ms of silence after every load; most
 * pages here are quiet long before.
 */
export function settledNetwork(page: Page, quietMs = 250): () => Promise<void> {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const longPoll = (request: Request) => /\/changes\?.*[?&]wait=/.test(request.url());
  page.on('request', (request) => {
    if (longPoll(request)) return;
    inFlight.add(request);
    lastChange = Date.now();
  });
  const done = (request: Request) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return async () => {
    const deadline = Date.now() + 15_000;
    while (inFlight.size > 0 || Date.now() - lastChange < quietMs) {
      if (Date.now() > deadline) {
        const open = [...inFlight].map((request) => request.url()).join(', ');
        throw new Error(`Requests still in flight after 15 s: ${open}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
}
