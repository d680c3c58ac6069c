import { describe, expect, it } from 'vitest';
import {
  attachmentMessages as am,
  attachmentMetaSchema,
  checkAttachment,
  checkAttachmentContent,
  detectAttachmentKind,
  MAX_ATTACHMENT_BYTES,
} from '../../domain/attachments';
import { fieldErrors } from './field-errors';

const MB = 1024 * 1024;
const bytes = (...values: number[]) => new Uint8Array(values);
const PDF = bytes(0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37); // %PDF-1.7
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const JPG = bytes(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46);
const TEXT = new TextEncoder().encode('Risiti ya mafuta');

describe('expense attachments (spec §5: at most 5 MB, PDF, PNG or JPG)', () => {
  it('accepts a receipt scanned as PDF, PNG or JPG', () => {
    expect(checkAttachment({ name: 'risiti.pdf', type: 'application/pdf', size: 2 * MB })).toEqual({
      ok: true,
      kind: 'pdf',
      mime: 'application/pdf',
    });
    expect(checkAttachment({ name: 'IMG_2041.JPEG', type: 'image/jpeg', size: MB })).toMatchObject({
      kind: 'jpg',
    });
    expect(checkAttachment({ name: 'photo.jpg', type: 'image/jpg', size: MB })).toMatchObject({
      kind: 'jpg',
      mime: 'image/jpeg',
    });
    expect(checkAttachment({ name: 'scan.png', type: 'image/png', size: MB })).toMatchObject({
      kind: 'png',
    });
  });

  it('goes by the name when the device does not know the type', () => {
    expect(checkAttachment({ name: 'scan.png', type: '', size: MB })).toMatchObject({ ok: true });
    expect(
      checkAttachment({ name: 'risiti.pdf', type: 'application/octet-stream', size: MB }),
    ).toMatchObject({ ok: true, kind: 'pdf' });
  });

  it('refuses other types, and a name and type that disagree', () => {
    for (const file of [
      { name: 'ankara.docx', type: 'application/msword', size: MB },
      { name: 'photo.heic', type: 'image/heic', size: MB },
      { name: 'risiti', type: 'application/pdf', size: MB },
      { name: 'risiti.pdf.exe', type: '', size: MB },
      { name: 'photo.png', type: 'application/pdf', size: MB },
      { name: 'risiti.pdf', type: 'text/html', size: MB },
    ]) {
      expect(checkAttachment(file), file.name).toEqual({ ok: false, message: am.wrongType });
    }
  });

  it('takes exactly 5 MB and not a byte more, and refuses an empty file', () => {
    const file = { name: 'risiti.pdf', type: 'application/pdf' };
    expect(checkAttachment({ ...file, size: MAX_ATTACHMENT_BYTES })).toMatchObject({ ok: true });
    expect(checkAttachment({ ...file, size: 5 * MB + 1 })).toEqual({
      ok: false,
      message: am.tooLarge,
    });
    expect(checkAttachment({ ...file, size: 0 })).toEqual({ ok: false, message: am.empty });
  });

  it('recognises the content by its first bytes', () => {
    expect(detectAttachmentKind(PDF)).toBe('pdf');
    expect(detectAttachmentKind(PNG)).toBe('png');
    expect(detectAttachmentKind(JPG)).toBe('jpg');
    expect(detectAttachmentKind(TEXT)).toBeNull();
    expect(detectAttachmentKind(bytes(0xff, 0xd8))).toBeNull();
    expect(detectAttachmentKind(bytes())).toBeNull();
  });

  it('refuses a file whose content is not what its name says', () => {
    const meta = { name: 'risiti.jpg', type: 'image/jpeg', size: 300_000 };
    expect(checkAttachmentContent(meta, JPG)).toMatchObject({ ok: true, kind: 'jpg' });
    expect(checkAttachmentContent(meta, PNG)).toEqual({ ok: false, message: am.contentMismatch });
    expect(checkAttachmentContent({ ...meta, name: 'risiti.pdf', type: '' }, TEXT)).toEqual({
      ok: false,
      message: am.wrongType,
    });
    expect(checkAttachmentContent({ ...meta, size: 6 * MB }, JPG)).toEqual({
      ok: false,
      message: am.tooLarge,
    });
  });

  it('names the field of a refused file in a form', () => {
    expect(
      fieldErrors(attachmentMetaSchema, { name: 'a.gif', type: 'image/gif', size: 10 }),
    ).toEqual({ name: am.wrongType.id });
    expect(
      fieldErrors(attachmentMetaSchema, { name: 'a.png', type: 'image/png', size: 6 * MB }),
    ).toEqual({ size: am.tooLarge.id });
    expect(fieldErrors(attachmentMetaSchema, { name: 'a.png', size: 10 })).toEqual({});
  });
});
