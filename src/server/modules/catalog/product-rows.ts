// Products as read with their brand and blisters (as JSON) in one statement: by the ids an inner
// query picks, by ids (the reads of concurrent requests together), one product, related ones.
import { sql, type SQL } from 'drizzle-orm';
import { CATALOG_PAGE_SIZE } from '../../../domain/catalog';
import type { DiscountType } from '../../../domain/pricing';
import { preparedPerDb, preparedRows, sqlRows, sqlRowsByShape, type DbOrTx } from '../../db/client';
import { coalescedReads } from '../../db/coalesce';
import { and, NEWEST, visibility } from './list-filters';
import type { BlisterRecord, BrandRecord, ProductRecord } from './serialize';
import type { Viewer } from './viewer';

/** A numeric column as the drivers answer it: node-postgres gives text, PGlite a number. */
type StoredNumber = string | number;

/** A blister of BLISTERS_JSON: a json value, so its numerics keep the same uncertainty. */
interface BlisterJson {
  id: StoredNumber;
  seed_count: StoredNumber;
  price: StoredNumber | null;
  stock: StoredNumber;
  discount: StoredNumber;
  cost_price?: StoredNumber | null;
}

/** One row of PRODUCT_COLUMNS, BLISTERS_JSON and the match count, as read. */
type ProductJoinedRow = Omit<ProductRecord, 'sativa' | 'indica'> & {
  sativa: StoredNumber | null;
  indica: StoredNumber | null;
  brand_slug: string;
  brand_name: string;
  brand_description: string | null;
  brand_image: string | null;
  brand_visible: boolean;
  brand_is_national: boolean;
  brand_discount_active: boolean;
  brand_discount_type: DiscountType | null;
  brand_discount_value: StoredNumber | null;
  brand_discount_expires_at: Date | string | null;
  brand_created_at: Date | string;
  /** Text from drivers that do not parse json. */
  blisters: BlisterJson[] | string;
  total: StoredNumber;
};

/** Columns of the product `p` and its brand `b`, the brand's prefixed with `brand_`. */
const PRODUCT_COLUMNS = sql`p.id, p.brand_id, p.name, p.type, p.genotype, p.sativa, p.indica, p.effects, p.flavors,
  p.thc, p.cbd, p.flowering_time, p.completed_cicle, p.height_indoor, p.height_outdoor, p.yield_indoor,
  p.yield_outdoor, p.sku, p.currency, p.image, p.image_2, p.image_3, p.description, p.available, p.created_at,
  b.brand_id as brand_slug, b.brand_name as brand_name, b.description as brand_description,
  b.image as brand_image, b.visible as brand_visible, b.is_national as brand_is_national,
  b.discount_active as brand_discount_active, b.discount_type as brand_discount_type,
  b.discount_value as brand_discount_value, b.discount_expires_at as brand_discount_expires_at,
  b.created_at as brand_created_at`;

const BLISTERS_JSON = sql`(select coalesce(json_agg(json_build_object('id', bl.id, 'seed_count', bl.seed_count,
  'price', bl.price, 'stock', bl.stock, 'discount', bl.discount, 'cost_price', bl.cost_price) order by bl.seed_count, bl.id), '[]'::json)
  from blisters bl where bl.product_id = p.id) as blisters`;

export interface ProductBundle {
  product: ProductRecord;
  brand: BrandRecord;
  blisters: BlisterRecord[];
}

const num = (v: StoredNumber | null) => (v == null ? null : Number(v));

function toBundle(row: ProductJoinedRow): ProductBundle {
  const blisters: BlisterJson[] = typeof row.blisters === 'string' ? (JSON.parse(row.blisters) as BlisterJson[]) : row.blisters;
  return {
    product: {
      id: row.id,
      brand_id: row.brand_id,
      name: row.name,
      type: row.type,
      genotype: row.genotype,
      sativa: num(row.sativa),
      indica: num(row.indica),
      effects: row.effects,
      flavors: row.flavors,
      thc: row.thc,
      cbd: row.cbd,
      flowering_time: row.flowering_time,
      completed_cicle: row.completed_cicle,
      height_indoor: row.height_indoor,
      height_outdoor: row.height_outdoor,
      yield_indoor: row.yield_indoor,
      yield_outdoor: row.yield_outdoor,
      sku: row.sku,
      currency: row.currency,
      image: row.image,
      image_2: row.image_2,
      image_3: row.image_3,
      description: row.description,
      available: row.available,
      created_at: row.created_at,
    },
    brand: {
      id: row.brand_id,
      brand_id: row.brand_slug,
      brand_name: row.brand_name,
      description: row.brand_description,
      image: row.brand_image,
      visible: row.brand_visible,
      is_national: row.brand_is_national,
      discount_active: row.brand_discount_active,
      discount_type: row.brand_discount_type,
      discount_value: num(row.brand_discount_value),
      discount_expires_at: row.brand_discount_expires_at,
      created_at: row.brand_created_at,
    },
    blisters: blisters.map((b) => ({
      id: Number(b.id),
      seed_count: Number(b.seed_count),
      price: num(b.price),
      stock: Number(b.stock),
      discount: Number(b.discount),
      cost_price: num(b.cost_price ?? null),
    })),
  };
}

/**
 * Full rows for the ids an inner query picks, in its order: the inner query answers `id` and
 * `total` (the count of every match), ordered and limited.
 */
export async function loadPicked(
  db: DbOrTx,
  inner: SQL,
  plan: 'by-shape' | 'by-values' = 'by-shape',
): Promise<{ bundles: ProductBundle[]; total: number | null }> {
  const rows = await (plan === 'by-shape' ? sqlRowsByShape : sqlRows)<ProductJoinedRow>(
    db,
    sql`
    select ${PRODUCT_COLUMNS}, ${BLISTERS_JSON}, picked.total
    from (select ordered.id, ordered.total, row_number() over () as rn from (${inner}) ordered) picked
    join products p on p.id = picked.id
    join brands b on b.id = p.brand_id
    order by picked.rn`,
  );
  return { bundles: rows.map(toBundle), total: rows.length ? Number(rows[0].total) : null };
}

/** Ids as one PostgreSQL array parameter (`{1,2,3}`, cast with ::int[]). */
const intArray = (ids: number[]) => `{${ids.join(',')}}`;

/** Full rows of the products `ids`, in that order. */
export async function loadProducts(db: DbOrTx, ids: number[]): Promise<ProductBundle[]> {
  if (ids.length === 0) return [];
  const { bundles } = await loadPicked(
    db,
    sql`select x.id, 0 as total from unnest(${intArray(ids)}::int[]) with ordinality x(id, n) order by x.n`,
  );
  return bundles;
}

/**
 * Reads of concurrent requests go together in one statement (coalesce.ts), two statements at a
 * time at most: PostgreSQL can use two cores, and the rest of the pool stays free for other reads
 * and for orders.
 */
const readTogether = (read: (db: DbOrTx, ids: number[]) => Promise<ProductBundle[]>) =>
  preparedPerDb((db: DbOrTx) =>
    coalescedReads(async (ids: number[]) => new Map((await read(db, ids)).map((b) => [b.product.id, b])), {
      maxInFlight: 2,
      maxKeys: 20 * CATALOG_PAGE_SIZE,
    }),
  );

/** loadProducts for the catalog's pages, the pages asked for at the same time read together. */
export const loadProductsTogether = readTogether(loadProducts);

/** Products with their brand and blisters, in one prepared statement per visibility. */
const productsByIds = (visible: boolean) => {
  const statement = preparedRows<ProductJoinedRow>(
    visible ? 'catalog_products_available' : 'catalog_products_any',
    sql`select ${PRODUCT_COLUMNS}, ${BLISTERS_JSON} from products p join brands b on b.id = p.brand_id
    where p.id = any(${sql.placeholder('ids')}::int[]) and ${and(visibility(visible ? 'anonymous' : 'staff', undefined))}`,
  );
  return readTogether(async (db, ids) => (await statement(db, { ids: intArray(ids) })).map(toBundle));
};
const availableProducts = productsByIds(true);
const anyProducts = productsByIds(false);

/** One product (detail, related, a blister's), read together with those other requests ask for. */
export async function findProduct(db: DbOrTx, id: number, viewer: Viewer): Promise<ProductBundle | null> {
  const [bundle] = await (viewer === 'staff' ? anyProducts : availableProducts)(db)([id]);
  return bundle ?? null;
}

/** Same brand or same type first (both first), then those with stock, then the newest. */
export async function findRelated(db: DbOrTx, product: ProductRecord, viewer: Viewer, limit: number): Promise<ProductBundle[]> {
  const order = sql`((p.brand_id = ${product.brand_id})::int + (p.type = ${product.type})::int) desc,
    exists (select 1 from blisters s where s.product_id = p.id and s.stock > 0) desc, ${NEWEST}`;
  const { bundles } = await loadPicked(
    db,
    sql`
    select p.id, 0 as total from products p where p.id <> ${product.id} and ${and(visibility(viewer, 'true'))}
    order by ${order} limit ${limit}`,
  );
  return bundles;
}

export async function findBlister(db: DbOrTx, id: number, viewer: Viewer): Promise<(ProductBundle & { blisterId: number }) | null> {
  const [row] = await sqlRows<{ product_id: number }>(db, sql`select product_id from blisters where id = ${id}`);
  if (!row) return null;
  const bundle = await findProduct(db, Number(row.product_id), viewer);
  return bundle ? { ...bundle, blisterId: id } : null;
}
