// Calendar dates as people type them, read without any library: the URL schemas of every
// page's first load use this, and the field schemas (domain/schemas/fields.ts) build on it.
export function isValidCalendarDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || year < 1900 || year > 2100) return false;
  if (!Number.isInteger(month) || month < 1 || month > 12) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return Number.isInteger(day) && day >= 1 && day <= daysInMonth;
}

/** An ISO day ("2026-11-20", or a timestamp starting with one) as the product writes it: DD-MM-YYYY. */
export function calendarDateText(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : iso;
}

/**
 * Reads a calendar date typed as DD-MM-YYYY (spec §5; also with / or . between the parts) or
 * given as ISO YYYY-MM-DD (what the server returns, so an edited record round-trips).
 * Returns the ISO form, or null when it is not a real date.
 */
export function parseCalendarDate(text: string): string | null {
  const value = text.trim();
  let parts: [string, string, string] | null = null;
  const dmy = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(value);
  if (dmy) parts = [dmy[3]!, dmy[2]!, dmy[1]!];
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (iso) parts = [iso[1]!, iso[2]!, iso[3]!];
  if (!parts) return null;
  const [year, month, day] = parts.map(Number) as [number, number, number];
  if (!isValidCalendarDate(year, month, day)) return null;
  return `${parts[0]}-${parts[1].padStart(2, '0')}-${parts[2].padStart(2, '0')}`;
}
