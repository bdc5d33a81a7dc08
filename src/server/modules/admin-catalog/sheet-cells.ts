// How each product and blister value is written to a sheet cell and read back from one. The
// export and the import both go through here, so an exported file reads back as the same values;
// reading checks each cell with the product form's own zod rules (domain/admin-catalog).
import type { z } from 'zod';
import { productPatchSchema, blisterSchema } from '../../../domain/admin-catalog';
import {
  escapeFormula,
  formatSheetBoolean,
  formatSheetNumber,
  formatSheetType,
  parseSheetBoolean,
  parseSheetType,
  unescapeFormula,
} from '../../../domain/catalog-sheet';
import type { ProductType } from '../../../domain/catalog';
import { roundCents } from '../../../domain/money';
import type { blisters, products } from '../../db/schema';

type ProductRow = typeof products.$inferSelect;
type BlisterRow = typeof blisters.$inferSelect;

/** The product columns of the sheet besides its keys (ID, SKU) and its brand. */
export const PRODUCT_FIELDS = [
  'name',
  'type',
  'currency',
  'available',
  'genotype',
  'sativa',
  'indica',
  'thc',
  'cbd',
  'flavors',
  'effects',
  'flowering_time',
  'completed_cicle',
  'height_indoor',
  'height_outdoor',
  'yield_indoor',
  'yield_outdoor',
  'description',
  'image',
  'image_2',
  'image_3',
] as const satisfies readonly (keyof ProductRow)[];

export type ProductField = (typeof PRODUCT_FIELDS)[number];
export type ProductValues = Pick<ProductRow, ProductField>;

type Parsed<T> = { value: T; error?: undefined } | { value?: undefined; error: string };

const firstIssue = (error: z.ZodError) => error.issues[0]?.message ?? 'Valor inválido';

function check<T>(schema: z.ZodType<T>, input: unknown): Parsed<T> {
  const result = schema.safeParse(input);
  return result.success ? { value: result.data } : { error: firstIssue(result.error) };
}

const NUMBER_FIELDS = new Set<ProductField>(['sativa', 'indica']);

export function formatProductField<K extends ProductField>(key: K, value: ProductValues[K]): string {
  if (key === 'type') return formatSheetType(value as ProductType);
  if (key === 'available') return formatSheetBoolean(value as boolean);
  if (NUMBER_FIELDS.has(key)) return formatSheetNumber(value as number | null);
  if (key === 'currency') return String(value);
  return escapeFormula((value as string | null) ?? '');
}

export function parseProductField<K extends ProductField>(key: K, cell: string): Parsed<ProductValues[K]> {
  const schema = productPatchSchema.shape[key] as unknown as z.ZodType<ProductValues[K]>;
  if (key === 'type') return check(schema, parseSheetType(cell));
  if (key === 'currency') return check(schema, cell.trim().toUpperCase());
  if (key === 'available') {
    const value = parseSheetBoolean(cell);
    if (value === null) return { error: 'Escribe Sí o No' };
    return check(schema, value);
  }
  if (NUMBER_FIELDS.has(key)) return check(schema, cell);
  return check(schema, unescapeFormula(cell));
}

/** Whether two values of a product column are the same once stored. */
export const sameValue = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

// ---------------------------------------------------------------------------------------------
// Blisters

export type BlisterValues = Pick<BlisterRow, 'seed_count' | 'price' | 'stock' | 'discount' | 'cost_price'>;

export function formatBlister(b: BlisterValues) {
  return {
    seed_count: String(b.seed_count),
    price: formatSheetNumber(b.price),
    stock: String(b.stock),
    discount: formatSheetNumber(b.discount),
    cost_price: formatSheetNumber(b.cost_price),
  };
}

const blisterShape = blisterSchema.shape;
const DISCOUNT_MESSAGE = 'El descuento debe ser un número entre 0 y 100';

export const parseSeedCount = (cell: string): Parsed<number> => check(blisterShape.seed_count, cell);

/** A price; a blank cell is null (the blister has no price yet). */
export function parsePrice(cell: string): Parsed<number | null> {
  if (cell.trim() === '') return { value: null };
  return check(blisterShape.price, cell);
}

/** A cost (ARS, es-AR decimals as the price); a blank cell is null (no cost known). */
export function parseCost(cell: string): Parsed<number | null> {
  if (cell.trim() === '') return { value: null };
  return check(blisterShape.cost_price as z.ZodType<number | null | undefined>, cell) as Parsed<number | null>;
}

export const parseStock = (cell: string): Parsed<number> => check(blisterShape.stock, cell);

/**
 * The blister's own discount. The form turns what is not a number into 0 and clamps to
 * 0-100; a sheet cell that says something else is a typo to show, so it is refused instead.
 * A blank cell is no discount, as in the form.
 */
export function parseDiscount(cell: string): Parsed<number> {
  const text = cell.trim().replace(/%$/, '').trim().replace(',', '.');
  if (text === '') return { value: 0 };
  if (!/^\d+(\.\d+)?$/.test(text)) return { error: DISCOUNT_MESSAGE };
  const value = Number(text);
  if (value > 100) return { error: DISCOUNT_MESSAGE };
  return check(blisterShape.discount, roundCents(value));
}
