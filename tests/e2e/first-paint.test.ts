// The public pages' first paint from the build (scripts/prerender.mjs): what a phone shows
// from the HTML alone, before any script or stylesheet has arrived, is the page itself, in the
// browser's language, laid out as the live page that replaces it.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, newContext, PHONE } from './helpers/browser';
import { serverAndBrowser } from './helpers/suite';

const suite = serverAndBrowser();

interface Shown {
  tag: string;
  text: string;
  box: string;
  colours: string;
}

/** Headings, fields, buttons, links and notices on the first screen, where and how drawn. */
function firstScreen(page: Page): Promise<Shown[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('#root :is(h1, h2, h3, input, button, a, label, [role="alert"])')]
      .map((element) => {
        const rect = element.getBoundingClientRect();
        return { element, rect };
      })
      .filter(({ rect }) => rect.width > 0 && rect.top < window.innerHeight)
      .map(({ element, rect }) => ({
        tag: element.tagName.toLowerCase(),
        text: (element.textContent ?? '').trim().replace(/\s+/g, ' '),
        box: [rect.x, rect.y, rect.width, rect.height].map(Math.round).join(','),
        colours: `${getComputedStyle(element).color} on ${getComputedStyle(element).backgroundColor}`,
      })),
  );
}

async function open(
  path: string,
  options: { script: boolean; size: typeof PHONE; locale?: string; stylesheets?: false },
) {
  const context = await newContext(suite.browser, suite.server.url, {
    javaScriptEnabled: options.script,
    viewport: options.size,
    ...(options.locale ? { locale: options.locale } : {}),
  });
  // The HTML alone: the rules it carries inline, none of the stylesheets it links.
  if (options.stylesheets === false) await context.route('**/*.css', (route) => route.abort());
  const page = await context.newPage();
  await page.goto(path);
  return { context, page };
}

describe('first paint of the public pages', () => {
  for (const [path, heading] of [
    ['/login', 'Log in'],
    ['/', 'TRA receipts from any phone, even without internet'],
  ] as const) {
    for (const [name, size] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      it(`shows ${path} from its HTML alone, as the live page draws it (${name})`, async () => {
        const before = await open(path, { script: false, size, stylesheets: false });
        await before.page.screenshot({
          path: `/tmp/shots/${name}${path.replace('/', '-')}-html.png`,
        });
        expect(await before.page.getByRole('heading', { level: 1 }).textContent()).toBe(heading);
        expect(await before.page.locator('#root').getAttribute('inert')).toBe('');
        const drawn = await firstScreen(before.page);
        await before.context.close();

        const live = await open(path, { script: true, size });
        await live.page.waitForFunction(() => !document.getElementById('root')!.inert);
        await live.page.getByRole('heading', { level: 1 }).waitFor();
        await live.page.screenshot({
          path: `/tmp/shots/${name}${path.replace('/', '-')}-live.png`,
        });
        expect(await live.page.getByRole('heading', { level: 1 }).count()).toBe(1);
        expect(await firstScreen(live.page)).toEqual(drawn);
        // The stylesheets the first paint did not wait for apply to the live page.
        await live.page.waitForFunction(() =>
          [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every(
            (link) => link.sheet !== null && (link.media === '' || link.media === 'all'),
          ),
        );
        await live.context.close();
      });
    }
  }

  it('lets the login form be used only once it is the live one, and keeps what is typed', async () => {
    const context = await newContext(suite.browser, suite.server.url, { viewport: PHONE });
    // When the first paint stops being inert: is the form then the live page's (React's)?
    await context.addInitScript(() => {
      const w = window as unknown as { liveWhenUsable?: boolean };
      new MutationObserver(() => {
        const root = document.getElementById('root');
        if (!root || root.inert || w.liveWhenUsable !== undefined) return;
        const input = root.querySelector('input');
        w.liveWhenUsable =
          input !== null && Object.keys(input).some((key) => key.startsWith('__reactFiber'));
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['inert'] });
    });
    const page = await context.newPage();
    await page.goto('/login');
    await page.waitForFunction(() => !document.getElementById('root')!.inert);
    expect(await page.evaluate(() => (window as { liveWhenUsable?: boolean }).liveWhenUsable)).toBe(
      true,
    );
    const username = page.locator('input[autocomplete="username"]');
    await username.fill('operator1');
    await page.locator('input[autocomplete="current-password"]').fill('not-the-password');
    await page.locator('form button[type="submit"]').click();
    await page.getByText('Invalid credentials').first().waitFor();
    expect(await username.inputValue()).toBe('operator1');
    await context.close();
  });

  it('takes over the drawn page as it is, in both languages, with no error', async () => {
    for (const locale of ['en-US', 'sw-TZ']) {
      for (const path of ['/', '/login', '/help/FAQs', '/contact-us', '/recover-password']) {
        const context = await newContext(suite.browser, suite.server.url, {
          viewport: PHONE,
          locale,
        });
        const errors: string[] = [];
        const page = await context.newPage();
        page.on('pageerror', (error) => errors.push(error.message));
        page.on('console', (message) => {
          if (message.type() === 'error') errors.push(message.text());
        });
        // The drawn heading, before any of the app's scripts has run.
        await page.addInitScript(() => {
          document.addEventListener('DOMContentLoaded', () => {
            (window as { drawn?: Element | null }).drawn = document.querySelector('#root h1');
          });
        });
        await page.goto(path);
        await page.waitForFunction(() => !document.getElementById('root')!.inert);
        await page.waitForTimeout(500);
        const taken = await page.evaluate(() => {
          const drawn = (window as { drawn?: Element | null }).drawn;
          const live = document.querySelector('#root h1');
          return {
            same: drawn !== null && drawn === live,
            react: live !== null && Object.keys(live).some((key) => key.startsWith('__reactFiber')),
            headings: document.querySelectorAll('#root h1').length,
          };
        });
        expect(taken, `${locale} ${path}`).toEqual({ same: true, react: true, headings: 1 });
        expect(errors, `${locale} ${path}`).toEqual([]);
        await context.close();
      }
    }
  });

  it('draws the page anew, with no error, in the language chosen on this device', async () => {
    // The server sends the copy in the browser's language; the device's own choice differs.
    for (const [locale, chosen, heading] of [
      ['en-US', 'sw', 'Ingia'],
      ['sw-TZ', 'en', 'Log in'],
    ] as const) {
      const context = await newContext(suite.browser, suite.server.url, {
        viewport: PHONE,
        locale,
      });
      const errors: string[] = [];
      const page = await context.newPage();
      page.on('pageerror', (error) => errors.push(error.message));
      await page.addInitScript((language) => localStorage.setItem('language', language), chosen);
      await page.goto('/login');
      await page.waitForFunction(() => !document.getElementById('root')!.inert);
      await page.waitForTimeout(500);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(heading);
      expect(await page.locator('html').getAttribute('lang')).toBe(chosen);
      expect(errors, `${locale} with ${chosen} chosen`).toEqual([]);
      await context.close();
    }
  });

  it('shows the page in Swahili when that is the browser’s first language', async () => {
    const { context, page } = await open('/login', { script: false, size: PHONE, locale: 'sw-TZ' });
    expect(await page.locator('html').getAttribute('lang')).toBe('sw');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Ingia');
    await context.close();
  });

  it('starts in English, usable, when the Swahili texts cannot be downloaded', async () => {
    const context = await newContext(suite.browser, suite.server.url, {
      viewport: PHONE,
      locale: 'sw-TZ',
    });
    const page = await context.newPage();
    await page.route(/\/assets\/sw\.[a-z]+-[\w-]+\.js$/, (route) => route.abort());
    await page.goto('/login');
    await page.waitForFunction(() => !document.getElementById('root')!.inert);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Log in');
    await page.getByLabel(/^Username/).fill('juma');
    expect(await page.getByLabel(/^Username/).inputValue()).toBe('juma');
    await context.close();
  });
});
