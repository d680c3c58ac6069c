// The receipt's QR code (TRA rule 15): the verification URL, drawn in the browser as SVG so it
// prints sharp at any size and needs no connection.
import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

export function useQrDataUrl(text: string | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!text) return;
    let live = true;
    void QRCode.toString(text, { type: 'svg', margin: 0, errorCorrectionLevel: 'M' }).then(
      (svg) => {
        if (live) setUrl(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      },
    );
    return () => {
      live = false;
    };
  }, [text]);
  return text ? url : null;
}

export function QrCode({
  value,
  size,
  label,
}: {
  value: string;
  size: number | string;
  label: string;
}) {
  const src = useQrDataUrl(value);
  if (!src) return <div style={{ width: size, height: size }} aria-busy="true" />;
  return (
    <img
      src={src}
      width={typeof size === 'number' ? size : undefined}
      height={typeof size === 'number' ? size : undefined}
      style={{ width: size, height: size, imageRendering: 'pixelated' }}
      alt={label}
      data-testid="receipt-qr"
    />
  );
}
