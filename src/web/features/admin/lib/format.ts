// Helpers of the back office pages. Money and dates are written by the shop's one formatter of
// each (domain/money.ts, domain/dates.ts), re-exported here for the admin pages.
import { shopDate } from '../../../../domain/dates';

export { formatDate, formatDateTime } from '../../../../domain/dates';
export { amountInputText, formatArs, formatUsd } from '../../../../domain/money';

/** Today in Argentina, YYYY-MM-DD, as <input type="date"> wants it. */
export const shopToday = () => shopDate(new Date());

/** Message of an unknown error thrown by the API client or elsewhere. */
export function errorMessage(error: unknown, fallback = 'Error desconocido'): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
