// Draws the app icons (public/icons/*.png) from the receipt mark of public/favicon.svg with the
// system Chromium. Run after changing the mark: node scripts/icons.mjs
import fs from 'node:fs';
import { chromium } from 'playwright-core';
import { findChromium } from './chromium.mjs';

const GREEN = '#0b7a53';
const receipt = `<path d="M18 14a2 2 0 0 1 2-2h24a2 2 0 0 1 2 2v38l-3.5-3.5-3.5 3.5-3.5-3.5-3.5 3.5-3.5-3.5-3.5 3.5-3.5-3.5-3.5 3.5z" fill="#fff"/><path d="M24.5 31.5l5.5 5.5 10-11" fill="none" stroke="${GREEN}" stroke-width="4.5" stroke-linecap="round" stroke-linejoin="round"/>`;

/** The mark on a square; `scale` shrinks the receipt toward the centre (maskable safe zone). */
const svg = ({ radius, scale }) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="100%" height="100%"><rect width="64" height="64" rx="${radius}" fill="${GREEN}"/><g transform="translate(32 32) scale(${scale}) translate(-32 -32)">${receipt}</g></svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, radius: 14, scale: 1 },
  { file: 'icon-512.png', size: 512, radius: 14, scale: 1 },
  // Maskable: full bleed, the receipt inside the central 80% circle every launcher keeps.
  { file: 'maskable-512.png', size: 512, radius: 0, scale: 0.72 },
  // iOS rounds the corners itself and shows transparency as black.
  { file: 'apple-touch-icon.png', size: 180, radius: 0, scale: 0.85 },
];

const executablePath = findChromium();
if (!executablePath) throw new Error('No Chromium found: set CHROMIUM_PATH');
const browser = await chromium.launch({
  executablePath,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
try {
  for (const icon of icons) {
    const page = await browser.newPage({
      viewport: { width: icon.size, height: icon.size },
      deviceScaleFactor: 1,
    });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg(icon)}</body></html>`,
    );
    const png = await page.screenshot({ omitBackground: true, type: 'png' });
    fs.writeFileSync(`public/icons/${icon.file}`, png);
    await page.close();
    console.log(`public/icons/${icon.file} (${icon.size}px)`);
  }
} finally {
  await browser.close();
}
