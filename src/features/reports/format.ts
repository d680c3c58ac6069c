// How report days read: "03-03-2026", the DD-MM-YYYY form of spec §5.

/** "2026-03-03" → "03-03-2026". */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}-${month}-${year}`;
}

/** Cents as shillings for a chart's axis (display only; reports add cents). */
export const shillings = (cents: number): number => cents / 100;
