// Headers that make the browser enforce what the app is: scripts, workers and data only from this
// server, never framed, nothing readable from another site except the public API (CORS, bearer
// tokens, no cookies), and HTTPS pinned only once a request really came over HTTPS.
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from '../context';
import { requestIsHttps } from './address';

/**
 * The app's policy. No inline or evaluated script anywhere (pdf.js runs with isEvalSupported
 * off); styles allow 'unsafe-inline' because Mantine writes its theme variables and responsive
 * props into <style> elements at run time, and a nonce cannot work for a shell the service
 * worker serves offline. data: and blob: images are the QR codes and photos made on the phone.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const HSTS = 'max-age=31536000; includeSubDomains';

/** Paths of the public API: what outside clients call with a bearer token. */
export const PUBLIC_API_PATHS = ['/api/v2/*', '/v1/accounting/*'] as const;

/**
 * A script, sheet, font or image the pages load from the build's hashed assets: never a document
 * (an SVG can be one) nor a worker (`*.worker-<hash>.js`, `pdf.worker.min-<hash>.mjs`), whose
 * policy comes with its own script.
 */
export function isSubresource(path: string): boolean {
  return (
    /^\/assets\/[^/]+\.(?:js|css|woff2?|png|jpe?g|webp|avif|ico)$/.test(path) &&
    !path.includes('.worker')
  );
}

/**
 * On every response, unless its handler chose its own (an expense file keeps its stricter CSP).
 * HSTS only over HTTPS: over plain HTTP it is meaningless and, behind a misconfigured proxy,
 * would pin a name to HTTPS that nobody serves.
 *
 * A subresource (isSubresource) gets only what applies to it: no sniffing its type, no other
 * site loading it, HSTS. The policy, framing, opener, permissions and referrer headers act on
 * documents and workers only, and over HTTP/1.1 they are sent uncompressed with each file: about
 * 0.7 KiB on each of the 17 scripts and sheets of a first visit to /login.
 */
export function securityHeaders(options: { trustProxy: boolean }): MiddlewareHandler<AppEnv>[] {
  const documentHeaders = secureHeaders({
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: 'same-origin',
    crossOriginOpenerPolicy: 'same-origin',
    strictTransportSecurity: false,
    xFrameOptions: 'DENY',
    permissionsPolicy: { camera: ['self'], microphone: [], geolocation: [] },
    overwrite: false,
  });
  return [
    async (c, next) => {
      const subresource = isSubresource(c.req.path);
      if (subresource) await next();
      else await documentHeaders(c, next);
      const headers = c.res.headers;
      if (subresource) {
        headers.set('X-Content-Type-Options', 'nosniff');
        headers.set('Cross-Origin-Resource-Policy', 'same-origin');
      } else if (!headers.has('Content-Security-Policy')) {
        headers.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
      }
      if (requestIsHttps(c, options.trustProxy)) headers.set('Strict-Transport-Security', HSTS);
    },
  ];
}

/**
 * CORS for the public API: any origin may call it, since it is authorised by a bearer token the
 * caller holds, never by cookies (so no credentials mode). Preflights are answered here, 204,
 * before any route's authentication.
 */
export function publicApiCors(): MiddlewareHandler<AppEnv> {
  return cors({
    origin: '*',
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowHeaders: [
      'Authorization',
      'Content-Type',
      'Accept-Language',
      'Idempotency-Key',
      'If-Match',
      'X-Device-Id',
      'X-File-Name',
    ],
    exposeHeaders: ['Content-Disposition', 'ETag', 'Retry-After', 'Idempotent-Replayed'],
    maxAge: 7200,
  });
}
