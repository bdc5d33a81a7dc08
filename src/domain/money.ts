// Money arithmetic in ARS/USD with two decimals. Values travel as numbers rounded to cents.

export const DEFAULT_DOLLAR_RATE = 1000;
export const CURRENCIES = ['ARS', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

export function roundCents(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

// spec accounts-admin §4: USD to ARS is rounded to an integer; ARS to USD keeps 2 decimals.
export function usdToArs(usd: number, rate: number): number {
  return Math.round(usd * rate);
}

export function arsToUsd(ars: number, rate: number): number {
  return rate > 0 ? roundCents(ars / rate) : 0;
}

const arsFormatter = new Intl.NumberFormat('es-AR', {
  style: 'currency',
  currency: 'ARS',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

export function formatArs(value: number): string {
  return arsFormatter.format(value);
}
