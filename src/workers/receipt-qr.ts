// Reading the QR code of a Tanzanian fiscal receipt off the page's thread (receipt-qr.worker.ts):
// camera frames, and photos or screenshots the user picks. jsQR does the reading; what the
// code says is judged by the domain (parseScannedReceipt), so only a receipt's code and time
// are ever kept. Plain functions, so tests and benchmarks call them directly; the page reaches
// them through comlink.
import jsQR from 'jsqr';
import { parseScannedReceipt, type ScannedReceipt } from '../../domain/receipt-code';

/** RGBA pixels, as ImageData holds them. */
export interface QrFrame {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

export type QrReading =
  /** A QR code was read: `receipt` is what a receipt link gives, null for any other code. */
  { found: true; text: string; receipt: ScannedReceipt | null } | { found: false };

export interface DecodeOptions {
  /**
   * Also look for light-on-dark codes. Twice the work: worth it for a single picture, not for
   * a camera that sends the next frame a moment later.
   */
  thorough?: boolean;
  /**
   * Read the frame at its full size (smoothed). Otherwise a frame 800 px wide or more is read
   * at half size, each pixel the average of four: a quarter of the work, and the averaging
   * calms the noise of a dim picture, which otherwise makes jsQR search for seconds. A code
   * small in the frame needs the full size: the scanner asks for it every few frames.
   */
  detail?: boolean;
}

/** Pixels from which a frame is read at half size. */
const HALVE_FROM = 800;

/** The frame at half its size, each pixel the average of a 2×2 block. */
export function halve(frame: QrFrame): QrFrame {
  const width = Math.floor(frame.width / 2);
  const height = Math.floor(frame.height / 2);
  const source = frame.data;
  const row = frame.width * 4;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * 2 * row + x * 8;
      const o = (y * width + x) * 4;
      for (let c = 0; c < 3; c++) {
        data[o + c] =
          (source[i + c]! + source[i + 4 + c]! + source[i + row + c]! + source[i + row + 4 + c]!) >>
          2;
      }
      data[o + 3] = 255;
    }
  }
  return { data, width, height };
}

function read(frame: QrFrame, options: DecodeOptions): QrReading {
  const code = jsQR(frame.data, frame.width, frame.height, {
    inversionAttempts: options.thorough ? 'attemptBoth' : 'dontInvert',
  });
  if (!code || !code.data) return { found: false };
  return { found: true, text: code.data, receipt: parseScannedReceipt(code.data) };
}

/**
 * The frame at its size, each pixel the average of its 2×2 block: the full-size reading of a
 * dim, noisy frame then takes a fraction of a second instead of several.
 */
export function smooth(frame: QrFrame): QrFrame {
  const { width, height } = frame;
  const source = frame.data;
  const row = width * 4;
  const data = new Uint8ClampedArray(source.length);
  for (let y = 0; y < height; y++) {
    const down = y + 1 < height ? row : 0;
    for (let x = 0; x < width; x++) {
      const i = y * row + x * 4;
      const right = x + 1 < width ? 4 : 0;
      for (let c = 0; c < 3; c++) {
        data[i + c] =
          (source[i + c]! +
            source[i + right + c]! +
            source[i + down + c]! +
            source[i + down + right + c]!) >>
          2;
      }
      data[i + 3] = 255;
    }
  }
  return { data, width, height };
}

/** Reads a QR code in one frame (see DecodeOptions.detail for the size it is read at). */
export function decodeFrame(frame: QrFrame, options: DecodeOptions = {}): QrReading {
  if (options.detail) return read(smooth(frame), options);
  return read(frame.width < HALVE_FROM ? frame : halve(frame), options);
}

/** Sizes a picture's longest side is read at: the smallest (quickest) first. */
const PICTURE_SIDES = [800, 1200, 1600];

/**
 * Reads a QR code in a picture (PNG or JPG, a photo of a receipt or a screenshot of one). A
 * phone photo is large and the code may be small or blurred: it is read at a few sizes, the
 * smallest first (quick, and scaling down calms a noisy photo), until one gives a code.
 */
export async function decodeImage(picture: Blob): Promise<QrReading> {
  const bitmap = await createImageBitmap(picture);
  try {
    for (const side of PICTURE_SIDES) {
      const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
      const width = Math.max(1, Math.round(bitmap.width * scale));
      const height = Math.max(1, Math.round(bitmap.height * scale));
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d', { willReadFrequently: true })!;
      context.drawImage(bitmap, 0, 0, width, height);
      const reading = read(context.getImageData(0, 0, width, height), { thorough: true });
      if (reading.found) return reading;
      if (scale === 1) break;
    }
    return { found: false };
  } finally {
    bitmap.close();
  }
}

export const receiptQrApi = { decodeFrame, decodeImage };

/** The worker's API, as its callers see it through comlink. */
export type ReceiptQrWorkerApi = typeof receiptQrApi;
