// Dates as the business sees them: East Africa Time (UTC+3, no daylight saving). A fiscal day,
// a Z number and every date on a receipt or report are EAT whatever the device's zone.
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

export const EAT_ZONE = 'Africa/Dar_es_Salaam';

function inEat(instant: Date | number | string): TZDate {
  return new TZDate(new Date(instant).getTime(), EAT_ZONE);
}

/** "2026-11-21" */
export function eatDate(instant: Date | number | string): string {
  return format(inEat(instant), 'yyyy-MM-dd');
}

/** "14:32:05" */
export function eatTime(instant: Date | number | string): string {
  return format(inEat(instant), 'HH:mm:ss');
}

/** TRA's ZNUM / ZNUMBER: the EAT date as YYYYMMDD. */
export function zNumber(instant: Date | number | string): string {
  return format(inEat(instant), 'yyyyMMdd');
}

/** The instant an EAT calendar day ("2026-11-21") begins. */
export function eatDayStart(day: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new RangeError(`Not a date: ${day}`);
  return new Date(
    new TZDate(Number(match[1]), Number(match[2]) - 1, Number(match[3]), EAT_ZONE).getTime(),
  );
}

/** The EAT calendar day after the given one. */
export function nextEatDay(day: string): string {
  return eatDate(eatDayStart(day).getTime() + 36 * 3600_000);
}

/** "21-11-2026", the DD-MM-YYYY form of spec §5. */
export function formatDayMonthYear(instant: Date | number | string): string {
  return format(inEat(instant), 'dd-MM-yyyy');
}
