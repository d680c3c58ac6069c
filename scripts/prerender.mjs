// After `vite build`: writes each public and sign-in page's first paint into the copy of
// index.html the build made for it (dist/web/pages, src/app/page-preloads.ts), rendered by
// src/app/prerender.tsx: pages/login.html in English, pages/login.sw.html in Swahili. The server
// picks the copy by the browser's languages (server/static.ts); src/main.tsx then hydrates it
// (src/app/AppRoot.tsx is the one tree both render). The copies' root is inert until then, so
// nothing can be typed into a form that is not yet running.
//
// Each copy then carries the CSS rules its first paint uses, inlined by Beasties: the page paints
// as soon as its HTML has arrived, without waiting a round trip for the stylesheets. Those still
// load, as `media="print"` (not blocking the paint), and src/app/deferred-styles.ts applies them
// once loaded, before the live page shows anything the inlined rules do not cover.
import fs from 'node:fs';
import path from 'node:path';
import Beasties from 'beasties';
import postcss from 'postcss';

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

const assets = fs.readdirSync(path.join(web, 'assets'));
/** The chunk of a part of the Swahili catalog (scripts/split-catalog.mjs). */
function catalogChunk(part) {
  const file = assets.find((name) => name.startsWith(`sw.${part}-`) && name.endsWith('.js'));
  if (!file) throw new Error(`no chunk of the catalog's ${part} part in dist/web/assets`);
  return `/assets/${file}`;
}

/**
 * The Swahili copy also preloads its parts of the catalog, which the start waits for: right
 * after the main script, ahead of the page's chunks (on HTTP/1.1 the browser asks for six
 * files at a time, in the order of the page).
 */
function withCatalogPreloads(page, parts) {
  const links = parts
    .map((part) => `\n    <link rel="modulepreload" crossorigin href="${catalogChunk(part)}">`)
    .join('');
  const entry = /<script type="module" crossorigin src="\/assets\/index-[^"]+\.js"><\/script>/;
  if (!entry.test(page)) throw new Error('index.html has no main script to preload after');
  return page.replace(entry, (script) => `${script}${links}`);
}

const withLanguage = (page, locale) => page.replace(/<html lang="[^"]*"/, `<html lang="${locale}"`);

function withSnapshot(page, snapshot, locale) {
  const root = '<div id="root"></div>';
  if (!page.includes(root)) throw new Error('index.html has no empty #root to fill');
  return page
    .replace(/<html lang="[^"]*"/, `<html lang="${locale}" data-mantine-color-scheme="light"`)
    .replace(root, () => `<div id="root" inert>${snapshot}</div>`);
}

const beasties = new Beasties({
  path: web,
  publicPath: '/',
  // Its own script (inline, so refused by the pages' Content-Security-Policy) is replaced by
  // src/app/deferred-styles.ts.
  preload: 'media-script',
  // React renders Mantine's <style> elements inside #root: they must stay as they are.
  reduceInlineStyles: false,
  mergeStylesheets: false,
  // Mantine's colours and sizes are variables on `<html>`, which Beasties does not match (it
  // looks inside <body>): kept, except the dark scheme's, which a first paint never uses.
  allowRules: [/^:root(?!\[data-mantine-color-scheme=dark\])/],
  compress: true,
  logLevel: 'warn',
});
const BEASTIES_SCRIPT =
  /<script>document\.querySelectorAll\('link\[data-beasties-media\]'\)[^<]*<\/script>/;

/** The page with its first paint's CSS inlined and its stylesheets deferred. */
async function withCriticalStyles(html) {
  const processed = await beasties.process(html);
  if (!BEASTIES_SCRIPT.test(processed)) throw new Error('Beasties deferred no stylesheet');
  return withoutUnusedVariables(processed.replace(BEASTIES_SCRIPT, ''));
}

const INLINED = /<style>([^<]*)<\/style>/;
const isRootRule = (node) => node.parent?.type === 'rule' && node.parent.selector.includes(':root');
const variablesIn = (text) => [...text.matchAll(/var\(\s*(--[\w-]+)/g)].map((match) => match[1]);

/**
 * The inlined CSS without the `:root` variables nothing on the first paint reads (about half
 * of Mantine's 450 defaults): a variable stays when the page's rules, its elements' styles or
 * Mantine's own <style> elements use it, directly or through another variable. The deferred
 * stylesheets define them all again for the live page.
 */
function withoutUnusedVariables(html) {
  const inlined = INLINED.exec(html);
  if (!inlined) throw new Error('Beasties inlined no CSS');
  const css = postcss.parse(inlined[1]);
  const definitions = new Map();
  const used = new Set(variablesIn(html.replace(inlined[0], '')));
  css.walkDecls((decl) => {
    if (decl.prop.startsWith('--') && isRootRule(decl)) {
      definitions.set(decl.prop, [...(definitions.get(decl.prop) ?? []), decl]);
    } else {
      for (const name of variablesIn(decl.value)) used.add(name);
    }
  });
  const pending = [...used];
  while (pending.length) {
    for (const decl of definitions.get(pending.pop()) ?? []) {
      for (const name of variablesIn(decl.value)) {
        if (used.has(name)) continue;
        used.add(name);
        pending.push(name);
      }
    }
  }
  for (const [name, decls] of definitions) {
    if (!used.has(name)) for (const decl of decls) decl.remove();
  }
  css.walkRules((rule) => {
    if (!rule.nodes.length) rule.remove();
  });
  const minified = css.toString().replace(/;}/g, '}');
  return html.replace(inlined[0], () => `<style>${minified}</style>`);
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
  const { prerender, catalogPartsOf } = await vite.ssrLoadModule('/src/app/prerender.tsx');
  for (const file of files) {
    const page = fs.readFileSync(file, 'utf8');
    const address = pagePath(file);
    for (const locale of ['sw', 'en']) {
      const html = await prerender(address, locale);
      const target = locale === 'en' ? file : file.replace(/\.html$/, `.${locale}.html`);
      const copy = locale === 'sw' ? withCatalogPreloads(page, catalogPartsOf(address)) : page;
      if (html === null) {
        // No first paint, but the Swahili copy still preloads the catalog's parts.
        if (locale === 'sw') {
          skipped.push(address);
          fs.writeFileSync(target, withLanguage(copy, locale));
        }
        continue;
      }
      fs.writeFileSync(target, await withCriticalStyles(withSnapshot(copy, html, locale)));
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
