// Serves the built PWA: hashed assets cached for a year, the shell, manifest and service
// worker always revalidated, and every other page path answered with index.html so the
// client router can take it.
import fs from 'node:fs';
import path from 'node:path';
import type { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppEnv } from './context';

const API_PREFIXES = ['/api/', '/v1/', '/tra-sim/'];

export function mountStatic(app: Hono<AppEnv>, webDir: string): void {
  if (!fs.existsSync(path.join(webDir, 'index.html'))) {
    throw new Error(`The web app is not built (${webDir}/index.html missing). Run npm run build.`);
  }
  const root = path.relative(process.cwd(), webDir) || '.';
  app.use('*', async (c, next) => {
    await next();
    const p = c.req.path;
    if (p.startsWith('/assets/')) c.header('Cache-Control', 'public, max-age=31536000, immutable');
    else if (!API_PREFIXES.some((prefix) => p.startsWith(prefix)))
      c.header('Cache-Control', 'no-cache');
  });
  app.use('*', serveStatic({ root }));
  const indexHtml = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8');
  app.get('*', (c) => {
    if (API_PREFIXES.some((prefix) => c.req.path.startsWith(prefix))) return c.notFound();
    return c.html(indexHtml);
  });
}
