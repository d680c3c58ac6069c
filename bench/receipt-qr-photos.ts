// Camera frames of receipts made harder to read the way phones see them: blurred (shaking hand,
// out of focus), tilted (held at an angle), with glare (a lamp on thermal paper), in low light
// (noise and little contrast) and with the code small in the frame. Pure pixel work with a seeded
// random, so the benchmark sees the same frames every run; runs in a browser worker.
import QRCode from 'qrcode';

export type Hardship = 'clean' | 'blur' | 'tilt' | 'glare' | 'low-light' | 'small' | 'mixed';
export const HARDSHIPS: readonly Hardship[] = [
  'clean',
  'blur',
  'tilt',
  'glare',
  'low-light',
  'small',
  'mixed',
];

export interface Frame {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** mulberry32: a small seeded random. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A grey frame with a receipt (paper, printed lines) and the QR code of `text` on it. */
function receiptFrame(
  text: string,
  width: number,
  height: number,
  qrSide: number,
  random: () => number,
): Float32Array {
  const gray = new Float32Array(width * height).fill(70 + random() * 40);
  const paperW = Math.min(width * 0.55, qrSide * 2.2);
  const paperH = height * 0.92;
  const px = (width - paperW) / 2 + (random() - 0.5) * width * 0.1;
  const py = (height - paperH) / 2;
  for (let y = Math.floor(py); y < py + paperH; y++) {
    for (let x = Math.floor(px); x < px + paperW; x++) gray[y * width + x] = 236;
  }
  for (let line = 0; line < 10; line++) {
    const y = Math.floor(py + 20 + line * paperH * 0.04);
    const length = paperW * (0.3 + random() * 0.6);
    for (let dy = 0; dy < Math.max(2, paperH * 0.01); dy++) {
      for (let x = Math.floor(px + 12); x < px + 12 + length; x++) gray[(y + dy) * width + x] = 50;
    }
  }
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const modules = qr.modules.size;
  const cell = qrSide / (modules + 8);
  const left = px + (paperW - qrSide) / 2;
  const top = py + paperH - qrSide - paperH * 0.05;
  for (let my = 0; my < modules; my++) {
    for (let mx = 0; mx < modules; mx++) {
      if (!qr.modules.get(my, mx)) continue;
      const x0 = Math.round(left + (mx + 4) * cell);
      const x1 = Math.round(left + (mx + 5) * cell);
      const y0 = Math.round(top + (my + 4) * cell);
      const y1 = Math.round(top + (my + 5) * cell);
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) gray[y * width + x] = 25;
    }
  }
  return gray;
}

function boxBlur(gray: Float32Array, width: number, height: number, radius: number): Float32Array {
  const pass = (input: Float32Array, horizontal: boolean) => {
    const output = new Float32Array(input.length);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        let sum = 0;
        let n = 0;
        for (let d = -radius; d <= radius; d++) {
          const xx = horizontal ? x + d : x;
          const yy = horizontal ? y : y + d;
          if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
          sum += input[yy * width + xx]!;
          n++;
        }
        output[y * width + x] = sum / n;
      }
    }
    return output;
  };
  return pass(pass(gray, true), false);
}

/** Rotation by `angle` and a perspective squeeze (one side farther from the camera). */
function tilt(gray: Float32Array, width: number, height: number, angle: number, squeeze: number) {
  const output = new Float32Array(gray.length).fill(80);
  const cx = width / 2;
  const cy = height / 2;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // The far side (right) is smaller: undo that before rotating back.
      const depth = 1 + squeeze * ((x - cx) / width);
      const dx = (x - cx) * depth;
      const dy = (y - cy) * depth;
      const sx = Math.round(cx + dx * cos + dy * sin);
      const sy = Math.round(cy - dx * sin + dy * cos);
      if (sx >= 0 && sy >= 0 && sx < width && sy < height)
        output[y * width + x] = gray[sy * width + sx]!;
    }
  }
  return output;
}

function glare(gray: Float32Array, width: number, height: number, random: () => number) {
  const gx = width * (0.35 + random() * 0.3);
  const gy = height * (0.55 + random() * 0.3);
  const radius = Math.min(width, height) * (0.12 + random() * 0.12);
  const strength = 140 + random() * 80;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const d = Math.hypot(x - gx, y - gy) / radius;
      if (d < 1.6) gray[y * width + x] = gray[y * width + x]! + strength * Math.exp(-d * d * 1.8);
    }
  }
  return gray;
}

function lowLight(gray: Float32Array, random: () => number) {
  const gain = 0.25 + random() * 0.2;
  for (let i = 0; i < gray.length; i++) {
    gray[i] = gray[i]! * gain + 8 + (random() - 0.5) * 30;
  }
  return gray;
}

function toRgba(gray: Float32Array, width: number, height: number): Frame {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < gray.length; i++) {
    const value = gray[i]!;
    data[i * 4] = value;
    data[i * 4 + 1] = value * 0.98;
    data[i * 4 + 2] = value * 0.94;
    data[i * 4 + 3] = 255;
  }
  return { data, width, height };
}

/** One frame of the given hardship, `width` wide in 16:9. */
export function hardFrame(
  text: string,
  hardship: Hardship,
  width: number,
  random: () => number,
): Frame {
  const height = Math.round((width * 9) / 16);
  const small = hardship === 'small';
  const qrSide = height * (small ? 0.16 + random() * 0.06 : 0.32 + random() * 0.18);
  let gray = receiptFrame(text, width, height, qrSide, random);
  const apply = (kind: Exclude<Hardship, 'clean' | 'small' | 'mixed'>) => {
    if (kind === 'blur') gray = boxBlur(gray, width, height, 1 + Math.floor(random() * 2));
    if (kind === 'tilt') {
      gray = tilt(gray, width, height, (random() - 0.5) * 0.6, 0.2 + random() * 0.4);
    }
    if (kind === 'glare') gray = glare(gray, width, height, random);
    if (kind === 'low-light') gray = lowLight(gray, random);
  };
  if (hardship === 'mixed') {
    apply('tilt');
    apply('blur');
    if (random() < 0.5) apply('glare');
    else apply('low-light');
  } else if (hardship !== 'clean' && hardship !== 'small') {
    apply(hardship);
  }
  return toRgba(gray, width, height);
}
