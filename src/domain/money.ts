// Money arithmetic in ARS/USD with two decimals. Values travel as numbers rounded to cents.

export const DEFAULT_DOLLAR_RATE = 1000;
export const CURRENCIES = ['ARS', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

// Products are computed at 8 decimals first so binary float noise (19.99 × 1250 =
// 24987.499999…) cannot push a half-way value to the wrong side.
const settle = (value: number) => Number(value.toFixed(8));

export function roundCents(value: number): number {
  return Math.round(settle(value * 100)) / 100;
}

// spec accounts-admin §4: USD to ARS is rounded to an integer; ARS to USD keeps 2 decimals.
export function usdToArs(usd: number, rate: number): number {
  return Math.round(settle(usd * rate));
}

export function arsToUsd(ars: number, rate: number): number {
  return rate > 0 ? roundCents(ars / rate) : 0;
}

// Made on first use: building a formatter loads locale data, a long task on a phone, and most
// first visits show no price at all.
const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: Currency | null, decimals: 0 | 2): Intl.NumberFormat {
  const key = `${currency ?? ''}${decimals}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.NumberFormat('es-AR', {
      ...(currency ? { style: 'currency', currency, currencyDisplay: currency === 'USD' ? 'code' : 'symbol' } : {}),
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    formatters.set(key, made);
  }
  return made;
}

/**
 * Every amount the shop shows, on the site, in e-mails and in messages: whole amounts without
 * decimals ('$ 1.250'), any other with two ('$ 1.250,50'), never one.
 */
export function formatMoney(value: number, currency: Currency = 'ARS'): string {
  const cents = roundCents(value);
  return formatter(currency, Number.isInteger(cents) ? 0 : 2).format(cents);
}

/** An amount whose currency is not known, by the same rule: '1.250', '24,90'. */
export function formatAmount(value: number): string {
  const cents = roundCents(value);
  return formatter(null, Number.isInteger(cents) ? 0 : 2).format(cents);
}

/** An amount in pesos (spec accounts-admin §9: ARS in es-AR). */
export const formatArs = (value: number): string => formatMoney(value, 'ARS');

/** An amount in dollars: 'USD 24,90'. */
export const formatUsd = (value: number): string => formatMoney(value, 'USD');
