// Finding a receipt's QR code inside a PDF: its first pages are drawn (pdf.js, loaded only when
// a PDF is chosen) and each drawing is searched by the QR worker.
import { transfer } from 'comlink';
import type { QrReading } from '../../workers/receipt-qr';
import { receiptQrWorker } from '../../workers/receipt-qr-client';

const PAGES = 2;
/** A receipt's QR code is about 2-3 cm wide; at this scale it spans some 150 pixels or more. */
const SCALE = 2.5;

export async function readPdfQr(file: Blob): Promise<QrReading> {
  const pdfjs = await import('pdfjs-dist');
  pdfjs.GlobalWorkerOptions.workerSrc = new URL(
    'pdfjs-dist/build/pdf.worker.min.mjs',
    import.meta.url,
  ).toString();
  // isEvalSupported off: the Content-Security-Policy allows no evaluated script.
  const document = await pdfjs.getDocument({
    data: new Uint8Array(await file.arrayBuffer()),
    isEvalSupported: false,
  }).promise;
  try {
    for (let number = 1; number <= Math.min(PAGES, document.numPages); number++) {
      const page = await document.getPage(number);
      const viewport = page.getViewport({ scale: SCALE });
      const canvas = new OffscreenCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
      const context = canvas.getContext('2d', { willReadFrequently: true })!;
      await page.render({
        canvas: canvas as unknown as HTMLCanvasElement,
        canvasContext: context as unknown as CanvasRenderingContext2D,
        viewport,
      }).promise;
      const image = context.getImageData(0, 0, canvas.width, canvas.height);
      const frame = { data: image.data, width: image.width, height: image.height };
      const reading = await receiptQrWorker().decodeFrame(transfer(frame, [frame.data.buffer]), {
        thorough: true,
      });
      if (reading.found) return reading;
    }
    return { found: false };
  } finally {
    await document.destroy();
  }
}
