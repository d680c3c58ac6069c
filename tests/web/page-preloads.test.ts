// The build writes, for each public and sign-in page, a copy of index.html that preloads the
// chunks the router will ask for on that page (src/app/page-preloads.ts): each page must get
// its layout's and its own component's chunks with everything they import, and nothing the
// shell already loads or that only another page, an error screen or a later import needs.
import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { pageFile, pagePreloads, withPreloads } from '../../src/app/page-preloads';

const ROOT = '/repo/src/routes';

function chunk(
  fileName: string,
  moduleIds: string[],
  imports: string[] = [],
  css: string[] = [],
  isEntry = false,
): Rollup.OutputChunk {
  return {
    type: 'chunk',
    fileName,
    moduleIds,
    imports,
    isEntry,
    viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
  } as unknown as Rollup.OutputChunk;
}

const chunks = [
  chunk(
    'assets/index-1.js',
    ['/repo/src/main.tsx'],
    ['assets/react-1.js'],
    ['assets/index-1.css'],
    true,
  ),
  chunk('assets/react-1.js', ['/repo/node_modules/react/index.js']),
  chunk('assets/_auth-1.js', [`${ROOT}/_auth.tsx?tsr-split=component`], ['assets/Container-1.js']),
  chunk('assets/_public-1.js', [`${ROOT}/_public.tsx?tsr-split=component`], ['assets/react-1.js']),
  chunk('assets/Container-1.js', ['/repo/node_modules/@mantine/core/Container.mjs']),
  chunk(
    'assets/login-1.js',
    [`${ROOT}/_auth/login.tsx?tsr-split=component`],
    ['assets/PasswordInput-1.js', 'assets/react-1.js'],
    ['assets/login-1.css', 'assets/index-1.css'],
  ),
  chunk('assets/PasswordInput-1.js', ['/repo/node_modules/@mantine/core/PasswordInput.mjs']),
  chunk('assets/login-error-1.js', [`${ROOT}/_auth/login.tsx?tsr-split=errorComponent`]),
  chunk('assets/landing-1.js', [`${ROOT}/_public/index.tsx?tsr-split=component`]),
  chunk('assets/faqs-1.js', [`${ROOT}/_public/help/FAQs.tsx?tsr-split=component`]),
  chunk('assets/help-1.js', [`${ROOT}/_public/help/index.tsx?tsr-split=component`]),
  chunk(
    'assets/receipt-1.js',
    [`${ROOT}/r.$publicId.tsx?tsr-split=component`],
    ['assets/thermal-1.js', 'assets/Container-1.js', 'assets/react-1.js'],
    ['assets/receipt-1.css', 'assets/index-1.css'],
  ),
  chunk('assets/thermal-1.js', ['/repo/src/features/invoices/print/ThermalReceipt.tsx']),
  chunk('assets/invoices-1.js', [`${ROOT}/_app/invoices/index.tsx?tsr-split=component`]),
];
const bundle = Object.fromEntries(chunks.map((c) => [c.fileName, c])) as Rollup.OutputBundle;

describe('page preloads', () => {
  const pages = pagePreloads(bundle);
  const page = (path: string) => pages.find((p) => p.path === path);

  it('names each public and sign-in page, and the receipt page, by its address, and no other page', () => {
    expect(pages.map((p) => p.path)).toEqual([
      '/',
      '/help',
      '/help/FAQs',
      '/login',
      '/r/$publicId',
    ]);
    expect(pages.map((p) => pageFile(p.path))).toEqual([
      'pages/index.html',
      'pages/help.html',
      'pages/help/FAQs.html',
      'pages/login.html',
      'pages/r/$publicId.html',
    ]);
  });

  it("preloads the receipt page's chunk and its imports, with no layout's", () => {
    expect(page('/r/$publicId')).toEqual({
      path: '/r/$publicId',
      scripts: ['assets/Container-1.js', 'assets/receipt-1.js', 'assets/thermal-1.js'],
      styles: ['assets/receipt-1.css'],
    });
  });

  it("preloads the layout's and the page's chunks with their imports, not the shell's", () => {
    expect(page('/login')).toEqual({
      path: '/login',
      scripts: [
        'assets/Container-1.js',
        'assets/PasswordInput-1.js',
        'assets/_auth-1.js',
        'assets/login-1.js',
      ],
      styles: ['assets/login-1.css'],
    });
    expect(page('/')?.scripts).toEqual(['assets/_public-1.js', 'assets/landing-1.js']);
  });

  it('adds the links at the end of the head, as Vite writes its own', () => {
    const html = '<html><head><title>Risiti</title></head><body></body></html>';
    const written = withPreloads(html, page('/login')!);
    expect(written).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/login-1.css">\n' +
        '    <link rel="modulepreload" crossorigin href="/assets/Container-1.js">',
    );
    expect(written.indexOf('modulepreload')).toBeLessThan(written.indexOf('</head>'));
    expect(withPreloads(html, { path: '/x', scripts: [], styles: [] })).toBe(html);
  });
});
