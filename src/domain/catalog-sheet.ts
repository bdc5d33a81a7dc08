// The catalog as a spreadsheet (issue 14, spreadsheet round trip): the columns of the CSV that
// `GET /api/products/export.csv` writes and `POST /api/products/import/` reads, how their cells
// are spelt, and the answers of the import and of the bulk edit (`POST /api/products/bulk/`).
import { z } from 'zod';
import { PRODUCT_TYPE_LABELS, type ProductType } from './catalog';
import { amountField } from './amount-field';
import { stripAccents } from './text';
import { shopInstant } from './dates';

const MB = 1024 * 1024;
export const IMPORT_MAX_BYTES = 5 * MB;
export const IMPORT_MAX_ROWS = 10_000;
/** Errors listed in one answer; `error_count` still counts them all. */
export const IMPORT_MAX_ERRORS = 500;
/** Changed rows listed in one preview; the counts still count them all. */
export const IMPORT_MAX_CHANGES = 500;
export const BULK_MAX_PRODUCTS = 500;

/**
 * The sheet's columns in the order the export writes them: one row per blister, the
 * product's columns repeated on each. `ID` and `SKU` say which product a row belongs to.
 */
export const SHEET_COLUMNS = [
  { key: 'id', header: 'ID' },
  { key: 'sku', header: 'SKU' },
  { key: 'name', header: 'Nombre' },
  { key: 'brand', header: 'Banco' },
  { key: 'type', header: 'Tipo' },
  { key: 'seed_count', header: 'Semillas' },
  { key: 'price', header: 'Precio' },
  { key: 'currency', header: 'Moneda' },
  { key: 'stock', header: 'Stock' },
  { key: 'discount', header: 'Descuento (%)' },
  // What the blister costs the shop, ARS (issue 37); only staff who manage products export it.
  { key: 'cost_price', header: 'Costo (ARS)' },
  { key: 'available', header: 'Disponible' },
  { key: 'genotype', header: 'Genotipo' },
  { key: 'sativa', header: 'Sativa (%)' },
  { key: 'indica', header: 'Índica (%)' },
  { key: 'thc', header: 'THC' },
  { key: 'cbd', header: 'CBD' },
  { key: 'flavors', header: 'Sabores' },
  { key: 'effects', header: 'Efectos' },
  { key: 'flowering_time', header: 'Tiempo de floración' },
  { key: 'completed_cicle', header: 'Ciclo completo' },
  { key: 'height_indoor', header: 'Altura interior' },
  { key: 'height_outdoor', header: 'Altura exterior' },
  { key: 'yield_indoor', header: 'Producción interior' },
  { key: 'yield_outdoor', header: 'Producción exterior' },
  { key: 'description', header: 'Descripción' },
  { key: 'image', header: 'Imagen 1' },
  { key: 'image_2', header: 'Imagen 2' },
  { key: 'image_3', header: 'Imagen 3' },
  // When the file was exported: the import keeps the shop's stock of a blister whose stock
  // moved since (an order, an edit) unless the owner takes the sheet's value for that row.
  { key: 'exported_at', header: 'Exportado' },
] as const;

export type SheetColumn = (typeof SHEET_COLUMNS)[number]['key'];
export const BLISTER_COLUMNS = ['seed_count', 'price', 'stock', 'discount', 'cost_price'] as const satisfies readonly SheetColumn[];

export const columnHeader = (key: SheetColumn) => SHEET_COLUMNS.find((c) => c.key === key)!.header;

/** A header as compared: no accents, no case, no '(%)', single spaces ('Indica', 'sativa %'). */
const headerKey = (text: string) => stripAccents(text).toLowerCase().replace(/[()%]/g, ' ').replace(/\s+/g, ' ').trim();

// Maps, not plain objects: a header is whatever the file says, and 'constructor' or '__proto__'
// must not find the properties every object inherits.
const HEADER_ALIASES = new Map<string, SheetColumn>([
  ...SHEET_COLUMNS.map((c) => [headerKey(c.header), c.key] as const),
  ...SHEET_COLUMNS.map((c) => [headerKey(c.key), c.key] as const),
  ['imagen', 'image'],
  ['cantidad de semillas', 'seed_count'],
  ['marca', 'brand'],
  ['descuento', 'discount'],
  ['costo', 'cost_price'],
  ['disponibilidad', 'available'],
]);

/** The column a header names, or null when it names none. */
export function columnOfHeader(header: string): SheetColumn | null {
  return HEADER_ALIASES.get(headerKey(header)) ?? null;
}

// ---------------------------------------------------------------------------------------------
// Cells

/** The export's timestamp cell: the instant in UTC, which spreadsheets keep as text. */
export const formatSheetInstant = (instant: Date) => instant.toISOString();

/**
 * The export's timestamp as written, or as a spreadsheet may rewrite it on saving (dd/mm/yyyy
 * hh:mm[:ss], shop time, minutes only: an earlier instant, so more rows are checked, never fewer).
 * Null when it cannot be read.
 */
export function parseSheetInstant(cell: string): Date | null {
  const text = cell.trim();
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/.test(text)) {
    const instant = new Date(text);
    return Number.isNaN(instant.getTime()) ? null : instant;
  }
  const local = /^(\d{1,2})\/(\d{1,2})\/(\d{4}) (\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (!local) return null;
  const [, d, m, y, h, min, sec = '00'] = local;
  const pad = (v: string) => v.padStart(2, '0');
  const instant = shopInstant(`${y}-${pad(m)}-${pad(d)}T${pad(h)}:${min}:${sec}`);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** A number as Spanish Excel reads it: comma decimals, no thousands separator ('1234,5'). */
export function formatSheetNumber(value: number | null | undefined): string {
  if (value == null) return '';
  return String(value).replace('.', ',');
}

const TYPE_WORDS = new Map<string, ProductType>([
  ['auto', 'auto'],
  ['automatica', 'auto'],
  ['automaticas', 'auto'],
  ['fem', 'fem'],
  ['feminizada', 'fem'],
  ['feminizadas', 'fem'],
  ['reg', 'reg'],
  ['regular', 'reg'],
  ['regulares', 'reg'],
]);

export const formatSheetType = (type: ProductType) => PRODUCT_TYPE_LABELS[type];

/** 'Feminizada', 'fem', 'AUTOMÁTICA'… as a type code; anything else is returned as written. */
export function parseSheetType(cell: string): string {
  return TYPE_WORDS.get(stripAccents(cell).trim().toLowerCase()) ?? cell.trim();
}

export const formatSheetBoolean = (value: boolean) => (value ? 'Sí' : 'No');

const YES = new Set(['si', 'true', 'verdadero', '1', 'x', 'disponible']);
const NO = new Set(['no', 'false', 'falso', '0', 'no disponible']);

/** 'Sí' / 'No' (and true/false, 1/0); null when the cell says neither. */
export function parseSheetBoolean(cell: string): boolean | null {
  const word = stripAccents(cell).trim().toLowerCase();
  if (YES.has(word)) return true;
  if (NO.has(word)) return false;
  return null;
}

// spec: a cell that a spreadsheet would run as a formula starts with one of these. The export
// puts an apostrophe before such text and the import takes it off again.
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text made safe to open in a spreadsheet: '=1+1' is written "'=1+1". */
export function escapeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The text an exported cell held: the apostrophe before a would-be formula is dropped. */
export function unescapeFormula(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

// ---------------------------------------------------------------------------------------------
// Answers

const importErrorSchema = z.object({
  /** The line of the file, as a spreadsheet numbers it (the header is line 1). */
  row: z.number().int(),
  /** The column's header ('Precio'), or '' for the whole row or file. */
  column: z.string(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

export const IMPORT_ROW_KINDS = ['created', 'updated'] as const;

const importChangeSchema = z.object({
  row: z.number().int(),
  kind: z.enum(IMPORT_ROW_KINDS),
  sku: z.string().nullable(),
  name: z.string(),
  seed_count: z.number().int().nullable(),
  /** What changes, column by column, as the sheet writes it (empty for a new row). */
  fields: z.array(z.object({ column: z.string(), before: z.string(), after: z.string() })),
  /** Set when the price moves −50% or more, or above +200%: applying needs `confirm_price_changes`. */
  price_change_percent: z.number().nullable(),
  /** Set when the blister's cost ends above its price (ARS): applying needs `confirm_price_changes` too. */
  cost_above_price: z.boolean(),
  /**
   * Set when the blister's stock changed in the shop since the file was exported: the
   * shop's value is kept unless the row is listed in `take_stock_rows` (`taken`).
   */
  stock_conflict: z.object({ shop: z.number().int(), sheet: z.number().int(), taken: z.boolean() }).nullable(),
});
export type ImportChange = z.infer<typeof importChangeSchema>;

const queryFlag = (name: string) =>
  z
    .enum(['true', 'false', '1', '0'], { error: `${name} debe ser true o false` })
    .optional()
    .transform((v) => v === 'true' || v === '1');

export const importQuerySchema = z.object({
  dry_run: queryFlag('dry_run'),
  /** The owner confirms the flagged price changes (−50% or more, above +200%). */
  confirm_price_changes: queryFlag('confirm_price_changes'),
  /** Rows ('5,7') whose stock is taken from the sheet although the shop's changed since the export. */
  take_stock_rows: z
    .string({ error: 'take_stock_rows debe ser una lista de filas' })
    .max(20_000, 'take_stock_rows debe ser una lista de filas')
    .regex(/^\s*(\d{1,6}\s*(,\s*\d{1,6}\s*)*)?$/, 'take_stock_rows debe ser una lista de filas, por ejemplo 2,5')
    .optional()
    .transform(
      (v) =>
        new Set(
          (v ?? '')
            .split(',')
            .filter((n) => n.trim() !== '')
            .map(Number),
        ),
    ),
});
export type ImportOptions = z.output<typeof importQuerySchema>;

/** The multipart body of `POST /api/products/import/`, described for the API reference. */
export const importBodySchema = z.object({
  file: z.string().meta({ format: 'binary', description: 'El CSV, UTF-8 (con o sin BOM), separado por ";" o ","' }),
});

export const importResultDtoSchema = z.object({
  /** Rows that add a blister (and the product, when it is new). */
  created: z.number().int(),
  /** Rows whose product or blister changes. */
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.array(importErrorSchema),
  /** All the errors found, when there are more than listed. */
  error_count: z.number().int(),
  /** Data rows read (blank lines aside). */
  rows: z.number().int(),
  /** Products the file adds and changes. */
  products_created: z.number().int(),
  products_updated: z.number().int(),
  /** The first changed rows, for the preview. */
  changes: z.array(importChangeSchema),
  /** Rows whose price change needs `confirm_price_changes`, and rows with a `stock_conflict`. */
  price_changes_to_confirm: z.number().int(),
  stock_conflicts: z.number().int(),
  /** True when the changes were saved: never with `dry_run` or errors. */
  applied: z.boolean(),
});
export type ImportResultDto = z.infer<typeof importResultDtoSchema>;

// ---------------------------------------------------------------------------------------------
// Bulk edit

export const BULK_ACTIONS = ['price_percent', 'cost_percent', 'cost_of_price', 'discount', 'availability', 'brand'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
export const BULK_ACTION_LABELS: Record<BulkAction, string> = {
  price_percent: 'Cambiar precio (%)',
  cost_percent: 'Cambiar costo (%)',
  cost_of_price: 'Fijar costo (% del precio)',
  discount: 'Fijar descuento',
  availability: 'Cambiar disponibilidad',
  brand: 'Mover a otro banco',
};
export const BULK_PRICE_PERCENT_MIN = -90;
export const BULK_PRICE_PERCENT_MAX = 500;
/** A cost set as a share of the price: up to five times it (above 100% asks for confirmation). */
export const BULK_COST_OF_PRICE_MAX = 500;

const toNumber = (v: unknown) => {
  if (typeof v !== 'string') return v;
  const text = v.trim().replace(',', '.');
  return /^[-+]?\d+(\.\d+)?$/.test(text) ? Number(text) : v;
};

const bulkIds = z
  .array(
    z.number({ error: 'Producto inválido' }).int('Producto inválido').min(1, 'Producto inválido').max(2147483647, 'Producto inválido'),
    { error: 'Selecciona al menos un producto' },
  )
  .min(1, 'Selecciona al menos un producto')
  .max(BULK_MAX_PRODUCTS, `Puedes editar hasta ${BULK_MAX_PRODUCTS} productos a la vez`)
  .transform((ids) => [...new Set(ids)]);

const dryRun = z.boolean({ error: 'dry_run debe ser verdadero o falso' }).optional().default(false);
/** The owner's word for a price moved too far or a cost left above its price (409 without it). */
const confirmPriceChanges = z.boolean({ error: 'confirm_price_changes debe ser verdadero o falso' }).optional().default(false);

/** A change by percentage (prices, costs): −90 to +500, never 0. */
const percentChange = (required: string) =>
  amountField(required, required).pipe(
    z
      .number()
      .min(BULK_PRICE_PERCENT_MIN, `El porcentaje debe estar entre ${BULK_PRICE_PERCENT_MIN} y ${BULK_PRICE_PERCENT_MAX}`)
      .max(BULK_PRICE_PERCENT_MAX, `El porcentaje debe estar entre ${BULK_PRICE_PERCENT_MIN} y ${BULK_PRICE_PERCENT_MAX}`)
      .refine((v) => v !== 0, 'El porcentaje no puede ser 0'),
  );

/** `POST /api/products/bulk/`: one change for the selected products, previewed with `dry_run`. */
export const bulkEditSchema = z.discriminatedUnion(
  'action',
  [
    z.object({
      action: z.literal('price_percent'),
      ids: bulkIds,
      value: percentChange('Ingresa el porcentaje de cambio del precio'),
      dry_run: dryRun,
      /** Needed for −50% or less and above +200%, and for a price left below its cost (answered 409 otherwise). */
      confirm_price_changes: confirmPriceChanges,
    }),
    z.object({
      /** The blisters' cost (ARS) by a percentage; a blister without a cost keeps none. */
      action: z.literal('cost_percent'),
      ids: bulkIds,
      value: percentChange('Ingresa el porcentaje de cambio del costo'),
      dry_run: dryRun,
      /** Needed when a cost ends above its price (answered 409 otherwise). */
      confirm_price_changes: confirmPriceChanges,
    }),
    z.object({
      /** The blisters' cost (ARS) set to this percentage of their price (in ARS); a blister without a price is left. */
      action: z.literal('cost_of_price'),
      ids: bulkIds,
      value: amountField('Ingresa el costo como porcentaje del precio', 'Ingresa el costo como porcentaje del precio').pipe(
        z
          .number()
          .min(0, `El porcentaje debe estar entre 0 y ${BULK_COST_OF_PRICE_MAX}`)
          .max(BULK_COST_OF_PRICE_MAX, `El porcentaje debe estar entre 0 y ${BULK_COST_OF_PRICE_MAX}`),
      ),
      dry_run: dryRun,
      /** Needed when a cost ends above its price (above 100%; answered 409 otherwise). */
      confirm_price_changes: confirmPriceChanges,
    }),
    z.object({
      action: z.literal('discount'),
      ids: bulkIds,
      value: amountField('Ingresa el descuento', 'Ingresa el descuento').pipe(
        z.number().min(0, 'El descuento debe estar entre 0 y 100').max(100, 'El descuento debe estar entre 0 y 100'),
      ),
      dry_run: dryRun,
    }),
    z.object({
      action: z.literal('availability'),
      ids: bulkIds,
      value: z.boolean({ error: 'Indica si los productos quedan disponibles' }),
      dry_run: dryRun,
    }),
    z.object({
      action: z.literal('brand'),
      ids: bulkIds,
      value: z.preprocess(toNumber, z.number({ error: 'Selecciona el banco' }).int('Selecciona el banco').min(1, 'Selecciona el banco')),
      dry_run: dryRun,
    }),
  ],
  { error: 'Elige una acción: price_percent, cost_percent, cost_of_price, discount, availability o brand' },
);
export type BulkEditInput = z.input<typeof bulkEditSchema>;
export type BulkEditValues = z.output<typeof bulkEditSchema>;

const bulkStateSchema = z.object({
  brand_id: z.number().int(),
  brand: z.string(),
  available: z.boolean(),
  /** The blisters; the field keeps its first name, as the API answers it and the activity log stores it. */
  presentations: z.array(
    z.object({
      id: z.number().int(),
      seed_count: z.number().int(),
      price: z.number().nullable(),
      discount: z.number(),
      /** ARS; the route is for staff who manage products, the only ones who read costs. */
      cost_price: z.number().nullable(),
    }),
  ),
});
export type BulkState = z.infer<typeof bulkStateSchema>;

export const bulkEditResultDtoSchema = z.object({
  action: z.enum(BULK_ACTIONS),
  applied: z.boolean(),
  /**
   * Applying needs `confirm_price_changes`: the price change is big enough (−50% or less, above
   * +200%), or a blister's cost ends above its price (listed in `cost_above_price`).
   */
  confirm_required: z.boolean(),
  /** The changed blisters whose cost (ARS) ends above their price (in ARS). */
  cost_above_price: z.array(z.object({ name: z.string(), seed_count: z.number().int(), cost: z.number(), price: z.number() })),
  /** Products the change alters, and those already as asked. */
  changed: z.number().int(),
  unchanged: z.number().int(),
  items: z.array(
    z.object({
      product_id: z.number().int(),
      name: z.string(),
      sku: z.string().nullable(),
      currency: z.string(),
      changed: z.boolean(),
      before: bulkStateSchema,
      after: bulkStateSchema,
    }),
  ),
});
export type BulkEditResultDto = z.infer<typeof bulkEditResultDtoSchema>;
