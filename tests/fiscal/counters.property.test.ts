// Property: whatever happens — receipts issued concurrently, TRA failing in every way, senders
// crashing and leaving their lease behind, the clock crossing midnights — the numbers TRA ends
// up with never skip and never repeat: GC contiguous from the registered start, DC restarting
// at 1 each EAT day and counting up, ZNUM equal to the date, each receipt acknowledged once.
import crypto from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock';
import { parseReceipt } from '../../server/tra-sim/checks';
import { seededRandom } from '../../server/tra-sim/faults';
import { claimLease } from '../../server/vfd/lease';
import { createFiscalEnv, invoiceFor, type FiscalEnv } from '../helpers/fiscal';

let env: FiscalEnv;
let seed = 1;

beforeAll(async () => {
  env = await createFiscalEnv({
    clock: new ManualClock('2026-08-01T06:00:00+03:00'),
    random: () => random(),
  });
});
afterAll(async () => {
  await env.close();
});

let random = seededRandom(seed);

const faultsArb = fc.record({
  acceptThenDropRate: fc.double({ min: 0, max: 0.5, noNaN: true }),
  errorRate: fc.double({ min: 0, max: 0.4, noNaN: true }),
  dropRate: fc.double({ min: 0, max: 0.3, noNaN: true }),
});

const stepArb = fc.oneof(
  fc.record({ kind: fc.constant('issue' as const), count: fc.integer({ min: 1, max: 4 }) }),
  fc.record({
    kind: fc.constant('clock' as const),
    minutes: fc.oneof(fc.integer({ min: 0, max: 90 }), fc.integer({ min: 600, max: 2_000 })),
  }),
  fc.record({ kind: fc.constant('send' as const), sender: fc.constantFrom('a', 'b') }),
  fc.record({ kind: fc.constant('faults' as const), faults: faultsArb }),
  fc.record({ kind: fc.constant('crash' as const) }),
);

describe('VFD counters', () => {
  it('never skip or repeat under faults, concurrency, crashes and midnights', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(stepArb, { minLength: 3, maxLength: 14 }),
        fc.integer({ min: 1, max: 500 }),
        async (steps, gcStart) => {
          random = seededRandom(++seed);
          env.sim.setFaults({});
          const company = await env.company({ gcStart });
          const timing = { requestTimeoutMs: 1_000, leaseMs: 2_000 };
          const senders = {
            a: env.worker({ ...timing, holder: `a-${seed}` }),
            b: env.worker({ ...timing, holder: `b-${seed}` }),
          };
          let issued = 0;
          for (const step of steps) {
            if (step.kind === 'issue') {
              // Issued at the same time, as from several phones.
              await Promise.all(
                Array.from({ length: step.count }, () =>
                  env.fiscalize(invoiceFor(company.id, { lines: [{ price: 1_000 + issued }] })),
                ),
              );
              issued += step.count;
            } else if (step.kind === 'clock') {
              env.clock.advance(step.minutes * 60_000);
            } else if (step.kind === 'send') {
              await senders[step.sender].sendCompany(company.id);
            } else if (step.kind === 'faults') {
              env.sim.setFaults(step.faults);
            } else {
              // A process died while holding the VFD: its lease stays until it expires.
              await claimLease(
                env.deps.db,
                company.id,
                `dead-${crypto.randomUUID()}`,
                env.clock.now(),
                2_000,
              );
            }
          }
          env.sim.setFaults({});
          env.clock.advance(2_001);
          await env.drain(senders.a, company.id);

          const ledger = await env.sim.ledger(company.serial);
          expect(ledger.map((r) => r.gc)).toEqual(
            Array.from({ length: issued }, (_, i) => gcStart + i),
          );
          expect(ledger.every((r) => r.ackCode === 0)).toBe(true);
          let previousDate = '';
          let previousDc = 0;
          for (const row of ledger) {
            const receipt = parseReceipt(row.body);
            expect(receipt.znum).toBe(receipt.date.replace(/-/g, ''));
            expect(receipt.dc).toBe(receipt.date === previousDate ? previousDc + 1 : 1);
            expect(receipt.date >= previousDate).toBe(true);
            previousDate = receipt.date;
            previousDc = receipt.dc;
          }
        },
      ),
      { numRuns: 12, endOnFailure: true },
    );
  });
});
