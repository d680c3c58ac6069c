// After `vite build`: renders the public pages listed below (the home page) to HTML, so a
// phone paints them from the first response instead of after ~180 KiB of script. The pages
// are rendered by the app's own components (src/app/prerender.tsx, built for Node into
// dist/prerender) in a jsdom window, signed out and in English, and written beside the shell
// as dist/web/prerendered/<path>.html (index.html for /): index.html with the page inside
// #root, marked data-prerendered with its path. The server sends one for its exact path
// (server/static.ts); src/main.tsx hydrates it, or renders over it when the visitor is not
// that first visit (signed in, another language). The service worker keeps the empty shell.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { JSDOM } from 'jsdom';
import { build } from 'vite';

/** Page path → its file under dist/web/prerendered (server/static.ts reads the same names). */
// Only pages without a form: one typed into before the scripts arrive would be sent by the
// browser itself, and the typing lost.
const PRERENDERED = { '/': 'index' };

const web = path.resolve('dist/web');
const out = path.resolve('dist/prerender');
const shellFile = path.join(web, 'index.html');
if (!fs.existsSync(shellFile)) {
  console.error('dist/web is missing: run vite build first.');
  process.exit(1);
}
const shell = fs.readFileSync(shellFile, 'utf8');
const ROOT = '<div id="root"></div>';
if (!shell.includes(ROOT)) throw new Error(`index.html has no ${ROOT}`);

// The service worker's registration exists in the browser only: nothing is waiting to update.
const noServiceWorker = {
  name: 'prerender-no-service-worker',
  resolveId: (id) => (id === 'virtual:pwa-register/react' ? '\0pwa-register' : null),
  load: (id) =>
    id === '\0pwa-register'
      ? `export function useRegisterSW() {
          const idle = [false, () => {}];
          return { needRefresh: idle, offlineReady: idle, updateServiceWorker: async () => {} };
        }`
      : null,
};

process.env.RISITI_PRERENDER = '1'; // vite.config.ts: no service worker in this build
await build({
  logLevel: 'warn',
  plugins: [noServiceWorker],
  ssr: { noExternal: true, resolve: { conditions: ['browser', 'module', 'import', 'default'] } },
  build: {
    ssr: 'src/app/prerender.tsx',
    outDir: out,
    emptyOutDir: true,
    sourcemap: false,
    copyPublicDir: false,
  },
});

// A browser's globals for the app's modules, as the web tests have them.
const dom = new JSDOM('<!doctype html><html lang="en"><body></body></html>', {
  url: 'http://localhost/',
  pretendToBeVisual: true,
});
const { window } = dom;
window.matchMedia ??= (query) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener() {},
  removeListener() {},
  addEventListener() {},
  removeEventListener() {},
  dispatchEvent: () => false,
});
for (const key of Object.getOwnPropertyNames(window)) {
  if (key in globalThis || key.startsWith('_')) continue;
  globalThis[key] = window[key];
}
for (const key of [
  'window',
  'document',
  'navigator',
  'localStorage',
  'sessionStorage',
  'location',
]) {
  Object.defineProperty(globalThis, key, {
    value: window[key],
    configurable: true,
    writable: true,
  });
}

const { render } = await import(pathToFileURL(path.join(out, 'prerender.js')).href);
fs.rmSync(path.join(web, 'prerendered'), { recursive: true, force: true });
fs.mkdirSync(path.join(web, 'prerendered'), { recursive: true });
for (const [pathname, name] of Object.entries(PRERENDERED)) {
  window.history.replaceState(null, '', pathname);
  const html = await render(pathname);
  const page = shell.replace(ROOT, `<div id="root" data-prerendered="${pathname}">${html}</div>`);
  fs.writeFileSync(path.join(web, 'prerendered', `${name}.html`), page);
  console.log(`prerendered ${pathname}: ${(html.length / 1024).toFixed(1)} KiB of HTML`);
}
fs.rmSync(out, { recursive: true, force: true });
// The app's modules leave timers and listeners on the jsdom window that would keep Node running.
window.close();
process.exit(0);
