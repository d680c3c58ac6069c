// The benchmark's worker (bundled by receipt-qr.bench.ts): it makes the frames itself and reads
// them with the app's own decodeFrame, as the receipt QR worker does, timing only the reading.
import { parseScannedReceipt } from '../domain/receipt-code';
import { decodeFrame } from '../src/workers/receipt-qr';
import { hardFrame, HARDSHIPS, seeded, type Hardship } from './receipt-qr-photos';

interface Job {
  text: string;
  widths: number[];
  timingRuns: number;
  photosPerHardship: number;
}

self.onmessage = (event: MessageEvent<Job>) => {
  const { text, widths, timingRuns, photosPerHardship } = event.data;
  const expected = parseScannedReceipt(text);
  const random = seeded(20261122);
  // The scanner reads three frames in four at half size and the fourth at full size.
  const timing: Record<string, number[]> = {};
  for (const width of widths) {
    for (const detail of [false, true]) {
      const key = `${width}${detail ? ' full' : ''}`;
      timing[key] = [];
      for (let run = 0; run < timingRuns; run++) {
        const frame = hardFrame(text, HARDSHIPS[run % HARDSHIPS.length]!, width, random);
        const start = performance.now();
        decodeFrame(frame, { detail });
        timing[key]!.push(performance.now() - start);
      }
    }
  }
  const photos: Record<string, { read: number; total: number }> = {};
  for (const hardship of HARDSHIPS as Hardship[]) {
    const tally = { read: 0, total: 0 };
    for (let n = 0; n < photosPerHardship; n++) {
      const width = n % 2 === 0 ? 960 : 1280;
      // Held still for a moment, the same scene reaches the worker at half size and at full.
      const frame = hardFrame(text, hardship, width, random);
      const readings = [decodeFrame(frame), decodeFrame(frame, { detail: true })];
      tally.total++;
      const right = readings.some(
        (reading) =>
          reading.found &&
          reading.receipt?.receiptCode === expected?.receiptCode &&
          reading.receipt?.time === expected?.time,
      );
      if (right) tally.read++;
    }
    photos[hardship] = tally;
  }
  self.postMessage({ timing, photos });
};
