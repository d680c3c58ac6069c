// The fonts receipts are printed with. PDF's standard fonts only draw Western European letters;
// DejaVu Sans (embedded, subset by pdfkit) draws the names customers really have, in Latin,
// Greek, Cyrillic and Arabic scripts. A character no font has is printed as "?", never as a
// wrong glyph.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

const require = createRequire(import.meta.url);

export const BODY_FONT = 'Body';
export const BOLD_FONT = 'Body-Bold';

let loaded: { regular: Buffer; bold: Buffer; covers: (codePoint: number) => boolean } | undefined;

function fonts() {
  if (!loaded) {
    const regular = fs.readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));
    const bold = fs.readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'));
    const face = fontkit.create(regular) as fontkit.Font;
    loaded = { regular, bold, covers: (codePoint) => face.hasGlyphForCodePoint(codePoint) };
  }
  return loaded;
}

/** Registers the receipt fonts on a new document and selects the regular one. */
export function useReceiptFonts(doc: PDFKit.PDFDocument): void {
  const { regular, bold } = fonts();
  doc.registerFont(BODY_FONT, regular);
  doc.registerFont(BOLD_FONT, bold);
  doc.font(BODY_FONT);
}

const covered = new Map<number, boolean>();

/** Whether the receipt font can draw this character (asked per character of every text drawn). */
export function fontCovers(codePoint: number): boolean {
  let answer = covered.get(codePoint);
  if (answer === undefined) {
    answer = fonts().covers(codePoint);
    covered.set(codePoint, answer);
  }
  return answer;
}
