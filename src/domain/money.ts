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
let arsFormatter: Intl.NumberFormat | null = null;

export function formatArs(value: number): string {
  arsFormatter ??= new Intl.NumberFormat('es-AR', {
    style: 'currency',
    currency: 'ARS',
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  });
  return arsFormatter.format(value);
}
