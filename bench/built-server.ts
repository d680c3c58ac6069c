// The built server (`node dist/server/main.js`) for the load benchmarks: started on a free
// loopback port with a data folder of its own, the demo company (RISITI_DEMO) and the built-in TRA
// simulator, on PGlite or on PostgreSQL when BENCH_DATABASE_URL is set. The server bundle is made
// from the current source first, unless BENCH_SERVER names another bundle (say, one built from an
// earlier commit, to compare).
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './support';

export interface BuiltServer {
  base: string;
  /** The server's process id (its memory, for the memory bench). */
  pid: number;
  dataDir: string;
  adminToken: string;
  /** The demo operator's first login; empty on a restart. */
  operator: { username: string; password: string };
  stop(options?: { keepData?: boolean }): Promise<void>;
}

/** Checks the web app is built and makes the server bundle; exits the bench when it cannot. */
export function builtServerBundle(): string {
  if (!fs.existsSync('dist/web/index.html')) {
    console.error('The web app is not built: run `npm run build` first.');
    process.exit(1);
  }
  if (process.env.BENCH_SERVER) return process.env.BENCH_SERVER;
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
  return 'dist/server/main.js';
}

export async function startBuiltServer(
  bundle: string,
  options: {
    label: string;
    traWorker: boolean;
    /** Starts again on a data folder an earlier server left (`stop({ keepData: true })`). */
    dataDir?: string;
  },
): Promise<BuiltServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'risiti-load-'));
  const adminToken = crypto.randomBytes(24).toString('base64url');
  const profile = process.env.BENCH_CPU_PROF;
  const child = spawn(
    process.execPath,
    [
      ...(profile
        ? [
            '--cpu-prof',
            '--cpu-prof-dir',
            profile,
            '--cpu-prof-name',
            `${options.label}.cpuprofile`,
          ]
        : []),
      bundle,
    ],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
        RISITI_DEMO: '1',
        TRA_WORKER: options.traWorker ? '1' : '0',
        TRA_SIM_ADMIN_TOKEN: adminToken,
        LOG_LEVEL: 'info', // for the line that says it listens
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  let ready = false;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const operator = await new Promise<{ username: string; password: string }>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (ready) return;
      output += chunk.toString();
      // A restart prints no logins: they were shown once, on the first start.
      const login = /username: (operator1)\s+password: (\S+)/.exec(output);
      if (!output.includes('listening')) return;
      ready = true;
      resolve(
        login ? { username: login[1]!, password: login[2]! } : { username: '', password: '' },
      );
    });
    void exited.then(() => reject(new Error(`The server ended:\n${output}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    dataDir,
    adminToken,
    operator,
    async stop({ keepData = false } = {}) {
      child.kill('SIGTERM');
      await exited;
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A response's JSON body; throws with the status and body when it is not a success. */
export async function json(response: Response): Promise<any> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${text.slice(0, 500)}`);
  return text ? JSON.parse(text) : null;
}

/** The demo operator's access token, once its first password is chosen. */
export async function signInOperator(server: BuiltServer): Promise<string> {
  const api = `${server.base}/api/v2`;
  const first = await json(
    await fetch(`${api}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(server.operator),
    }),
  );
  const password = `Bench${crypto.randomBytes(6).toString('hex')}7!`;
  const chosen = await json(
    await fetch(`${api}/user/first-password`, {
      method: 'POST',
      headers: { authorization: `Bearer ${first.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ newPassword: password, confirmPassword: password }),
    }),
  );
  return chosen.token as string;
}
