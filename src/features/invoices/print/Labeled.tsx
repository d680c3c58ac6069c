import type { ReactNode } from 'react';

/** "Label: value", the way receipts print their header lines. */
export function Labeled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      {label}: {children}
    </div>
  );
}
