// After `vite build`: writes each public and sign-in page's first paint into the copy of
// index.html the build made for it (dist/web/pages, src/app/page-preloads.ts), rendered by
// src/app/prerender.tsx: pages/login.html in English, pages/login.sw.html in Swahili. The server
// picks the copy by the browser's languages (server/static.ts); src/main.tsx then renders the
// live page over it. The copies' root is inert until then, so nothing can be typed into a form
// that is not yet running.
import fs from 'node:fs';
import path from 'node:path';

process.env.NODE_ENV = 'production';
const { createServer } = await import('vite');

const web = path.resolve('dist/web');
const pagesDir = path.join(web, 'pages');
if (!fs.existsSync(pagesDir)) {
  console.error('dist/web/pages is missing: run vite build first.');
  process.exit(1);
}

// The app's modules read the device's storage and language as they load; a first visit has
// neither, which is what these stand for.
const stored = new Map();
globalThis.localStorage = {
  getItem: (key) => stored.get(key) ?? null,
  setItem: (key, value) => void stored.set(key, String(value)),
  removeItem: (key) => void stored.delete(key),
  clear: () => stored.clear(),
  key: (index) => [...stored.keys()][index] ?? null,
  get length() {
    return stored.size;
  },
};
if (!globalThis.navigator) globalThis.navigator = { language: 'en', onLine: true };

/** A page's address from its copy: pages/index.html → /, pages/help/FAQs.html → /help/FAQs. */
function pagePath(file) {
  const relative = path
    .relative(pagesDir, file)
    .split(path.sep)
    .join('/')
    .replace(/\.html$/, '');
  return relative === 'index' ? '/' : `/${relative}`;
}

/** React's markers for a part that shows its fallback until the browser runs it. */
const clientOnly = (html) =>
  html.replace(/<template(?: [\w-]+="[^"]*")*><\/template>/g, '').replace(/<!--\/?[$!]*-->/g, '');

function withSnapshot(page, snapshot, locale) {
  const root = '<div id="root"></div>';
  if (!page.includes(root)) throw new Error('index.html has no empty #root to fill');
  return page
    .replace(/<html lang="[^"]*"/, `<html lang="${locale}" data-mantine-color-scheme="light"`)
    .replace(root, () => `<div id="root" inert>${snapshot}</div>`);
}

const files = fs
  .readdirSync(pagesDir, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
  .map((entry) => path.join(entry.parentPath, entry.name));

const started = performance.now();
const skipped = [];
const vite = await createServer({
  mode: 'production',
  appType: 'custom',
  logLevel: 'error',
  server: { middlewareMode: true, hmr: false, ws: false },
});
try {
  const { prerender } = await vite.ssrLoadModule('/src/app/prerender.tsx');
  for (const file of files) {
    const page = fs.readFileSync(file, 'utf8');
    const address = pagePath(file);
    for (const locale of ['sw', 'en']) {
      const html = await prerender(address, locale);
      if (html === null) {
        skipped.push(address);
        break;
      }
      const snapshot = clientOnly(html);
      const target = locale === 'en' ? file : file.replace(/\.html$/, `.${locale}.html`);
      fs.writeFileSync(target, withSnapshot(page, snapshot, locale));
    }
  }
} finally {
  await vite.close();
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `prerendered ${files.length - skipped.length} pages in English and Swahili in ${seconds} s` +
    (skipped.length
      ? `; left to the browser, as they show the server's data: ${skipped.join(', ')}`
      : ''),
);
