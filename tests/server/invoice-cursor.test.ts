// The cursor of the invoice lists comes back from the client: every cursor the server writes
// reads back as itself, and a text that only looks like one names no invoice (it would
// otherwise reach the database as a date, time or uuid it cannot cast, and fail).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeInvoiceCursor, readInvoiceCursor } from '../../server/http/invoice-cursor';

const cursorText = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const ZERO_ID = '00000000-0000-4000-8000-000000000000';

describe('the invoice lists’ cursor', () => {
  it('reads back every cursor the server writes', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2099-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.uuid(),
        (createdAt, id) => {
          const date = createdAt.toISOString().slice(0, 10);
          const text = encodeInvoiceCursor({ date, createdAt, id });
          expect(readInvoiceCursor(text)).toEqual({
            date,
            createdAt: createdAt.toISOString(),
            id: id.toLowerCase(),
          });
        },
      ),
    );
  });

  it.each([
    ['not base64 JSON', 'nonsense'],
    ['JSON null', cursorText(null)],
    ['a list', cursorText([])],
    [
      'a number for the date',
      cursorText({ date: 5, createdAt: '2026-01-01T00:00:00.000Z', id: ZERO_ID }),
    ],
    [
      'the 30th of February',
      cursorText({ date: '2026-02-30', createdAt: '2026-01-01T00:00:00.000Z', id: ZERO_ID }),
    ],
    [
      'a time JavaScript rolls over',
      cursorText({ date: '2026-01-01', createdAt: '2026-02-30T00:00:00.000Z', id: ZERO_ID }),
    ],
    ['a time that is a number', cursorText({ date: '2026-01-01', createdAt: '1', id: ZERO_ID })],
    [
      '36 dashes for an id',
      cursorText({ date: '2026-01-01', createdAt: '2026-01-01T00:00:00.000Z', id: '-'.repeat(36) }),
    ],
    ['no id', cursorText({ date: '2026-01-01', createdAt: '2026-01-01T00:00:00.000Z' })],
  ])('reads %s as no cursor', (_, text) => {
    expect(readInvoiceCursor(text)).toBeNull();
  });
});
