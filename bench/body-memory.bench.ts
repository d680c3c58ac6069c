// Resident memory of a server sent six 100 MB bodies at once, declared and chunked: by an
// operator to organizations and companies (refused before reading), and by an owner to a Z
// report (refused past 1 KB). The bodies are generated as they are sent, so the process's
// growth is the server's. Prints the numbers; asserts nothing.
import crypto from 'node:crypto';
import http from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from '../server/app';
import { signAccessToken } from '../server/auth/tokens';
import { openSession } from '../server/auth/service';
import { companies, organizations, users } from '../server/db/schema';
import { benchDatabase, benchDeps, freePort, line } from './support';

const SIZE = 100 * 1024 * 1024;
const CHUNK = Buffer.alloc(256 * 1024, 0x61);

function post(
  port: number,
  path: string,
  token: string,
  chunked: boolean,
): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const headers: Record<string, string> = {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    };
    if (!chunked) headers['content-length'] = String(SIZE);
    const request = http.request({ port, path, method: 'POST', headers });
    let status = 0;
    request.on('response', (response) => {
      status = response.statusCode ?? 0;
      response.resume();
      response.on('end', () => {
        request.destroy();
        resolve({ status, ms: performance.now() - started });
      });
    });
    request.on('error', () => resolve({ status, ms: performance.now() - started }));
    let sent = 0;
    const write = () => {
      while (sent < SIZE && !request.destroyed) {
        sent += CHUNK.length;
        if (!request.write(CHUNK)) return void request.once('drain', write);
      }
      if (!request.destroyed) request.end();
    };
    write();
  });
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function main() {
  const database = await benchDatabase();
  const deps = benchDeps(database, 'http://127.0.0.1:9/tra-sim');
  const [organization] = await deps.db
    .insert(organizations)
    .values({ name: 'Bench', ownerName: 'Bench', ownerPhone: '712345678', ownerEmail: 'b@x.tz' })
    .returning();
  const [company] = await deps.db
    .insert(companies)
    .values({
      name: 'Bench',
      tin: '123456789',
      email: 'c@x.tz',
      phone: '712345678',
      address: 'Dar',
      serial: '10TZ100001',
      organizationId: organization!.id,
    })
    .returning();
  const person = async (role: 'operator' | 'company_owner') => {
    const [user] = await deps.db
      .insert(users)
      .values({
        username: `${role}-${crypto.randomBytes(3).toString('hex')}`,
        email: `${role}@x.tz`,
        firstName: 'Bench',
        lastName: 'User',
        mobile: '712345678',
        role,
        passwordHash: 'x',
        mustChangePassword: false,
        companyId: company!.id,
        organizationId: organization!.id,
      })
      .returning();
    const sid = await openSession(deps.db, user!.id, new Date());
    return signAccessToken(deps.secrets.jwtKey, { sub: user!.id, role, tv: 0, sid }, new Date());
  };
  const operator = await person('operator');
  const owner = await person('company_owner');
  const port = await freePort();
  const server = serve({ fetch: createApp(deps).fetch, port, hostname: '127.0.0.1' });

  const cases = [
    ['operator → /organizations', '/v1/accounting/organizations', operator],
    ['operator → /companies', '/v1/accounting/companies', operator],
    [
      'owner → /companies/{id}/z-reports',
      `/v1/accounting/companies/${company!.id}/z-reports`,
      owner,
    ],
  ] as const;
  console.log(`Database: ${database.label}; six parallel 100 MB posts per case`);
  for (const chunked of [false, true]) {
    for (const [label, path, token] of cases) {
      global.gc?.();
      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 20);
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => post(port, path, token, chunked)),
      );
      clearInterval(sampler);
      const after = process.memoryUsage().rss;
      const statuses = [...new Set(answers.map((a) => a.status))].join('/');
      const slowest = Math.max(...answers.map((a) => a.ms));
      line(
        `${label} (${chunked ? 'chunked' : 'declared'})`,
        `${statuses} in ≤${slowest.toFixed(0)} ms; RSS ${mb(before)} → peak ${mb(peak)} (+${mb(peak - before)}), after ${mb(after)}`,
      );
    }
  }
  server.close();
  await database.drop();
}

await main();
