// Vite plugin, run by the app's build (vite.config.ts). index.html preloads only the shell: a
// page's own chunks (its route component, its layout's, the Mantine parts they use) are asked
// for once the shell has run and the router has matched the address, a second round trip on a
// phone's line after seconds of script. For every public and sign-in page, and the customer's
// receipt page (the pages a first visit opens, before the service worker holds everything), the
// build writes a copy of index.html that also preloads that page's chunks and sheets:
// pages/login.html for /login, pages/index.html for /, pages/help/FAQs.html for /help/FAQs,
// pages/r/$publicId.html for every /r/{publicId}. The server answers a page's address with its
// copy (server/static.ts); any other address gets index.html as before.
import type { Plugin, Rollup } from 'vite';

/** A route component's chunk: `src/routes/_auth/login.tsx?tsr-split=component`. */
const PAGE_COMPONENT = /\/src\/routes\/(_public|_auth)\/([^?$]+)\.tsx\?tsr-split=component$/;
const layoutComponent = (layout: string) =>
  new RegExp(`/src/routes/${layout}\\.tsx\\?tsr-split=component$`);
/** The customer's receipt page, outside the layouts: a link a customer opens on a first visit. */
const RECEIPT_PAGE = '/r/$publicId';
const RECEIPT_COMPONENT = /\/src\/routes\/r\.\$publicId\.tsx\?tsr-split=component$/;

export interface PagePreload {
  /** The page's address: `/`, `/login`, `/help/FAQs`, `/r/$publicId` (any receipt's). */
  path: string;
  scripts: string[];
  styles: string[];
}

/** The page's address from its route file under the layout's folder: `help/index` → `/help`. */
function pagePath(file: string): string {
  const segments = file.split('/');
  if (segments.at(-1) === 'index') segments.pop();
  return `/${segments.join('/')}`;
}

/**
 * What each public and sign-in page, and the receipt page, loads beyond the shell, from the
 * bundle's chunk graph.
 */
export function pagePreloads(bundle: Rollup.OutputBundle): PagePreload[] {
  const chunks = Object.values(bundle).filter(
    (output): output is Rollup.OutputChunk => output.type === 'chunk',
  );
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (start: Rollup.OutputChunk[]) => {
    const seen = new Set<Rollup.OutputChunk>();
    const queue = [...start];
    for (let chunk = queue.shift(); chunk; chunk = queue.shift()) {
      if (seen.has(chunk)) continue;
      seen.add(chunk);
      for (const file of chunk.imports) {
        const imported = byFile.get(file);
        if (imported) queue.push(imported);
      }
    }
    return seen;
  };
  const shell = closure(chunks.filter((chunk) => chunk.isEntry));
  const withModule = (pattern: RegExp) =>
    chunks.filter((chunk) => chunk.moduleIds.some((id) => pattern.test(id)));

  const pages = new Map<string, { layout: string | null; chunks: Rollup.OutputChunk[] }>();
  const receipt = withModule(RECEIPT_COMPONENT);
  if (receipt.length) pages.set(RECEIPT_PAGE, { layout: null, chunks: receipt });
  for (const chunk of chunks) {
    for (const id of chunk.moduleIds) {
      const match = PAGE_COMPONENT.exec(id);
      if (!match) continue;
      const path = pagePath(match[2]!);
      const page = pages.get(path) ?? { layout: match[1]!, chunks: [] };
      page.chunks.push(chunk);
      pages.set(path, page);
    }
  }
  return [...pages]
    .map(([path, page]) => {
      const layout = page.layout ? withModule(layoutComponent(page.layout)) : [];
      const needed = [...closure([...layout, ...page.chunks])].filter((chunk) => !shell.has(chunk));
      const shellStyles = new Set(
        [...shell].flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]),
      );
      return {
        path,
        scripts: needed.map((chunk) => chunk.fileName).sort(),
        styles: [
          ...new Set(needed.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])])),
        ]
          .filter((file) => !shellStyles.has(file))
          .sort(),
      };
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}

/** index.html with the page's preloads added at the end of its head, as Vite writes its own. */
export function withPreloads(html: string, page: PagePreload, base = '/'): string {
  const links = [
    ...page.styles.map((file) => `<link rel="stylesheet" crossorigin href="${base}${file}">`),
    ...page.scripts.map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`),
  ];
  if (!links.length) return html;
  return html.replace('</head>', `\n    ${links.join('\n    ')}\n  </head>`);
}

/** The file holding a page's copy of index.html: `/` → pages/index.html. */
export const pageFile = (path: string) => `pages${path === '/' ? '/index' : path}.html`;

export default function pagePreloadsPlugin(): Plugin {
  let base = '/';
  return {
    name: 'risiti:page-preloads',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') return;
      const html = String(index.source);
      for (const page of pagePreloads(bundle)) {
        this.emitFile({
          type: 'asset',
          fileName: pageFile(page.path),
          source: withPreloads(html, page, base),
        });
      }
    },
  };
}
