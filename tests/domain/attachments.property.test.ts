// Whatever file a phone offers, the checks agree with the rule: kind by name, type and content,
// and a size of at most 5 MB.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ATTACHMENT_KINDS,
  ATTACHMENT_MIME,
  checkAttachment,
  checkAttachmentContent,
  detectAttachmentKind,
  MAX_ATTACHMENT_BYTES,
  type AttachmentKind,
} from '../../domain/attachments';

const SIGNATURE: Record<AttachmentKind, number[]> = {
  pdf: [0x25, 0x50, 0x44, 0x46, 0x2d],
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpg: [0xff, 0xd8, 0xff],
};
const EXTENSIONS: Record<AttachmentKind, string[]> = {
  pdf: ['pdf', 'PDF'],
  png: ['png', 'Png'],
  jpg: ['jpg', 'jpeg', 'JPG', 'JPEG'],
};

const kindArb = fc.constantFrom(...ATTACHMENT_KINDS);
const baseName = fc.stringMatching(/^[A-Za-z0-9 _-]{1,40}$/);
const tail = fc.uint8Array({ maxLength: 64 });

describe('attachments, for any file', () => {
  it('accepts a well-named file exactly when 0 < size ≤ 5 MB', () => {
    fc.assert(
      fc.property(
        kindArb,
        baseName,
        fc.integer({ min: -1, max: MAX_ATTACHMENT_BYTES * 2 }),
        fc.boolean(),
        (kind, name, size, withType) => {
          const extension = EXTENSIONS[kind][0]!;
          const file = {
            name: `${name}.${extension}`,
            type: withType ? ATTACHMENT_MIME[kind] : '',
            size,
          };
          const check = checkAttachment(file);
          expect(check.ok).toBe(size > 0 && size <= MAX_ATTACHMENT_BYTES);
          if (check.ok) expect(check.kind).toBe(kind);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses any other extension', () => {
    const allowed = new Set(['pdf', 'png', 'jpg', 'jpeg']);
    fc.assert(
      fc.property(
        baseName,
        fc.stringMatching(/^[A-Za-z0-9]{1,6}$/).filter((ext) => !allowed.has(ext.toLowerCase())),
        (name, extension) => {
          expect(checkAttachment({ name: `${name}.${extension}`, type: '', size: 1000 }).ok).toBe(
            false,
          );
        },
      ),
    );
  });

  it('recognises content by its signature whatever follows, and nothing without one', () => {
    fc.assert(
      fc.property(kindArb, tail, (kind, rest) => {
        const head = new Uint8Array([...SIGNATURE[kind], ...rest]);
        expect(detectAttachmentKind(head)).toBe(kind);
      }),
    );
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 16 }), (head) => {
        const kind = detectAttachmentKind(head);
        if (kind !== null)
          expect([...head.slice(0, SIGNATURE[kind].length)]).toEqual(SIGNATURE[kind]);
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts content only when it is the kind the name says', () => {
    fc.assert(
      fc.property(kindArb, kindArb, baseName, tail, (named, actual, name, rest) => {
        const file = {
          name: `${name}.${EXTENSIONS[named][0]}`,
          type: ATTACHMENT_MIME[named],
          size: 1000,
        };
        const head = new Uint8Array([...SIGNATURE[actual], ...rest]);
        expect(checkAttachmentContent(file, head).ok).toBe(named === actual);
      }),
    );
  });
});
