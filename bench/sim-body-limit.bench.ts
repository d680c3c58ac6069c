// Memory of the server while six clients each try to post 200 MB to the mounted TRA
// simulator's receipt endpoint (with the app's key, so the body limit is what stops them),
// once with Content-Length and once chunked. Prints resident memory before, at its peak and
// after. The clients run in the same process but send one reused 64 KiB buffer.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from '../server/app';
import { loadConfig } from '../server/config';
import { traSimClientKey } from '../server/secrets';
import { TRA_PATHS, TRA_SIM_KEY_HEADER } from '../server/vfd/tra-client';
import { benchDatabase, benchDeps } from './support';

const CLIENTS = 6;
const BYTES = Number(process.env.BENCH_BODY_MB ?? 200) * 1024 * 1024;

const database = await benchDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'risiti-bench-'));
// No TRA_BASE_URL: the simulator is mounted at /tra-sim, as in a default install.
const deps = {
  ...benchDeps(database, 'http://127.0.0.1:9'),
  config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'error' }),
};
const app = createApp(deps);
const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
  const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
});
const port = (server.address() as AddressInfo).port;
const key = traSimClientKey(deps.secrets);
const chunk = crypto.randomBytes(64 * 1024);

function post(declareLength: boolean): Promise<{ status: number; sentMb: number }> {
  return new Promise((resolve) => {
    let sent = 0;
    let status = 0;
    const request = http.request({
      host: '127.0.0.1',
      port,
      path: `/tra-sim${TRA_PATHS.receipt}`,
      method: 'POST',
      agent: false,
      headers: {
        [TRA_SIM_KEY_HEADER]: key,
        'content-type': 'application/xml',
        ...(declareLength ? { 'content-length': String(BYTES) } : {}),
      },
    });
    const done = () => resolve({ status, sentMb: Math.round(sent / 1024 / 1024) });
    request.on('response', (response) => {
      status = response.statusCode ?? 0;
      response.resume();
      response.on('end', () => {
        request.destroy();
        done();
      });
    });
    request.on('error', done);
    const pump = () => {
      while (sent < BYTES && !status && !request.destroyed) {
        sent += chunk.length;
        if (!request.write(chunk)) {
          request.once('drain', pump);
          return;
        }
      }
      if (sent >= BYTES && !request.writableEnded) request.end();
    };
    pump();
  });
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function round(label: string, declareLength: boolean): Promise<void> {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  const results = await Promise.all(Array.from({ length: CLIENTS }, () => post(declareLength)));
  const ms = Math.round(performance.now() - started);
  clearInterval(sampler);
  await new Promise((resolve) => setTimeout(resolve, 200));
  global.gc?.();
  const after = process.memoryUsage().rss;
  console.log(
    `${label}: ${CLIENTS} × ${mb(BYTES)} → statuses ${results.map((r) => r.status).join(',')}, ` +
      `sent before the answer ${results.map((r) => `${r.sentMb} MB`).join(', ')} in ${ms} ms; ` +
      `RSS before ${mb(before)}, peak ${mb(peak)}, after ${mb(after)}`,
  );
}

await round('Content-Length', true);
await round('chunked', false);

server.close();
await database.drop();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
