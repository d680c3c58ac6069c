// Getting the receipt to the customer by link (TRA rule 12: at once, by print, email or link):
// the phone's share sheet where there is one, else WhatsApp and SMS links and a copied link.

/** The public receipt page of an invoice, on this app's own address. */
export function receiptUrl(publicId: string, origin = globalThis.location?.origin ?? ''): string {
  return `${origin}/r/${encodeURIComponent(publicId)}`;
}

/** A phone number as WhatsApp and SMS links want it: 255 and the 9 digits, else nothing. */
export function internationalPhone(phone: string | null | undefined): string {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (/^\d{9}$/.test(digits)) return `255${digits}`;
  if (/^0\d{9}$/.test(digits)) return `255${digits.slice(1)}`;
  if (/^255\d{9}$/.test(digits)) return digits;
  return '';
}

export function whatsappLink(message: string, phone?: string | null): string {
  const to = internationalPhone(phone);
  return `https://wa.me/${to}?text=${encodeURIComponent(message)}`;
}

export function smsLink(message: string, phone?: string | null): string {
  const to = internationalPhone(phone);
  return `sms:${to ? `+${to}` : ''}?body=${encodeURIComponent(message)}`;
}

interface ShareNavigator {
  share?(data: { title?: string; text?: string; url?: string }): Promise<void>;
  canShare?(data: { title?: string; text?: string; url?: string }): boolean;
}

/** Whether the browser offers its share sheet (phones mostly). */
export function canShareNatively(): boolean {
  const nav = globalThis.navigator as ShareNavigator | undefined;
  return typeof nav?.share === 'function';
}

/**
 * Opens the share sheet; resolves 'shared', 'dismissed' (the user closed it) or 'unavailable'
 * (no share sheet, or it refused: offer the links instead).
 */
export async function shareNatively(data: {
  title: string;
  text: string;
  url: string;
}): Promise<'shared' | 'dismissed' | 'unavailable'> {
  const nav = globalThis.navigator as ShareNavigator | undefined;
  if (typeof nav?.share !== 'function') return 'unavailable';
  if (nav.canShare && !nav.canShare(data)) return 'unavailable';
  try {
    await nav.share(data);
    return 'shared';
  } catch (error) {
    return error instanceof DOMException && error.name === 'AbortError'
      ? 'dismissed'
      : 'unavailable';
  }
}
