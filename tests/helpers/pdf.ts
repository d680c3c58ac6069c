// Reading a PDF the way a viewer does (pdfjs), to check what it shows rather than its bytes.
import path from 'node:path';
import { createRequire } from 'node:module';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const require = createRequire(import.meta.url);
const fontsDir = `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

export interface PdfContent {
  pages: number;
  /** Each page's text, its runs joined by spaces. */
  text: string[];
  /** Page sizes in points. */
  sizes: Array<{ width: number; height: number }>;
  /** Images drawn on each page. */
  images: number[];
}

export async function readPdf(bytes: Uint8Array | Buffer): Promise<PdfContent> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: fontsDir,
    isEvalSupported: false,
  }).promise;
  const content: PdfContent = { pages: pdf.numPages, text: [], sizes: [], images: [] };
  const { OPS } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const text = await page.getTextContent();
    content.text.push(
      text.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
    );
    const [x0, y0, x1, y1] = page.view as [number, number, number, number];
    content.sizes.push({ width: x1 - x0, height: y1 - y0 });
    const ops = await page.getOperatorList();
    content.images.push(ops.fnArray.filter((fn) => fn === OPS.paintImageXObject).length);
  }
  await pdf.destroy();
  return content;
}
