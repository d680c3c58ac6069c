// Screenshots of the main pages at phone (360 px) and desktop (1280 px) width, for looking at
// the app: npm run build && npx tsx tests/e2e/screenshots.ts (written to tests/e2e/screenshots,
// which git ignores).
import fs from 'node:fs';
import path from 'node:path';
import { DESKTOP, launchBrowser, newContext, PHONE } from './helpers/browser';
import { startServer } from './helpers/server';
import { activateSeededUser, signIn } from './helpers/session';

const out = path.resolve('tests/e2e/screenshots');
fs.mkdirSync(out, { recursive: true });
const only = process.argv.slice(2);

const server = await startServer();
const browser = await launchBrowser();
try {
  const password = await activateSeededUser(server, 'owner');
  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    for (const locale of ['en', 'sw']) {
      const context = await newContext(browser, server.url, { viewport });
      const page = await context.newPage();
      const shot = async (name: string) => {
        if (only.length && !only.includes(name)) return;
        await page.waitForTimeout(300);
        // Long pages in parts no taller than 1400 px, so each stays readable.
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        const parts = Math.ceil(height / 1400);
        for (let part = 0; part < parts; part++) {
          await page.screenshot({
            path: path.join(
              out,
              `${name}-${label}-${locale}${parts > 1 ? `-${part + 1}` : ''}.png`,
            ),
            fullPage: true,
            clip: {
              x: 0,
              y: part * 1400,
              width: viewport.width,
              height: Math.min(1400, height - part * 1400),
            },
          });
        }
      };
      await page.addInitScript((language) => localStorage.setItem('language', language), locale);
      await page.goto('/');
      await shot('landing');
      await page.goto('/login');
      await shot('login');
      await page.goto('/contact-us');
      await shot('contact');
      await page.goto('/tax-tips');
      await shot('tax-tips');
      await page.goto('/help');
      await shot('help');
      await page.goto('/help/FAQs');
      await shot('faq');
      await page.goto('/help/license-agreement');
      await shot('license');
      await page.goto('/help/privacy-policy');
      await shot('privacy');
      await page.goto('/this-page-does-not-exist');
      await shot('not-found');
      await signIn(page, 'operator1', server.logins.operator1 ?? '');
      await shot('change-password');
      await context.clearCookies();
      await page.evaluate(() => localStorage.clear());
      await signIn(page, 'owner', password);
      await shot('dashboard');
      await page.goto('/profile');
      await shot('profile');
      if (label === 'phone') {
        await page.goto('/dashboard');
        await page.getByRole('button', { name: /menu/i }).first().click();
        await shot('nav-open');
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.dispose();
}
console.log(`Screenshots in ${out}`);
