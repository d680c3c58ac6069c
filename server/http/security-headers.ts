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
 * On every response, unless its handler chose its own (an expense file keeps its stricter CSP).
 * HSTS only over HTTPS: over plain HTTP it is meaningless and, behind a misconfigured proxy,
 * would pin a name to HTTPS that nobody serves.
 */
export function securityHeaders(options: { trustProxy: boolean }): MiddlewareHandler<AppEnv>[] {
  return [
    secureHeaders({
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: 'same-origin',
      crossOriginOpenerPolicy: 'same-origin',
      strictTransportSecurity: false,
      xFrameOptions: 'DENY',
      permissionsPolicy: { camera: ['self'], microphone: [], geolocation: [] },
      overwrite: false,
    }),
    async (c, next) => {
      await next();
      if (!c.res.headers.has('Content-Security-Policy'))
        c.res.headers.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
      if (requestIsHttps(c, options.trustProxy))
        c.res.headers.set('Strict-Transport-Security', HSTS);
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
      'X-Device-Id',
      'X-File-Name',
    ],
    exposeHeaders: ['Content-Disposition', 'Retry-After', 'Idempotent-Replayed'],
    maxAge: 7200,
  });
}
