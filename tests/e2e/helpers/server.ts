// The built app served by the real server (`node dist/server/main.js`), as people run it: a
// temporary DATA_DIR, a free port on 127.0.0.1, the demo company and a known admin password.
// The seeded logins are read from the server's first-start output.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
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

/** Ready once it has seeded, printed the logins and said it listens, and answers. */
async function waitUntilReady(url: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The server exited with ${child.exitCode}:\n${log()}`);
    }
    if (log().includes('Risiti listening on')) {
      try {
        const response = await fetch(`${url}/v1/accounting/health`);
        if (response.ok) return;
      } catch {
        /* not answering yet */
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`The server was not ready within 60 s:\n${log()}`);
}

export async function startServer(env: Record<string, string> = {}): Promise<E2EServer> {
  const main = path.resolve('dist/server/main.js');
  if (!fs.existsSync(main) || !fs.existsSync(path.resolve('dist/web/index.html'))) {
    throw new Error('The app is not built: run npm run build before the browser tests.');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'risiti-e2e-'));
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
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(url, child, () => output);

  const logins: Record<string, string> = {};
  for (const match of output.matchAll(/username: (\S+)\s+password: (\S+)/g)) {
    logins[match[1]!] = match[2]!;
  }

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };

  return {
    url,
    port,
    dataDir,
    logins,
    output: () => output,
    stop,
    async dispose() {
      await stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
