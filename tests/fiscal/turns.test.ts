// Receipts keep going to TRA while the server is busy with requests: on the embedded database
// (one statement at a time) the fiscal worker's statements, and those of the built-in
// simulator it sends to, are let in ahead of the requests waiting for their turn.
import type { Server as HttpServer } from 'node:http';
import { serve, type ServerType } from '@hono/node-server';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  awayFromTurn,
  createDbTurns,
  inRequestTurn,
  withDbPriority,
} from '../../server/db/scheduler';
import { companies, traOutbox } from '../../server/db/schema';
import { traSimClientKey } from '../../server/secrets';
import { createTraSimulator } from '../../server/tra-sim/simulator';
import { createFiscalEnv, invoiceFor, type FiscalEnv } from '../helpers/fiscal';

let env: FiscalEnv;
let mounted: ServerType;

beforeAll(async () => {
  env = await createFiscalEnv();
  // The simulator as the server mounts it: it knows the app's client key.
  const sim = createTraSimulator({
    db: env.deps.db,
    clock: env.clock,
    clientKey: traSimClientKey(env.deps.secrets),
  });
  mounted = await new Promise((resolve) => {
    const s = serve({ fetch: sim.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const address = mounted.address();
  env.deps.traBaseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => {
    mounted.close(() => resolve());
    (mounted as HttpServer).closeAllConnections();
  });
  await env.close();
});

it('sends receipts to TRA while requests wait for the database', async () => {
  const company = await env.company();
  for (let i = 0; i < 3; i++) await env.fiscalize(invoiceFor(company.id));
  const worker = env.worker();

  // Requests already waiting when the worker starts: each reads a little in a transaction.
  const requests = 500;
  let served = 0;
  const load = Array.from({ length: requests }, () =>
    env.deps.db
      .transaction(async (tx) => {
        await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, company.id));
      })
      .then(() => served++),
  );
  await worker.sendCompany(company.id);
  const servedWhenSent = served;
  await Promise.all(load);

  const [accepted] = await env.deps.db
    .select({ n: count() })
    .from(traOutbox)
    .where(and(eq(traOutbox.companyId, company.id), eq(traOutbox.status, 'accepted')));
  expect(accepted!.n).toBe(3);
  // In arrival order the receipts would have gone only after every waiting request.
  expect(servedWhenSent).toBeLessThan(requests);
});

it('lets prioritized work in ahead of waiting work, in order within each kind', async () => {
  const turns = createDbTurns(1);
  const order: string[] = [];
  let open!: () => void;
  const first = turns.run(() => new Promise<void>((resolve) => (open = resolve)));
  const waiting = [
    turns.run(async () => void order.push('request 1')),
    turns.run(async () => void order.push('request 2')),
    withDbPriority(() => turns.run(async () => void order.push('worker 1'))),
    withDbPriority(() => turns.run(async () => void order.push('worker 2'))),
  ];
  expect(turns.waiting).toEqual({ priority: 2, normal: 2 });
  open();
  await Promise.all([first, ...waiting]);
  expect(order).toEqual(['worker 1', 'worker 2', 'request 1', 'request 2']);
});

it('gives the turn back when work fails', async () => {
  const turns = createDbTurns(1);
  await expect(turns.run(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
  await expect(turns.run(async () => 'next')).resolves.toBe('next');
});

it('lets other requests work while a request waits away from its turn', async () => {
  const turns = createDbTurns(1);
  const order: string[] = [];
  let open!: () => void;
  const held = inRequestTurn(turns, async () => {
    order.push('held pull starts');
    await awayFromTurn(() => new Promise<void>((resolve) => (open = resolve)));
    order.push('held pull answers');
  });
  const other = inRequestTurn(turns, async () => void order.push('other request'));
  await other;
  expect(order).toEqual(['held pull starts', 'other request']);
  open();
  await held;
  expect(order).toEqual(['held pull starts', 'other request', 'held pull answers']);
  // Both turns were given back: the one slot is free again.
  await expect(turns.run(async () => 'next')).resolves.toBe('next');
  expect(turns.waiting).toEqual({ priority: 0, normal: 0 });
});

it('queues a request back behind those waiting when its wait ends', async () => {
  const turns = createDbTurns(1);
  const order: string[] = [];
  const tick = () => new Promise((resolve) => setImmediate(resolve));
  let open: (() => void) | undefined;
  let block: (() => void) | undefined;
  const held = inRequestTurn(turns, async () => {
    await awayFromTurn(() => new Promise<void>((resolve) => (open = resolve)));
    order.push('held pull');
  });
  // Another request takes the turn the held pull gave up, and keeps it for now.
  const busy = inRequestTurn(turns, () => new Promise<void>((resolve) => (block = resolve)));
  while (!block || !open) await tick();
  const waiting = inRequestTurn(turns, async () => void order.push('waiting request'));
  open();
  await tick();
  expect(turns.waiting).toEqual({ priority: 0, normal: 2 });
  block();
  await Promise.all([held, busy, waiting]);
  expect(order).toEqual(['waiting request', 'held pull']);
});
