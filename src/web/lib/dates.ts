// Dates as the warranty screens write them (spec accounts-admin §9: dates in es-ES, shop time).
const calendarDay = new Intl.DateTimeFormat('es-ES', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
const instant = new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Argentina/Buenos_Aires' });

/** 'dd/mm/aaaa' of a YYYY-MM-DD calendar day. */
export function formatDay(day: string): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : calendarDay.format(date);
}

/** Date and time of an ISO instant in the shop's time zone. */
export function formatInstant(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : instant.format(date);
}
