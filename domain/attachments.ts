// Files attached to an expense (spec §5, §9): at most 5 MB each, PDF, PNG or JPG only. The name,
// the declared type and the first bytes must all agree, so a renamed or mislabelled file is
// refused on the phone before upload and again on the server before it is stored.
import * as v from 'valibot';
import type { Message } from './i18n';
import { issuePath } from './schemas/fields';

export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
/** At most this many files on one expense. */
export const MAX_ATTACHMENTS = 10;

export const ATTACHMENT_KINDS = ['pdf', 'png', 'jpg'] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];

/** The MIME type stored and served for each kind. */
export const ATTACHMENT_MIME: Record<AttachmentKind, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
};

/** What an `accept` attribute of a file input should say. */
export const ATTACHMENT_ACCEPT = '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg';

export const attachmentMessages = {
  tooLarge: /*i18n*/ { id: 'The file is too large. The maximum is 5 MB.' },
  wrongType: /*i18n*/ { id: 'Only PDF, PNG or JPG files are accepted' },
  empty: /*i18n*/ { id: 'The file is empty' },
  contentMismatch: /*i18n*/ { id: 'The file content does not match its type' },
  tooMany: /*i18n*/ { id: 'An expense can have at most 10 files' },
  noSpace: /*i18n*/ {
    id: 'This phone has no room left for the file. Free some space, or attach it later.',
  },
} satisfies Record<string, Message>;

const am = attachmentMessages;

const KIND_BY_EXTENSION: Record<string, AttachmentKind> = {
  pdf: 'pdf',
  png: 'png',
  jpg: 'jpg',
  jpeg: 'jpg',
};

/** image/jpg and image/pjpeg are not registered but some devices send them. */
const KIND_BY_MIME: Record<string, AttachmentKind> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'image/pjpeg': 'jpg',
};

/** Types that say nothing about the content; the extension (and later the bytes) decide. */
const UNKNOWN_MIME = new Set(['', 'application/octet-stream']);

export function kindFromFileName(name: string): AttachmentKind | null {
  const dot = name.lastIndexOf('.');
  if (dot < 0) return null;
  return (
    KIND_BY_EXTENSION[
      name
        .slice(dot + 1)
        .trim()
        .toLowerCase()
    ] ?? null
  );
}

export function kindFromMime(type: string): AttachmentKind | null {
  const essence = type.split(';')[0]!.trim().toLowerCase();
  return KIND_BY_MIME[essence] ?? null;
}

/** Bytes a file must start with to be of each kind. */
const SIGNATURES: Record<AttachmentKind, readonly number[]> = {
  pdf: [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpg: [0xff, 0xd8, 0xff],
};

/** How many leading bytes `detectAttachmentKind` needs to see. */
export const SIGNATURE_BYTES = 8;

/** The kind the content itself shows, from its first bytes; null when it is none of them. */
export function detectAttachmentKind(head: Uint8Array): AttachmentKind | null {
  for (const kind of ATTACHMENT_KINDS) {
    const signature = SIGNATURES[kind];
    if (head.length >= signature.length && signature.every((byte, i) => head[i] === byte)) {
      return kind;
    }
  }
  return null;
}

/** What is known of a file before reading it: a browser File or a multipart part. */
export interface AttachmentMeta {
  name: string;
  /** The declared MIME type; may be empty when the device does not know it. */
  type: string;
  size: number;
}

export type AttachmentCheck =
  { ok: true; kind: AttachmentKind; mime: string } | { ok: false; message: Message };

/**
 * Checks a file's name, declared type and size. The extension must be .pdf, .png, .jpg or
 * .jpeg; a declared type must be one of those kinds and the same kind as the extension.
 */
export function checkAttachment(file: AttachmentMeta): AttachmentCheck {
  const byName = kindFromFileName(file.name);
  if (!byName) return { ok: false, message: am.wrongType };
  const declared = file.type.trim().toLowerCase();
  if (!UNKNOWN_MIME.has(declared) && kindFromMime(declared) !== byName) {
    return { ok: false, message: am.wrongType };
  }
  if (!Number.isSafeInteger(file.size) || file.size <= 0) return { ok: false, message: am.empty };
  if (file.size > MAX_ATTACHMENT_BYTES) return { ok: false, message: am.tooLarge };
  return { ok: true, kind: byName, mime: ATTACHMENT_MIME[byName] };
}

/**
 * The full check once the first bytes are read (the server does this before storing): the
 * metadata rules, then the content must be of the same kind the name and type say.
 */
export function checkAttachmentContent(file: AttachmentMeta, head: Uint8Array): AttachmentCheck {
  const check = checkAttachment(file);
  if (!check.ok) return check;
  const detected = detectAttachmentKind(head);
  if (detected === null) return { ok: false, message: am.wrongType };
  if (detected !== check.kind) return { ok: false, message: am.contentMismatch };
  return check;
}

/** The metadata as a schema, for the attachment list of an expense form or an API body. */
export const attachmentMetaSchema = v.pipe(
  v.object({
    name: v.pipe(
      v.string(am.wrongType.id),
      v.trim(),
      v.nonEmpty(am.wrongType.id),
      v.maxLength(255),
    ),
    type: v.optional(v.string(am.wrongType.id), ''),
    size: v.number(am.empty.id),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const check = checkAttachment(dataset.value);
    if (check.ok) return;
    const field = check.message === am.wrongType ? 'name' : 'size';
    addIssue({ message: check.message.id, path: issuePath(dataset.value, [field]) });
  }),
);
export type AttachmentMetaInput = v.InferInput<typeof attachmentMetaSchema>;
