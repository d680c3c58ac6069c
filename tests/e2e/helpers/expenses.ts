// Arranging expenses for browser tests: fiscal receipts the built-in TRA simulator really
// received (issued by the demo company, as any seller's), a receipt's picture with its QR code
// as Chromium's fake camera plays it (a Y4M video made here), and a browser with that camera.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';
import { chromium, type Browser } from 'playwright-core';
import type { E2EServer } from './server';

async function call(server: E2EServer, method: string, url: string, token: string, body?: unknown) {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'idempotency-key': crypto.randomUUID(),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

export interface IssuedReceipt {
  /** The verification link the receipt's QR code holds. */
  url: string;
  code: string;
  /** HH:mm:ss */
  time: string;
  total: number;
}

/** A receipt for two lines (Tsh 5,900 + 2,360) fiscalized and sent to the simulator. */
export async function issueReceipt(server: E2EServer, token: string): Promise<IssuedReceipt> {
  const id = crypto.randomUUID();
  await call(server, 'POST', '/v1/accounting/invoices', token, {
    id,
    customer: { name: 'Duka la Jirani', identificationType: 'NO_IDENTIFICATION' },
    amountsIncludeTax: true,
    items: [
      {
        id: crypto.randomUUID(),
        description: 'Sukari kilo 1',
        quantity: 2,
        unitPrice: 295_000,
        taxType: 'standard',
        discountPercent: 0,
        productId: null,
      },
      {
        id: crypto.randomUUID(),
        description: 'Chai majani 100g',
        quantity: 1,
        unitPrice: 236_000,
        taxType: 'standard',
        discountPercent: 0,
        productId: null,
      },
    ],
    payments: [{ type: 'cash', amount: 826_000 }],
  });
  const submitted = await call(server, 'POST', `/v1/accounting/invoices/${id}/submit`, token);
  const url = submitted.fiscal.verificationUrl as string;
  const [code, hhmmss] = url.split('/').pop()!.split('_') as [string, string];
  const deadline = Date.now() + 20_000;
  for (;;) {
    const invoice = await call(server, 'GET', `/v1/accounting/invoices/${id}`, token);
    if (invoice.status === 'issued') break;
    if (Date.now() > deadline) throw new Error('The receipt was not issued within 20 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    code,
    time: `${hhmmss.slice(0, 2)}:${hhmmss.slice(2, 4)}:${hhmmss.slice(4, 6)}`,
    total: 826_000,
  };
}

/** A grey picture of a thermal receipt: printed lines and, below them, the QR code of `text`. */
export function receiptPicture(
  text: string,
  width = 640,
  height = 480,
): { gray: Uint8Array; width: number; height: number } {
  const gray = new Uint8Array(width * height).fill(235);
  const paper = { x: 170, y: 10, w: 300, h: 460 };
  for (let y = paper.y; y < paper.y + paper.h; y++) {
    gray.fill(250, y * width + paper.x, y * width + paper.x + paper.w);
  }
  // Printed text as short dark bars.
  for (let line = 0; line < 9; line++) {
    const y = paper.y + 18 + line * 16;
    const length = 120 + ((line * 53) % 140);
    for (let dy = 0; dy < 6; dy++) {
      gray.fill(60, (y + dy) * width + paper.x + 20, (y + dy) * width + paper.x + 20 + length);
    }
  }
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const modules = qr.modules.size;
  const scale = Math.floor(220 / (modules + 8));
  const size = (modules + 8) * scale;
  const left = paper.x + Math.floor((paper.w - size) / 2);
  const top = paper.y + paper.h - size - 12;
  for (let my = 0; my < modules; my++) {
    for (let mx = 0; mx < modules; mx++) {
      if (!qr.modules.get(my, mx)) continue;
      for (let dy = 0; dy < scale; dy++) {
        const row = (top + (my + 4) * scale + dy) * width;
        gray.fill(20, row + left + (mx + 4) * scale, row + left + (mx + 5) * scale);
      }
    }
  }
  return { gray, width, height };
}

/** The picture as a Y4M video Chromium's fake camera loops (4:2:0, no colour). */
export function writeY4m(
  file: string,
  picture: { gray: Uint8Array; width: number; height: number },
) {
  const { gray, width, height } = picture;
  const chroma = new Uint8Array((width / 2) * (height / 2)).fill(128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), gray, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  fs.writeFileSync(file, Buffer.concat([header, ...Array.from({ length: 5 }, () => frame)]));
}

/** A screenshot-like PNG of just the receipt's QR code, for "read a photo" and attachments. */
export async function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { errorCorrectionLevel: 'M', width: 360, margin: 4 });
}

/** A temporary file path for this run. */
export function tempFile(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'risiti-camera-'));
  return path.join(dir, name);
}

/** Chromium whose camera plays the given video (permission still to be granted per context). */
export async function launchWithCamera(video: string): Promise<Browser> {
  return chromium.launch({
    executablePath: ['/usr/bin/chromium', '/usr/bin/chromium-browser', process.env.CHROMIUM_PATH]
      .filter((p): p is string => Boolean(p))
      .find((p) => fs.existsSync(p)),
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
}
