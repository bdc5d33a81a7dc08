// How the shop writes dates everywhere (site, back office, e-mails): one format for a day,
// 'dd/mm/aaaa', and one for a moment, 'dd/mm/aaaa hh:mm', on Argentine time whatever the
// device's zone (spec accounts-admin §9: dates in es-ES).

/** The shop's time zone: every day, hour and date the shop shows or reads is on this clock. */
export const SHOP_TIME_ZONE = 'America/Argentina/Buenos_Aires';
/** Its offset from UTC, the same all year: Argentina has kept UTC-3 without daylight saving since 2009. */
export const SHOP_UTC_OFFSET = '-03:00';
export const DAY_MS = 24 * 60 * 60 * 1000;

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The years a day typed into the shop (a filter, an expiry) may fall in. Far wider than any real
 * use, and narrow enough that the day after the last one, or the first one on UTC-3, is still an
 * instant PostgreSQL and JavaScript both read: year 0 or 10000 made the database fail.
 */
export const SHOP_YEARS = { first: 2000, last: 2100 } as const;
export const OUT_OF_SHOP_YEARS_MESSAGE = `La fecha debe estar entre los años ${SHOP_YEARS.first} y ${SHOP_YEARS.last}`;

/** A real calendar day written YYYY-MM-DD: '2032-02-30' is not one. */
export function isCalendarDay(value: string): boolean {
  const match = CALENDAR_DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day); // Date.UTC would take year 0 for 1900
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Whether a day or date-time written from its year on ('2032-01-31', '2032-01-31T10:00') falls in `SHOP_YEARS`. */
export function inShopYears(value: string): boolean {
  const year = Number(/^\d{4}/.exec(value)?.[0]);
  return year >= SHOP_YEARS.first && year <= SHOP_YEARS.last;
}

// Made on first use, like the money formatters: building one loads locale data.
let dayParts: Intl.DateTimeFormat | null = null;
let dateTimeParts: Intl.DateTimeFormat | null = null;
let isoDay: Intl.DateTimeFormat | null = null;

function toDate(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function parts(formatter: Intl.DateTimeFormat, date: Date): Record<string, string> {
  return Object.fromEntries(formatter.formatToParts(date).map((p) => [p.type, p.value]));
}

/** The calendar day (YYYY-MM-DD) of an instant in the shop's time zone. */
export function shopDate(instant: Date): string {
  isoDay ??= new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
  return isoDay.format(instant);
}

/** The instant a date-time written without an offset ('2030-05-10T12:00:00') is on the shop's clock. */
export function shopInstant(localDateTime: string): Date {
  return new Date(`${localDateTime}${SHOP_UTC_OFFSET}`);
}

/** The instant a shop calendar day (YYYY-MM-DD) starts. */
export function shopDayStart(day: string): Date {
  return shopInstant(`${day}T00:00:00`);
}

/** Tomorrow's calendar day in the shop. */
export function shopTomorrow(now: Date): string {
  return shopDate(new Date(shopDayStart(shopDate(now)).getTime() + DAY_MS));
}

/**
 * 'dd/mm/aaaa'. A calendar day ('2025-03-05', such as a purchase date) is written as it is; an
 * instant (ISO text or Date) by its day in the shop. Text that is neither is returned unchanged.
 */
export function formatDate(value: string | Date): string {
  if (typeof value === 'string') {
    const day = CALENDAR_DAY.exec(value);
    if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  }
  const date = toDate(value);
  if (!date) return String(value);
  dayParts ??= new Intl.DateTimeFormat('es-ES', { timeZone: SHOP_TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });
  const p = parts(dayParts, date);
  return `${p.day}/${p.month}/${p.year}`;
}

/** 'dd/mm/aaaa hh:mm' (24 h) of an instant in the shop's time zone. */
export function formatDateTime(value: string | Date): string {
  const date = toDate(value);
  if (!date) return String(value);
  dateTimeParts ??= new Intl.DateTimeFormat('es-ES', {
    timeZone: SHOP_TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const p = parts(dateTimeParts, date);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/**
 * The last day (YYYY-MM-DD) of something that ends at `endsAt`, the instant that day ends (a
 * discount "hasta el 29/11" is stored as 30/11 00:00): one millisecond before is still that day.
 * '' without a valid instant.
 */
export function lastDayBefore(endsAt: string | Date | null | undefined): string {
  if (!endsAt) return '';
  const ends = new Date(endsAt).getTime();
  return Number.isNaN(ends) ? '' : shopDate(new Date(ends - 1));
}
