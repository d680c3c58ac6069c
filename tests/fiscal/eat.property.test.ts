// The VFD's fast EAT stamp agrees with the domain's time-zone-aware dates for any instant.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eatDate, eatTime, zNumber } from '../../domain/dates';
import { eatStamp } from '../../server/vfd/eat';

describe('EAT stamps on receipts', () => {
  it('equal domain/dates for any instant from 2000 to 2100', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
        const at = new Date(ms);
        expect(eatStamp(at)).toEqual({ date: eatDate(at), time: eatTime(at), znum: zNumber(at) });
      }),
      { numRuns: 2_000 },
    );
  });

  it('turns the day at 21:00 UTC', () => {
    expect(eatStamp(new Date('2026-03-03T20:59:59Z'))).toMatchObject({
      date: '2026-03-03',
      time: '23:59:59',
    });
    expect(eatStamp(new Date('2026-03-03T21:00:00Z'))).toMatchObject({
      date: '2026-03-04',
      time: '00:00:00',
      znum: '20260304',
    });
  });
});
