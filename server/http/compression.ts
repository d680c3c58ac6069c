// Choosing a response's encoding from Accept-Encoding (Brotli, else gzip, else none), and
// compressing the API's JSON on the fly. The built app is compressed once at build time instead
// (scripts/precompress.mjs); PDFs and spreadsheets are compressed formats already and pass as
// they are.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

export type Encoding = 'br' | 'gzip';

/** Under this many bytes compression saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;

const COMPRESSIBLE = /^(?:application\/(?:[\w.+-]+\+)?json|text\/(?:plain|csv|html|xml))\b/i;

/**
 * The best encoding both sides have: Brotli before gzip, whatever their q-values, as long as
 * the browser accepts it (q above 0, by name or through *).
 */
export function negotiateEncoding(
  acceptEncoding: string | undefined,
  available: readonly Encoding[] = ['br', 'gzip'],
): Encoding | null {
  if (!acceptEncoding) return null;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = weight ? Number(weight.slice(2)) : 1;
    q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  for (const encoding of ['br', 'gzip'] as const) {
    if (!available.includes(encoding)) continue;
    if ((q.get(encoding) ?? q.get('*') ?? 0) > 0) return encoding;
  }
  return null;
}

/** Adds Accept-Encoding to Vary, keeping what is there. */
export function varyOnEncoding(headers: Headers): void {
  const vary = headers.get('Vary');
  if (vary === '*' || /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? '')) return;
  headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * JSON (and text) answers over 1 KiB, compressed for the browsers that accept it. Brotli at a
 * middle quality: most of its gain for a few milliseconds on a large list.
 */
export function compressResponses(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get('Content-Type') ?? '';
    if (
      c.req.method === 'HEAD' ||
      !res.body ||
      res.status === 204 ||
      res.status === 206 ||
      res.headers.has('Content-Encoding') ||
      !COMPRESSIBLE.test(type) ||
      /\bno-transform\b/i.test(res.headers.get('Cache-Control') ?? '')
    )
      return;
    const body = Buffer.from(await res.arrayBuffer());
    const large = body.length >= COMPRESS_THRESHOLD;
    const encoding = large ? negotiateEncoding(c.req.header('Accept-Encoding')) : null;
    let out: Buffer = body;
    if (encoding === 'br') {
      out = await brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      });
    } else if (encoding === 'gzip') out = await gzip(body, { level: 6 });
    c.res = new Response(new Uint8Array(out), res);
    const headers = c.res.headers;
    headers.set('Content-Length', String(out.length));
    if (large) varyOnEncoding(headers);
    if (encoding) {
      headers.set('Content-Encoding', encoding);
      const etag = headers.get('ETag');
      if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
    }
  };
}
