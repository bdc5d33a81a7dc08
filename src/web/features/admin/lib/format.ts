// How the back office writes dates and numbers (spec accounts-admin §9: ARS in es-AR, dates in es-ES).
import { formatArs } from '../../../../domain/money';

export { formatArs };

// The shop works on Argentine time, whatever the admin's device says.
const SHOP_TIME_ZONE = 'America/Argentina/Buenos_Aires';

const dateTime = new Intl.DateTimeFormat('es-ES', { dateStyle: 'short', timeStyle: 'short', timeZone: SHOP_TIME_ZONE });
const dateOnly = new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium', timeZone: SHOP_TIME_ZONE });

export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));

// en-CA writes dates as YYYY-MM-DD, as <input type="date"> wants them.
const shopDay = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: SHOP_TIME_ZONE });
/** Today in Argentina, YYYY-MM-DD. */
export const shopToday = () => shopDay.format(new Date());
export const formatDate = (iso: string) => dateOnly.format(new Date(iso));

const usd = new Intl.NumberFormat('es-AR', {
  style: 'currency',
  currency: 'USD',
  currencyDisplay: 'code',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
export const formatUsd = (value: number) => usd.format(value);

/** Message of an unknown error thrown by the API client or elsewhere. */
export function errorMessage(error: unknown, fallback = 'Error desconocido'): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/** YYYY-MM-DD of a local date, as <input type="date"> wants it. */
export function isoDay(date: Date): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

export function addDays(date: Date, days: number): Date {
  const next = new Date(date);
  next.setDate(next.getDate() + days);
  return next;
}
