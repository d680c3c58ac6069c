// Serves the built PWA. Hashed /assets are cached for a year as immutable; the shell, the
// manifest, the service worker and everything else are revalidated every time (no-cache with an
// ETag, so a check costs a 304). Each file goes out as the .br or .gz the build left beside it
// when the browser accepts one (Vary: Accept-Encoding). Source maps are never published. Any
// other page path is answered with index.html so the client router can take it; a public or
// sign-in page with the copy the build wrote for it (pages/login.html for /login), which also
// preloads that page's chunks (src/app/page-preloads.ts) and holds its first paint
// (scripts/prerender.mjs): pages/login.sw.html when the browser's first language is Swahili,
// the language the app itself will choose on a first visit (src/i18n/i18n.ts). A copy named
// with a `$param` segment (pages/r/$publicId.html) answers every address of that shape, and a
// page may also be sent with a `Link` header that preloads its data (the receipt page's receipt).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Context, Hono } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import type { AppEnv } from './context';
import { negotiateEncoding, varyOnEncoding, type Encoding } from './http/compression';

const API_PREFIXES = ['/api/', '/v1/', '/tra-sim/'];
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };
/** Never served: source maps, and the compressed copies except through negotiation. */
const HIDDEN = /\.(?:map|br|gz)$/i;

interface Representation {
  file: string;
  size: number;
  etag: string;
}

interface StaticFile {
  type: string;
  cacheControl: string;
  identity: Representation;
  encoded: Partial<Record<Encoding, Representation>>;
}

function representation(file: string, tag: string): Representation {
  return { file, size: fs.statSync(file).size, etag: `"${tag}"` };
}

/** Every file under webDir, read once at start: the build never changes under a running server. */
function indexFiles(webDir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const entries = fs.readdirSync(webDir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || HIDDEN.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const url = `/${path.relative(webDir, file).split(path.sep).join('/')}`;
    const hash = crypto
      .createHash('sha256')
      .update(fs.readFileSync(file))
      .digest('base64url')
      .slice(0, 22);
    const encoded: StaticFile['encoded'] = {};
    for (const encoding of ['br', 'gzip'] as const) {
      const variant = file + SUFFIX[encoding];
      if (fs.existsSync(variant))
        encoded[encoding] = representation(variant, `${hash}-${encoding}`);
    }
    files.set(url, {
      type: getMimeType(file) ?? 'application/octet-stream',
      cacheControl: url.startsWith('/assets/') ? IMMUTABLE : 'no-cache',
      identity: representation(file, hash),
      encoded,
    });
  }
  return files;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/** A page's copies: English and, where the build rendered one, Swahili. */
type Page = Partial<Record<'en' | 'sw', StaticFile>>;

/** The language a first visit's app starts in: the browser's first, when it is Swahili. */
function browserLanguage(acceptLanguage: string | undefined): 'en' | 'sw' {
  const first = acceptLanguage?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.slice(0, 2) === 'sw' ? 'sw' : 'en';
}

interface Extra {
  vary?: string;
  link?: string;
}

async function send(c: Context, file: StaticFile, extra: Extra = {}): Promise<Response> {
  const available = Object.keys(file.encoded) as Encoding[];
  const encoding = negotiateEncoding(c.req.header('Accept-Encoding'), available);
  const chosen = encoding ? file.encoded[encoding]! : file.identity;
  const headers = new Headers({
    'Content-Type': file.type,
    'Cache-Control': file.cacheControl,
    ETag: chosen.etag,
  });
  if (extra.vary) headers.set('Vary', extra.vary);
  if (extra.link) headers.set('Link', extra.link);
  if (available.length) varyOnEncoding(headers);
  if (matches(c.req.header('If-None-Match'), chosen.etag)) {
    return new Response(null, { status: 304, headers });
  }
  if (encoding) headers.set('Content-Encoding', encoding);
  headers.set('Content-Length', String(chosen.size));
  const body =
    c.req.method === 'HEAD' ? null : new Uint8Array(await fs.promises.readFile(chosen.file));
  return new Response(body, { status: 200, headers });
}

/** A page address with `$name` segments (`/r/$publicId`) as a pattern of the addresses it serves. */
function addressPattern(address: string): RegExp {
  const segments = address
    .split('/')
    .map((segment) =>
      segment.startsWith('$') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    );
  return new RegExp(`^${segments.join('/')}$`);
}

export interface StaticOptions {
  /**
   * What a page's address asks the browser to fetch at once, as a `Link` header: the data the
   * page will ask for, before its scripts have run.
   */
  linksOf?: (address: string) => string | undefined;
}

export function mountStatic(app: Hono<AppEnv>, webDir: string, options: StaticOptions = {}): void {
  if (!fs.existsSync(path.join(webDir, 'index.html'))) {
    throw new Error(`The web app is not built (${webDir}/index.html missing). Run npm run build.`);
  }
  const files = indexFiles(webDir);
  const shell = files.get('/index.html')!;
  const pages = new Map<string, Page>();
  for (const [url, file] of files) {
    const [, name, locale] = /^\/pages(\/.*?)(?:\.(sw))?\.html$/.exec(url) ?? [];
    if (!name) continue;
    const address = name === '/index' ? '/' : name;
    const page: Page = pages.get(address) ?? {};
    if (locale === 'sw') page.sw = file;
    else page.en = file;
    pages.set(address, page);
  }
  const patterns = [...pages]
    .filter(([address]) => address.includes('/$'))
    .map(([address, page]) => ({ pattern: addressPattern(address), page }));
  const pageAt = (address: string) =>
    pages.get(address) ?? patterns.find(({ pattern }) => pattern.test(address))?.page;
  app.on(['GET', 'HEAD'], '*', async (c) => {
    const p = c.req.path;
    if (API_PREFIXES.some((prefix) => p.startsWith(prefix))) return c.notFound();
    let decoded: string;
    try {
      decoded = decodeURIComponent(p);
    } catch {
      return c.notFound();
    }
    const file = files.get(decoded);
    if (file) return send(c, file);
    // A missing asset must not come back as the shell: the browser would run HTML as script.
    if (HIDDEN.test(decoded) || decoded.startsWith('/assets/')) return c.notFound();
    const address = decoded.replace(/(.)\/$/, '$1');
    const page = pageAt(address);
    const link = options.linksOf?.(p);
    if (!page?.en) return send(c, shell, { link });
    if (!page.sw) return send(c, page.en, { link });
    const language = browserLanguage(c.req.header('Accept-Language'));
    return send(c, page[language] ?? page.en, { vary: 'Accept-Language', link });
  });
}
