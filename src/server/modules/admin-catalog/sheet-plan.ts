// What a catalog sheet changes, worked out against the catalog as it is: each row checked
// cell by cell with the form's rules, rows grouped by product (SKU, or ID for a product without
// one), blisters matched by seed count. The answer is the preview and the list of writes;
// nothing here touches the database.
import { BRAND_NAME_REQUIRED, MAX_BLISTERS, normalizeBrandName, productFormSchema } from '../../../domain/admin-catalog';
import {
  columnHeader,
  parseSheetInstant,
  IMPORT_MAX_CHANGES,
  IMPORT_MAX_ERRORS,
  SHEET_COLUMNS,
  unescapeFormula,
  type ImportChange,
  type ImportError,
  type ImportResultDto,
  type SheetColumn,
} from '../../../domain/catalog-sheet';
import {
  changePercent,
  discountLeavesNoPriceMessage,
  isCostAbovePrice,
  isSuspiciousPriceChange,
  leftWithoutPrice,
} from '../../../domain/price-guards';
import { formatAmount, usdToArs } from '../../../domain/money';
import { slugify } from '../../../domain/text';
import type { brands } from '../../db/schema';
import {
  formatBlister,
  formatProductField,
  parseCost,
  parseDiscount,
  parsePrice,
  parseProductField,
  parseSeedCount,
  parseStock,
  PRODUCT_FIELDS,
  sameValue,
  type BlisterValues,
  type ProductField,
  type ProductValues,
} from './sheet-cells';
import type { CatalogProduct } from './product-rows';
import type { Sheet, SheetRow } from './sheet-read';

type BrandRow = typeof brands.$inferSelect;

export type StoredProduct = ProductValues & { brand_id: number; sku: string | null };

export interface ImportPlan {
  result: Omit<ImportResultDto, 'applied'>;
  newProducts: { values: StoredProduct & { sku: string }; brandName: string; blisters: BlisterValues[] }[];
  productUpdates: { id: number; values: StoredProduct; brandName: string }[];
  blisterInserts: (BlisterValues & { product_id: number })[];
  blisterUpdates: (BlisterValues & { id: number; product_id: number; stock_before: number })[];
  /** Existing products the writes touch (their rows or their blisters). */
  touched: Set<number>;
}

/** A blister as a row gives it: absent keys are columns the file does not have. */
interface RowBlister {
  seed_count: number;
  price?: number | null;
  stock?: number;
  discount?: number;
  cost_price?: number | null;
}

/** What the import is told besides the file, and what it needs to know of the shop. */
export interface PlanOptions {
  /** Rows whose stock is taken from the sheet even though the shop's changed since the export. */
  takeStockRows: Set<number>;
  /** For the brand discount check: the dollar rate and the moment. */
  rate: number;
  now: Date;
}

interface ParsedRow {
  row: number;
  /** When the file was exported (its 'Exportado' cell), if it says. */
  exportedAt: Date | null;
  id: number | null;
  sku: string | null;
  fields: Partial<ProductValues>;
  brand?: BrandRow;
  blister: RowBlister | null;
  bad: boolean;
}

interface Group {
  existing: CatalogProduct | null;
  /** The SKU a new product gets, or that a product without one is given. */
  sku: string | null;
  rows: ParsedRow[];
  fields: Partial<ProductValues>;
  brand?: BrandRow;
  /** The row each product value was first read from. */
  origin: Map<ProductField | 'brand', number>;
}

const COLUMN_ORDER = new Map<string, number>(SHEET_COLUMNS.map((c, i) => [c.header, i]));

const requiredMessage = (key: 'name' | 'type') => {
  const result = productFormSchema.shape[key].safeParse(undefined);
  return result.success ? 'Es requerido' : (result.error.issues[0]?.message ?? 'Es requerido');
};

class Problems {
  readonly list: ImportError[] = [];
  private readonly cells = new Set<string>();

  add(row: number, column: SheetColumn | '', message: string) {
    const header = column ? columnHeader(column) : '';
    this.cells.add(`${row}:${header}`);
    this.list.push({ row, column: header, message });
  }

  has(row: number, column: SheetColumn) {
    return this.cells.has(`${row}:${columnHeader(column)}`);
  }

  sorted(): ImportError[] {
    return [...this.list].sort(
      (a, b) =>
        a.row - b.row || (COLUMN_ORDER.get(a.column) ?? -1) - (COLUMN_ORDER.get(b.column) ?? -1) || a.message.localeCompare(b.message),
    );
  }
}

function brandFinder(brandRows: BrandRow[]) {
  const byName = new Map<string, BrandRow>();
  const bySlug = new Map<string, BrandRow>();
  for (const b of brandRows) {
    byName.set(b.brand_name.toLowerCase(), b);
    bySlug.set(b.brand_id, b);
  }
  return (name: string) => byName.get(name.toLowerCase()) ?? bySlug.get(slugify(name));
}

function parseRow(source: SheetRow, findBrand: (name: string) => BrandRow | undefined, problems: Problems): ParsedRow {
  const { row, cells } = source;
  const parsed: ParsedRow = { row, exportedAt: null, id: null, sku: null, fields: {}, blister: null, bad: false };
  const fail = (column: SheetColumn, message: string) => {
    problems.add(row, column, message);
    parsed.bad = true;
  };

  const exportedCell = cells.get('exported_at')?.trim();
  if (exportedCell) {
    parsed.exportedAt = parseSheetInstant(exportedCell);
    if (!parsed.exportedAt) fail('exported_at', 'Fecha de exportación ilegible: déjala como la escribió la exportación o vacíala');
  }

  const idCell = cells.get('id')?.trim();
  if (idCell) {
    if (/^\d{1,9}$/.test(idCell) && Number(idCell) > 0) parsed.id = Number(idCell);
    else fail('id', 'El ID debe ser un número entero: déjalo vacío para un producto nuevo');
  }
  const skuCell = cells.get('sku');
  if (skuCell !== undefined) {
    const sku = parseProductSku(skuCell);
    if (sku.error !== undefined) fail('sku', sku.error);
    else parsed.sku = sku.value;
  }

  for (const key of PRODUCT_FIELDS) {
    const cell = cells.get(key);
    if (cell === undefined) continue;
    const result = parseProductField(key, cell);
    if (result.error !== undefined) fail(key, result.error);
    else (parsed.fields as Record<string, unknown>)[key] = result.value;
  }

  const brandCell = cells.get('brand');
  if (brandCell !== undefined) {
    const name = normalizeBrandName(unescapeFormula(brandCell));
    if (!name) fail('brand', BRAND_NAME_REQUIRED);
    else {
      const brand = findBrand(name);
      if (brand) parsed.brand = brand;
      else fail('brand', `No existe el banco "${name}": créalo en Bancos o corrige el nombre`);
    }
  }

  const seedCell = cells.get('seed_count') ?? '';
  const others = (['price', 'stock', 'discount', 'cost_price'] as const).filter((c) => (cells.get(c) ?? '').trim() !== '');
  if (seedCell.trim() === '') {
    // A row without a blister only carries the product (a product with none).
    if (others.length) fail('seed_count', 'La cantidad de semillas es requerida');
    return parsed;
  }
  const seeds = parseSeedCount(seedCell);
  if (seeds.error !== undefined) {
    fail('seed_count', seeds.error);
    return parsed;
  }
  const blister: RowBlister = { seed_count: seeds.value };
  const priceCell = cells.get('price');
  if (priceCell !== undefined) {
    const price = parsePrice(priceCell);
    if (price.error !== undefined) fail('price', price.error);
    else blister.price = price.value;
  }
  const stockCell = cells.get('stock');
  if (stockCell !== undefined) {
    const stock = parseStock(stockCell);
    if (stock.error !== undefined) fail('stock', stock.error);
    else blister.stock = stock.value;
  }
  const discountCell = cells.get('discount');
  if (discountCell !== undefined) {
    const discount = parseDiscount(discountCell);
    if (discount.error !== undefined) fail('discount', discount.error);
    else blister.discount = discount.value;
  }
  const costCell = cells.get('cost_price');
  if (costCell !== undefined) {
    const cost = parseCost(costCell);
    if (cost.error !== undefined) fail('cost_price', cost.error);
    else blister.cost_price = cost.value;
  }
  parsed.blister = blister;
  return parsed;
}

function parseProductSku(cell: string): { value: string | null; error?: undefined } | { value?: undefined; error: string } {
  const text = unescapeFormula(cell).trim();
  if (text.length > 64) return { error: 'El SKU no puede superar 64 caracteres' };
  return { value: text || null };
}

const formatField = (key: ProductField, value: unknown) => formatProductField(key, value as never);

/** A blister's cells as the preview shows them: the price as the shop writes amounts ('18.000'). */
const shownBlister = (b: BlisterValues) => ({
  ...formatBlister(b),
  price: b.price === null ? '' : formatAmount(b.price),
  cost_price: b.cost_price === null ? '' : formatAmount(b.cost_price),
});

/** Works out what the sheet changes in `catalog` (live products) with `brandRows` (all brands). */
export function planImport(sheet: Sheet, catalog: CatalogProduct[], brandRows: BrandRow[], options: PlanOptions): ImportPlan {
  const problems = new Problems();
  for (const e of sheet.errors) problems.list.push(e);
  const findBrand = brandFinder(brandRows);
  const brandById = new Map(brandRows.map((b) => [b.id, b]));
  const bySku = new Map<string, CatalogProduct>();
  const byId = new Map<number, CatalogProduct>();
  for (const p of catalog) {
    if (p.sku) bySku.set(p.sku, p);
    byId.set(p.id, p);
  }

  // 1. Each row on its own, then the product it belongs to.
  const groups = new Map<string, Group>();
  const skuGivenAt = new Map<string, { row: number; key: string }>();
  const groupOf = (key: string, existing: CatalogProduct | null, sku: string | null) => {
    let group = groups.get(key);
    if (!group) {
      group = { existing, sku, rows: [], fields: {}, origin: new Map() };
      groups.set(key, group);
    }
    return group;
  };
  const rows = sheet.rows.map((source) => parseRow(source, findBrand, problems));
  for (const parsed of rows) {
    const { row } = parsed;
    if (problems.has(row, 'id') || problems.has(row, 'sku')) continue;
    const fail = (column: SheetColumn, message: string) => {
      problems.add(row, column, message);
      parsed.bad = true;
    };
    /** Gives the SKU to the product `key`, unless an earlier row gave it to another. */
    const claimSku = (sku: string, key: string) => {
      const earlier = skuGivenAt.get(sku);
      if (earlier && earlier.key !== key) {
        fail('sku', `El SKU ${sku} ya se usa en la fila ${earlier.row} para otro producto`);
        return false;
      }
      skuGivenAt.set(sku, { row, key });
      return true;
    };
    let group: Group;
    if (parsed.sku) {
      const owner = bySku.get(parsed.sku);
      if (owner) {
        if (parsed.id !== null && parsed.id !== owner.id) {
          fail('id', `El ID no corresponde al producto con SKU ${parsed.sku} (ID ${owner.id})`);
          continue;
        }
        group = groupOf(`id:${owner.id}`, owner, null);
      } else if (parsed.id !== null) {
        const target = byId.get(parsed.id);
        if (!target) {
          fail('id', `No existe un producto con ID ${parsed.id}`);
          continue;
        }
        if (target.sku) {
          fail('sku', `El producto con ID ${target.id} tiene el SKU ${target.sku}: un SKU se cambia desde el formulario del producto`);
          continue;
        }
        const key = `id:${target.id}`;
        if (!claimSku(parsed.sku, key)) continue;
        group = groupOf(key, target, parsed.sku);
      } else {
        const key = `sku:${parsed.sku}`;
        if (!claimSku(parsed.sku, key)) continue;
        group = groupOf(key, null, parsed.sku);
      }
    } else if (parsed.id !== null) {
      const target = byId.get(parsed.id);
      if (!target) {
        fail('id', `No existe un producto con ID ${parsed.id}`);
        continue;
      }
      if (target.sku && sheet.columns.has('sku')) {
        fail('sku', `El SKU no puede quedar vacío: el producto tiene el SKU ${target.sku}`);
        continue;
      }
      group = groupOf(`id:${target.id}`, target, null);
    } else {
      fail('sku', 'El SKU es requerido para identificar el producto');
      continue;
    }
    group.rows.push(parsed);

    // The product's columns repeat on each of its rows: they must say the same.
    for (const key of Object.keys(parsed.fields) as ProductField[]) {
      const value = parsed.fields[key];
      const first = group.origin.get(key);
      if (first === undefined) {
        (group.fields as Record<string, unknown>)[key] = value;
        group.origin.set(key, row);
      } else if (!sameValue(group.fields[key], value)) {
        fail(key, `No coincide con la fila ${first} del mismo producto`);
      }
    }
    if (parsed.brand) {
      const first = group.origin.get('brand');
      if (first === undefined) {
        group.brand = parsed.brand;
        group.origin.set('brand', row);
      } else if (group.brand!.id !== parsed.brand.id) {
        fail('brand', `No coincide con la fila ${first} del mismo producto`);
      }
    }
  }

  // 2. Each product: what it becomes, and each of its blisters.
  const plan: ImportPlan = {
    result: {
      created: 0,
      updated: 0,
      unchanged: 0,
      errors: [],
      error_count: 0,
      rows: sheet.rows.length,
      products_created: 0,
      products_updated: 0,
      changes: [],
      price_changes_to_confirm: 0,
      stock_conflicts: 0,
    },
    newProducts: [],
    productUpdates: [],
    blisterInserts: [],
    blisterUpdates: [],
    touched: new Set(),
  };
  const changes: ImportChange[] = [];

  for (const group of groups.values()) {
    const first = group.rows[0];
    const existing = group.existing;
    const productChanges: ImportChange['fields'] = [];
    let values: StoredProduct;
    let brand: BrandRow | undefined;

    if (existing) {
      brand = group.brand ?? brandById.get(existing.brand_id);
      const current: StoredProduct = { ...pickProduct(existing), brand_id: existing.brand_id, sku: existing.sku };
      values = { ...current, ...group.fields, brand_id: brand?.id ?? existing.brand_id, sku: group.sku ?? existing.sku };
      for (const key of PRODUCT_FIELDS) {
        if (!sameValue(current[key], values[key])) {
          productChanges.push({ column: columnHeader(key), before: formatField(key, current[key]), after: formatField(key, values[key]) });
        }
      }
      if (values.brand_id !== existing.brand_id) {
        productChanges.push({ column: columnHeader('brand'), before: existing.brand_name, after: brand!.brand_name });
      }
      if (values.sku !== existing.sku) productChanges.push({ column: columnHeader('sku'), before: '', after: values.sku ?? '' });
    } else {
      brand = group.brand;
      for (const key of ['name', 'type'] as const) {
        if (!(key in group.fields) && !problems.has(first.row, key)) {
          problems.add(first.row, key, requiredMessage(key));
          first.bad = true;
        }
      }
      if (!brand && !problems.has(first.row, 'brand')) {
        problems.add(first.row, 'brand', BRAND_NAME_REQUIRED);
        first.bad = true;
      }
      values = {
        ...Object.fromEntries(PRODUCT_FIELDS.map((key) => [key, null])),
        currency: 'ARS',
        available: true,
        ...group.fields,
        brand_id: brand?.id ?? 0,
        sku: group.sku,
      } as StoredProduct;
    }

    // Blisters: matched by seed count; those the sheet leaves out stay as they are.
    const stored = new Map<number, CatalogProduct['blisters'][number]>();
    for (const b of existing?.blisters ?? []) if (!stored.has(b.seed_count)) stored.set(b.seed_count, b);
    const seenAt = new Map<number, number>();
    let total = existing?.blisters.length ?? 0;
    const newBlisters: BlisterValues[] = [];
    type Outcome = Pick<ImportChange, 'fields' | 'price_change_percent' | 'stock_conflict' | 'cost_above_price'> & {
      kind: 'created' | 'updated' | 'unchanged';
    };
    const rowOutcome = new Map<ParsedRow, Outcome>();
    const noFlags = { price_change_percent: null, stock_conflict: null, cost_above_price: false };
    const inArs = (price: number | null) => (price !== null && values.currency === 'USD' ? usdToArs(price, options.rate) : price);
    const currencyKept = !existing || values.currency === existing.currency;
    const brandDiscountCheck = (parsed: ParsedRow, next: BlisterValues) => {
      const priced = [{ name: values.name ?? '', seed_count: next.seed_count, price: next.price, currency: values.currency }];
      if (brand && leftWithoutPrice(priced, brand, options.rate, options.now).length) {
        problems.add(parsed.row, 'price', discountLeavesNoPriceMessage(priced, options.rate));
        parsed.bad = true;
      }
    };

    for (const parsed of group.rows) {
      const p = parsed.blister;
      if (!p) {
        rowOutcome.set(parsed, {
          kind: existing ? (productChanges.length ? 'updated' : 'unchanged') : 'created',
          fields: productChanges,
          ...noFlags,
        });
        continue;
      }
      const fail = (column: SheetColumn, message: string) => {
        problems.add(parsed.row, column, message);
        parsed.bad = true;
      };
      const earlier = seenAt.get(p.seed_count);
      if (earlier !== undefined) {
        fail('seed_count', `La presentación de ${p.seed_count} semillas ya está en la fila ${earlier}`);
        continue;
      }
      seenAt.set(p.seed_count, parsed.row);
      const was = stored.get(p.seed_count);
      if (was) {
        if (p.price === null && was.price !== null) fail('price', 'El precio es requerido');
        // The shop's stock moved (an order, an edit) since the file was exported: the sheet's
        // value is stale unless the owner says otherwise for this row.
        let stockConflict: ImportChange['stock_conflict'] = null;
        if (p.stock !== undefined && p.stock !== was.stock && parsed.exportedAt && was.updated_at > parsed.exportedAt) {
          stockConflict = { shop: was.stock, sheet: p.stock, taken: options.takeStockRows.has(parsed.row) };
        }
        const next: BlisterValues = {
          seed_count: was.seed_count,
          price: p.price ?? was.price,
          stock: stockConflict && !stockConflict.taken ? was.stock : (p.stock ?? was.stock),
          discount: p.discount ?? was.discount,
          cost_price: p.cost_price !== undefined ? p.cost_price : was.cost_price,
        };
        const priceFlag = currencyKept && isSuspiciousPriceChange(was.price, next.price) ? changePercent(was.price!, next.price!) : null;
        if (next.price !== was.price || values.brand_id !== existing?.brand_id) brandDiscountCheck(parsed, next);
        const before = shownBlister(was);
        const after = shownBlister(next);
        const fields = [...productChanges];
        for (const key of ['price', 'stock', 'discount', 'cost_price'] as const) {
          if (before[key] !== after[key]) fields.push({ column: columnHeader(key), before: before[key], after: after[key] });
        }
        const blisterChanged = fields.length > productChanges.length;
        if (blisterChanged && !parsed.bad) {
          plan.blisterUpdates.push({ ...next, id: was.id, product_id: was.product_id, stock_before: was.stock });
        }
        rowOutcome.set(parsed, {
          kind: fields.length ? 'updated' : 'unchanged',
          fields,
          price_change_percent: priceFlag,
          stock_conflict: stockConflict,
          // Like the product form: asked when the cost or the price moves (or the currency).
          cost_above_price:
            (next.cost_price !== was.cost_price || next.price !== was.price || !currencyKept) &&
            isCostAbovePrice(next.cost_price, inArs(next.price)),
        });
      } else {
        if (p.price == null && !problems.has(parsed.row, 'price')) fail('price', 'El precio es requerido');
        if (p.stock === undefined && !problems.has(parsed.row, 'stock')) fail('stock', 'El stock es requerido');
        total += 1;
        if (total > MAX_BLISTERS) fail('seed_count', `Un producto puede tener hasta ${MAX_BLISTERS} presentaciones`);
        const next = {
          seed_count: p.seed_count,
          price: p.price ?? null,
          stock: p.stock ?? 0,
          discount: p.discount ?? 0,
          cost_price: p.cost_price ?? null,
        };
        brandDiscountCheck(parsed, next);
        if (existing) plan.blisterInserts.push({ ...next, product_id: existing.id });
        else newBlisters.push(next);
        rowOutcome.set(parsed, {
          kind: 'created',
          fields: existing ? productChanges : [],
          ...noFlags,
          cost_above_price: isCostAbovePrice(next.cost_price, inArs(next.price)),
        });
      }
    }

    let groupChanged = false;
    for (const parsed of group.rows) {
      if (parsed.bad) continue;
      const outcome = rowOutcome.get(parsed);
      if (!outcome) continue;
      plan.result[outcome.kind] += 1;
      if (outcome.price_change_percent !== null || outcome.cost_above_price) plan.result.price_changes_to_confirm += 1;
      if (outcome.stock_conflict) plan.result.stock_conflicts += 1;
      if (outcome.kind !== 'unchanged') groupChanged = true;
      // A row kept as the shop has it is listed too, for its flag.
      if (outcome.kind !== 'unchanged' || outcome.stock_conflict) {
        changes.push({
          row: parsed.row,
          kind: outcome.kind === 'created' ? 'created' : 'updated',
          sku: values.sku,
          name: values.name ?? '',
          seed_count: parsed.blister?.seed_count ?? null,
          fields: outcome.fields,
          price_change_percent: outcome.price_change_percent,
          cost_above_price: outcome.cost_above_price,
          stock_conflict: outcome.stock_conflict,
        });
      }
    }
    if (existing) {
      if (productChanges.length) plan.productUpdates.push({ id: existing.id, values, brandName: brand?.brand_name ?? existing.brand_name });
      if (groupChanged || productChanges.length) {
        plan.touched.add(existing.id);
        plan.result.products_updated += 1;
      }
    } else if (group.sku && brand) {
      plan.newProducts.push({ values: { ...values, sku: group.sku }, brandName: brand.brand_name, blisters: newBlisters });
      plan.result.products_created += 1;
    }
  }

  const errors = problems.sorted();
  plan.result.errors = errors.slice(0, IMPORT_MAX_ERRORS);
  plan.result.error_count = errors.length;
  plan.result.changes = changes.sort((a, b) => a.row - b.row).slice(0, IMPORT_MAX_CHANGES);
  return plan;
}

function pickProduct(product: CatalogProduct): ProductValues {
  const values: Record<string, unknown> = {};
  for (const key of PRODUCT_FIELDS) values[key] = product[key];
  return values as ProductValues;
}
