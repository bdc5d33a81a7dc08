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
/**
 * An amount as whole cents: every comparison of money goes through this (or sameAmount), never a
 * float tolerance, so 1999.99 and 2000 are two amounts and 0.1 + 0.2 is 0.3.
 */
export const toCents = (value: number): number => Math.round(settle(value * 100));

/** Whether an amount is a whole number of cents (2000, 1450.5, 19.99; not 0.001 or 1999.995). */
export const hasWholeCents = (value: number): boolean => Number.isInteger(settle(value * 100));

/** Whether two amounts are the same to the cent. */
export const sameAmount = (a: number, b: number): boolean => toCents(a) === toCents(b);

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

// ---------------------------------------------------------------------------------------------
// Amounts typed by a person, the Argentine way: "." groups thousands, "," marks the decimals.

export const AMOUNT_REQUIRED_MESSAGE = 'Ingresa un monto';
export const AMOUNT_INVALID_MESSAGE = 'Ingresa un monto válido, por ejemplo 22.000 o 1.450,50';
export const DECIMAL_COMMA_MESSAGE = 'Usa coma para los decimales';
export const THOUSANDS_GROUP_MESSAGE = 'Los miles se separan con punto cada 3 cifras, por ejemplo 22.000';
export const AMOUNT_DECIMALS_MESSAGE = 'Usa hasta 2 decimales';

export type ParsedAmount = { ok: true; value: number } | { ok: false; error: string };

/**
 * The one reading of every amount a person types (prices, import cells, payments, discounts,
 * the dollar rate): "22.000" = 22000, "22.000,50" and "22000,5" = 22000.5. A dot followed by one
 * or two digits ("1450.50") is a decimal point from another locale, refused rather than read as
 * 145050 or 1450.5 by guess. A "$" in front, spaces and a leading sign are allowed; ranges are
 * the caller's to check.
 */
export function parseArsAmount(text: string): ParsedAmount {
  const compact = text.replace(/[\s\u00a0]/g, '').replace(/^([-+]?)\$/, '$1');
  if (compact === '' || compact === '-' || compact === '+') return { ok: false, error: AMOUNT_REQUIRED_MESSAGE };
  const match = /^([-+]?)([\d.]+)(?:,(\d+))?$/.exec(compact);
  if (!match) return { ok: false, error: /^[-+]?[\d.]*\.\d{1,2}$/.test(compact) ? DECIMAL_COMMA_MESSAGE : AMOUNT_INVALID_MESSAGE };
  const [, sign, whole, decimals = ''] = match;
  if (whole.includes('.')) {
    if (decimals === '' && /\.\d{1,2}$/.test(whole)) return { ok: false, error: DECIMAL_COMMA_MESSAGE };
    if (!/^\d{1,3}(\.\d{3})+$/.test(whole)) return { ok: false, error: THOUSANDS_GROUP_MESSAGE };
  }
  if (decimals.length > 2) return { ok: false, error: AMOUNT_DECIMALS_MESSAGE };
  const value = Number(`${whole.replaceAll('.', '')}.${decimals || '0'}`);
  return { ok: true, value: sign === '-' && value !== 0 ? -value : value };
}

/**
 * An amount as the admin's money inputs show it, as the shop writes every amount and as
 * `parseArsAmount` reads it back: '22.000', '1.450,50'.
 */
export function amountInputText(value: number | null | undefined): string {
  if (value == null) return '';
  return formatAmount(value);
}
