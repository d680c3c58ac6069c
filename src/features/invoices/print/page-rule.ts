// CSS for the paper, not text for people.
/* eslint-disable lingui/no-unlocalized-strings -- CSS rules and selectors */

/** The @page rule of a layout: A4, or a roll of the given width as long as the receipt. */
export function pageRule(layout: 'a4' | '80mm' | '58mm', heightMm: number): string {
  if (layout === 'a4') return '@page { size: A4; margin: 0; }';
  const width = layout === '80mm' ? 80 : 58;
  return `@page { size: ${width}mm ${heightMm}mm; margin: 0; }`;
}

/** The QR image of a receipt, which must be drawn before it prints. */
export const QR_SELECTOR = '[data-testid="receipt-qr"]';
