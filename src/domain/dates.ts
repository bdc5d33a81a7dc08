// How the shop writes dates everywhere (site, back office, e-mails): one format for a day,
// 'dd/mm/aaaa', and one for a moment, 'dd/mm/aaaa hh:mm', on Argentine time whatever the
// device's zone (spec accounts-admin §9: dates in es-ES).

export const SHOP_TIME_ZONE = 'America/Argentina/Buenos_Aires';

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

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
