// The page's handle on the receipt QR worker, started on first use and kept for the session.
import { wrap, type Remote } from 'comlink';
import type { ReceiptQrWorkerApi } from './receipt-qr';

let remote: Remote<ReceiptQrWorkerApi> | null = null;

export function receiptQrWorker(): Remote<ReceiptQrWorkerApi> {
  remote ??= wrap<ReceiptQrWorkerApi>(
    new Worker(new URL('./receipt-qr.worker.ts', import.meta.url), {
      type: 'module',
      name: 'receipt-qr',
    }),
  );
  return remote;
}
