// Fields typed on one line (names, an address's street, an order number): no line breaks, tabs
// or other control characters, nor the marks that turn text around. What a visitor typed then
// never starts a line of its own in an e-mail, a log or a spreadsheet the shop reads, where it
// could pass for the shop's own words ("Pedido: #1 (coinciden…)").
import { z } from 'zod';

// The bidi marks too (LRM, RLM, ALM): invisible, they reorder what follows them.
const NOT_ONE_LINE = /[\p{Cc}\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

export const isSingleLine = (value: string) => !NOT_ONE_LINE.test(value);

/** 'El nombre' → 'Escribe el nombre en una sola línea, sin saltos de línea ni tabulaciones'. */
export const singleLineMessage = (field: string) =>
  `Escribe ${field.charAt(0).toLowerCase()}${field.slice(1)} en una sola línea, sin saltos de línea ni tabulaciones`;

/**
 * The check of a one-line string field, `field` naming it in the message ('El nombre'):
 * `z.string().trim().max(120).check(singleLine('El nombre'))`. After trim(), so a line break
 * at either end is only trimmed.
 */
export const singleLine = (field: string) => z.refine<string>(isSingleLine, singleLineMessage(field));
