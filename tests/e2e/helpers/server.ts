// The built app served by the real server (`node dist/server/main.js`), as people run it: a
// temporary DATA_DIR, a free port on 127.0.0.1, the demo company and a known admin password.
// The seeded logins are read from the server's first-start output (firstStartOf).
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const ADMIN_PASSWORD = 'Admin-e2e-7!';

export interface E2EServer {
  url: string;
  port: number;
  dataDir: string;
  /** username → password printed at first start (admin included). */
  logins: Record<string, string>;
  output(): string;
  /** Stops the process (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
  /** Stops it and removes its data. */
  dispose(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Whether the server's health check answers OK; over HTTPS, trusting its own certificate. */
function answers(url: string, ca: Buffer | null): Promise<boolean> {
  const health = `${url}/v1/accounting/health`;
  if (!ca) return fetch(health).then((response) => response.ok);
  return new Promise((resolve, reject) => {
    https
      // Its own connection: the shared agent's options would override this request's `ca`.
      .get(health, { ca, agent: false }, (response) => {
        response.resume();
        resolve(response.statusCode === 200);
      })
      .on('error', reject);
  });
}

/** Ready once it has seeded, printed the logins and said it listens, and answers. */
async function waitUntilReady(
  url: string,
  child: ChildProcess,
  log: () => string,
  ca: Buffer | null,
) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The server exited with ${child.exitCode}:\n${log()}`);
    }
    if (log().includes('Risiti listening on')) {
      try {
        if (await answers(url, ca)) return;
      } catch {
        /* not answering yet */
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`The server was not ready within 60 s:\n${log()}`);
}

/** Settings that change what a first start writes: a server given one starts from nothing. */
const SHAPES_DATA = [
  'DATABASE_URL',
  'RISITI_DEMO',
  'RISITI_ADMIN_USER',
  'RISITI_ADMIN_PASSWORD',
  'TRA_BASE_URL',
];

export interface StartOptions {
  /** Changes the data folder before the server first opens it (a past the test needs). */
  prepare?: (dataDir: string) => Promise<void>;
}

export async function startServer(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<E2EServer> {
  const main = path.resolve('dist/server/main.js');
  if (!fs.existsSync(main) || !fs.existsSync(path.resolve('dist/web/index.html'))) {
    throw new Error('The app is not built: run npm run build before the browser tests.');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'risiti-e2e-'));
  const firstStart = Object.keys(env).some((name) => SHAPES_DATA.includes(name))
    ? null
    : await firstStartOf(main);
  if (firstStart) fs.cpSync(firstStart.dataDir, dataDir, { recursive: true });
  await options.prepare?.(dataDir);
  const started = await spawnServer(main, dataDir, env);
  const logins: Record<string, string> = {};
  for (const match of (firstStart?.output ?? started.output()).matchAll(
    /username: (\S+)\s+password: (\S+)/g,
  )) {
    logins[match[1]!] = match[2]!;
  }
  return {
    url: started.url,
    port: started.port,
    output: started.output,
    stop: async () => void (await started.stop()),
    dataDir,
    logins,
    async dispose() {
      await started.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A server's data folder as its first start leaves it (databases created and migrated, the
 * demo company seeded and registered with the simulator, secrets made), with what that start
 * printed: made once per build and day and kept in the temporary folder, then copied for each
 * browser test's server. A first start takes seconds of CPU the tests do not look at; a test
 * of the first start itself passes a setting that shapes the data and starts from nothing.
 */
async function firstStartOf(main: string): Promise<{ dataDir: string; output: string }> {
  const key = crypto
    .createHash('sha256')
    .update(fs.readFileSync(main))
    .update(new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10))
    .digest('hex')
    .slice(0, 16);
  const kept = path.join(os.tmpdir(), `risiti-e2e-first-start-${key}`);
  if (!fs.existsSync(path.join(kept, 'output.txt'))) {
    // Made aside and renamed into place whole: another run (a second checkout's tests, a
    // bench) may be making the same one, or copying it, at this moment.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'risiti-e2e-'));
    const server = await spawnServer(main, dataDir, {});
    const exitCode = await server.stop();
    if (exitCode !== 0)
      throw new Error(`The first start did not stop cleanly:\n${server.output()}`);
    fs.rmSync(path.join(dataDir, 'mail'), { recursive: true, force: true });
    fs.writeFileSync(path.join(dataDir, 'output.txt'), server.output());
    try {
      fs.renameSync(dataDir, kept);
    } catch {
      if (fs.existsSync(path.join(kept, 'output.txt'))) {
        // Another run was first: its copy is the same.
        fs.rmSync(dataDir, { recursive: true, force: true });
      } else {
        // Left half made by a run that was stopped.
        fs.rmSync(kept, { recursive: true, force: true });
        fs.renameSync(dataDir, kept);
      }
    }
  }
  const now = new Date();
  fs.utimesSync(kept, now, now);
  // Another build's first start is removed once no run has used it for an hour.
  for (const old of fs.readdirSync(os.tmpdir())) {
    const full = path.join(os.tmpdir(), old);
    if (!old.startsWith('risiti-e2e-first-start-') || full === kept) continue;
    try {
      if (now.getTime() - fs.statSync(full).mtimeMs > 3_600_000) {
        fs.rmSync(full, { recursive: true, force: true });
      }
    } catch {
      // Removed by another run meanwhile.
    }
  }
  return {
    dataDir: kept,
    output: fs.readFileSync(path.join(kept, 'output.txt'), 'utf8'),
  };
}

async function spawnServer(main: string, dataDir: string, env: Record<string, string>) {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      RISITI_DEMO: '1',
      RISITI_ADMIN_USER: 'admin',
      RISITI_ADMIN_PASSWORD: ADMIN_PASSWORD,
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      SMTP_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // Given a certificate (TLS_CERT_FILE), the server speaks HTTPS, HTTP/2 included.
  const ca = env.TLS_CERT_FILE ? fs.readFileSync(env.TLS_CERT_FILE) : null;
  const url = `${ca ? 'https' : 'http'}://127.0.0.1:${port}`;
  await waitUntilReady(url, child, () => output, ca);

  /** Stops the process (SIGTERM, SIGKILL after 10 s) and gives its exit code. */
  const stop = async (): Promise<number | null> => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    return child.exitCode;
  };
  return { url, port, output: () => output, stop };
}
