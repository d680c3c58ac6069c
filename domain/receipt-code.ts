// The receipt verification code (RCTVNUM) that identifies a fiscal receipt at TRA, and the
// verification link its QR code carries: <verify base><RCTVNUM>_<HHMMSS> (spec/tra-vfd.md).
//
// The specification reads the code three ways: 9 letters or digits, 9 digits, or 3 to 255
// characters. Real codes are RECEIPTCODE + GC (e.g. 317B5E380, RMH3YK36): letters and digits
// whose length grows with the VFD's counter, so neither 9-character reading fits them all. The
// product takes the permissive reading: 3 to 255 letters or digits, trimmed and upper-cased so
// that the same receipt typed twice is recognised as already registered.

export const RECEIPT_CODE_MIN = 3;
export const RECEIPT_CODE_MAX = 255;

/** The code as stored and compared: trimmed, inner spaces removed, upper-case. */
export function normalizeReceiptCode(text: string): string {
  return text.replace(/\s/g, '').toUpperCase();
}

export function isReceiptCode(code: string): boolean {
  return (
    code.length >= RECEIPT_CODE_MIN && code.length <= RECEIPT_CODE_MAX && /^[A-Z0-9]+$/.test(code)
  );
}

export interface ScannedReceipt {
  receiptCode: string;
  /** The receipt's time as HH:mm:ss, when the link carries it. */
  time: string | null;
}

/**
 * Reads what a QR scan of a Tanzanian fiscal receipt gives: the verification link
 * (https://verify.tra.go.tz/317B5E380_143205, TRA's testing base, or a simulator), or the bare
 * CODE_HHMMSS. Only the code and time are taken; the host is not trusted for anything, since
 * the receipt is later looked up at the configured TRA verification base. Null when the text
 * is not a receipt link (a link must end in CODE_HHMMSS; bare text may be the code alone).
 */
export function parseScannedReceipt(text: string): ScannedReceipt | null {
  let segment = text.trim();
  const isLink = /^https?:\/\//i.test(segment);
  if (isLink) {
    try {
      const parts = new URL(segment).pathname.split('/').filter((part) => part !== '');
      segment = decodeURIComponent(parts.at(-1) ?? '');
    } catch {
      return null;
    }
  }
  const match = /^([A-Za-z0-9]+)(?:_(\d{2})(\d{2})(\d{2}))?$/.exec(segment);
  if (!match) return null;
  const receiptCode = normalizeReceiptCode(match[1]!);
  if (!isReceiptCode(receiptCode)) return null;
  // A link always carries the time; a link without one is some other page, not a receipt.
  if (match[2] === undefined) return isLink ? null : { receiptCode, time: null };
  const [hours, minutes, seconds] = [match[2], match[3]!, match[4]!];
  if (Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59) return null;
  return { receiptCode, time: `${hours}:${minutes}:${seconds}` };
}
