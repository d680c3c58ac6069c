// The receipt's DATE, TIME and ZNUM in East Africa Time. EAT is UTC+3 all year (no daylight
// saving), so a fixed offset gives the same answer as domain/dates (a test checks it) at a
// fraction of the cost, which matters here: it runs while the VFD's counter row is locked.
const EAT_OFFSET_MS = 3 * 3_600_000;

export interface EatStamp {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM:SS */
  time: string;
  /** YYYYMMDD */
  znum: string;
}

export function eatStamp(at: Date): EatStamp {
  const iso = new Date(at.getTime() + EAT_OFFSET_MS).toISOString();
  const date = iso.slice(0, 10);
  return { date, time: iso.slice(11, 19), znum: date.replace(/-/g, '') };
}
