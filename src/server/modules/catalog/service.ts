// Catalog reads: product pages, filter counts, detail, related products and blisters.
import type { BlisterDto, ProductDto, ProductFacetsDto, ProductListQuery } from '../../../domain/catalog';
import { CATALOG_PAGE_SIZE, PRODUCT_TYPES } from '../../../domain/catalog';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../errors';
import { getDollarRateValue } from '../site';
import { countFacets, findProductPage, rankList, rankSearch, type RankedList, type RankedSearch } from './queries';
import type { ListParams } from './list-filters';
import { findBlister, findProduct, findRelated, loadProductsTogether, type ProductBundle } from './product-rows';
import { typoWords } from './search-typos';
import { listBrandRecords } from './brand-records';
import { toProductDto, type PricingContext } from './serialize';
import { seesPrices, type Viewer } from './viewer';

/**
 * What a catalog read prices and filters with; `search` also asks which of its words are typos.
 * `lowStockThreshold`: the shop's, for the staff's 'Stock bajo' filter (the caller reads it).
 */
async function listParams(ctx: AppContext, viewer: Viewer, search?: string, lowStockThreshold?: number): Promise<ListParams> {
  const [dollarRate, typos] = await Promise.all([
    // Kept in memory, even with the catalog micro-cache off: a rate change clears it.
    ctx.caches.dollarRate.get('value', () => getDollarRateValue(ctx.db)),
    search ? typoWords(ctx.db, search, viewer) : undefined,
  ]);
  return { viewer, dollarRate, now: ctx.now(), typos, lowStockThreshold };
}

const pricingFor = (params: ListParams): PricingContext => ({
  dollarRate: params.dollarRate,
  now: params.now,
  showPrices: seesPrices(params.viewer),
  staff: params.viewer === 'staff',
  // Every staff answer carries them here; the routes take them out for staff without
  // can_manage_products (viewer.ts withCostsFor), and customers never reach this.
  costs: params.viewer === 'staff',
});

const toDto = (bundle: ProductBundle, pricing: PricingContext) => toProductDto(bundle.product, bundle.brand, bundle.blisters, pricing);

/**
 * Staff-only filters are ignored for everyone else, and price ranges for anonymous callers: they
 * see no prices (architecture: deliberate departures), and narrowing by range would bracket them.
 * Sorting by price stays open to them: the catalog's sort select is every visitor's (spec
 * storefront §2 Catalog), and an order gives no amount.
 */
function forViewer(query: ProductListQuery, viewer: Viewer): ProductListQuery {
  if (viewer === 'staff') return query;
  const forCustomer = { ...query, available: undefined, currency: undefined, priceStatus: undefined };
  return seesPrices(viewer) ? forCustomer : { ...forCustomer, priceRange: undefined };
}

export interface ProductPage {
  results: ProductDto[];
  count: number;
  page: number;
  pageSize: number;
}

/** Pages of a list or search kept in memory (productLists, productSearches): the first 50 of the catalog's size. */
const KEPT_MATCHES = 50 * CATALOG_PAGE_SIZE;

/**
 * A list's first matches and count (no search), from the list cache (caches.ts) when it has it.
 * An entry that reads brand discounts is dropped once the next one expires, so it never answers
 * matches or an order of discounts gone.
 */
async function rankedList(ctx: AppContext, viewer: Viewer, query: ProductListQuery, params: ListParams): Promise<RankedList> {
  const { page: _page, page_size: _size, ...filters } = query;
  const sorted = Object.entries(filters)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => [k, Array.isArray(v) ? [...v].sort() : v] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  const key = JSON.stringify([viewer, params.dollarRate, params.lowStockThreshold ?? null, sorted]);
  const load = () => rankList(ctx.db, query, params, KEPT_MATCHES);
  const lists = ctx.caches.productLists;
  let kept = await lists.get(key, load);
  if (kept.validUntil !== null && kept.validUntil <= params.now.getTime()) {
    lists.delete(key);
    kept = await lists.get(key, load);
  }
  return kept;
}

/** A search alone, ranked: no filter, no other order, nothing only staff may narrow. */
function isPlainSearch(query: ProductListQuery): boolean {
  const { page: _page, page_size: _size, search, ...rest } = query;
  return Boolean(search) && Object.values(rest).every((v) => v === undefined || v === false);
}

/**
 * A plain search's ranked matches, from the search cache (caches.ts) when it has it: they change
 * only with the catalog (names, visibility), never with stock, orders or the time. Every word
 * as typed first; only when that finds nothing are its typos matched by similarity.
 */
function rankedSearch(ctx: AppContext, viewer: Viewer, query: ProductListQuery, params: ListParams): Promise<RankedSearch> {
  const search = query.search ?? '';
  return ctx.caches.productSearches.get(JSON.stringify([viewer, search]), async () => {
    const plain = { page: 1, search } as ProductListQuery;
    const exact = await rankSearch(ctx.db, plain, params, KEPT_MATCHES);
    if (exact.count > 0) return exact;
    const typos = await typoWords(ctx.db, search, viewer);
    return typos.size ? rankSearch(ctx.db, plain, { ...params, typos }, KEPT_MATCHES) : exact;
  });
}

/**
 * The products whose typed words the catalog would take as typos ("gorila"), matched as its
 * search matches them for staff: the words it contains as typed, the typos by similarity. Empty
 * when the search has no typo. The orders search uses it for the products of their lines.
 */
export async function productIdsMatchingTypos(db: DbOrTx, search: string, now: Date, limit: number): Promise<number[]> {
  const typos = await typoWords(db, search, 'staff');
  if (typos.size === 0) return [];
  const params: ListParams = { viewer: 'staff', dollarRate: 1, now, typos };
  return (await rankSearch(db, { page: 1, search }, params, limit)).ids;
}

export async function listProducts(
  ctx: AppContext,
  viewer: Viewer,
  rawQuery: ProductListQuery,
  lowStockThreshold?: number,
): Promise<ProductPage> {
  const query = forViewer(rawQuery, viewer);
  const pageSize = query.page_size ?? CATALOG_PAGE_SIZE;
  const page = query.page;
  const offset = (page - 1) * pageSize;
  const params = await listParams(ctx, viewer, undefined, lowStockThreshold);
  if (isPlainSearch(query) && offset + pageSize <= KEPT_MATCHES) {
    const ranked = await rankedSearch(ctx, viewer, query, params);
    const bundles = await loadProductsTogether(ctx.db)(ranked.ids.slice(offset, offset + pageSize));
    const pricing = pricingFor(params);
    return { results: bundles.map((b) => toDto(b, pricing)), count: ranked.count, page, pageSize };
  }
  if (!query.search) {
    // The first pages from the kept list; a page past them is read with the kept count.
    const ranked = await rankedList(ctx, viewer, query, params);
    const bundles =
      offset + pageSize <= ranked.ids.length || ranked.ids.length >= ranked.count
        ? await loadProductsTogether(ctx.db)(ranked.ids.slice(offset, offset + pageSize))
        : (await findProductPage(ctx.db, query, params, pageSize, offset, ranked.count)).bundles;
    const pricing = pricingFor(params);
    return { results: bundles.map((b) => toDto(b, pricing)), count: ranked.count, page, pageSize };
  }
  // A search with filters, or past its kept pages. Every search word as typed first: when that
  // finds products, no word can be a typo (typoWords: a typo is a word no visible product
  // contains). Only an empty page asks which words are typos and, if any, searches again by similarity.
  let { bundles, count } = await findProductPage(ctx.db, query, params, pageSize, offset);
  if (count === 0 && query.search) {
    const typos = await typoWords(ctx.db, query.search, viewer);
    if (typos.size) ({ bundles, count } = await findProductPage(ctx.db, query, { ...params, typos }, pageSize, offset));
  }
  const pricing = pricingFor(params);
  return { results: bundles.map((b) => toDto(b, pricing)), count, page, pageSize };
}

/** spec storefront §7 'Products on sale': the list with only discounted products. */
export function listOnSale(ctx: AppContext, viewer: Viewer, query: ProductListQuery, lowStockThreshold?: number): Promise<ProductPage> {
  return listProducts(ctx, viewer, { ...query, discount: true }, lowStockThreshold);
}

export async function productFacets(
  ctx: AppContext,
  viewer: Viewer,
  rawQuery: ProductListQuery,
  lowStockThreshold?: number,
): Promise<ProductFacetsDto> {
  const { page: _page, page_size: _size, ordering: _ordering, ...rest } = forViewer(rawQuery, viewer);
  const query = { page: 1, ...rest } as ProductListQuery;
  const params = await listParams(ctx, viewer, query.search, lowStockThreshold);
  const [counts, brands] = await Promise.all([
    countFacets(ctx.db, query, params),
    listBrandRecords(ctx.db, { includeHidden: viewer === 'staff' }),
  ]);
  const types = Object.fromEntries(
    PRODUCT_TYPES.map((t) => [t, counts.types.find((c) => c.type === t)?.count ?? 0]),
  ) as ProductFacetsDto['types'];
  const byBrand = new Map(counts.brands.map((c) => [c.brand_id, c.count]));
  return {
    types,
    brands: brands.map((b) => ({
      id: b.id,
      brand_id: b.brand_id,
      brand_name: b.brand_name,
      is_national: b.is_national,
      image: b.image,
      count: byBrand.get(b.id) ?? 0,
    })),
    on_sale: counts.on_sale,
    with_stock: counts.with_stock,
  };
}

export async function getProduct(ctx: AppContext, viewer: Viewer, id: number): Promise<ProductDto> {
  const [bundle, params] = await Promise.all([findProduct(ctx.db, id, viewer), listParams(ctx, viewer)]);
  if (!bundle) throw notFound('Producto no encontrado');
  return toDto(bundle, pricingFor(params));
}

export async function relatedProducts(ctx: AppContext, viewer: Viewer, id: number, limit: number): Promise<ProductDto[]> {
  const product = await findProduct(ctx.db, id, viewer);
  if (!product) throw notFound('Producto no encontrado');
  const [bundles, params] = await Promise.all([findRelated(ctx.db, product.product, viewer, limit), listParams(ctx, viewer)]);
  const pricing = pricingFor(params);
  return bundles.map((b) => toDto(b, pricing));
}

export type BlisterDetailDto = BlisterDto & { product_id: number; product_name: string };

/** One blister with its current stock (spec storefront §7 'blister by id'). */
export async function getBlister(ctx: AppContext, viewer: Viewer, id: number): Promise<BlisterDetailDto> {
  const [found, params] = await Promise.all([findBlister(ctx.db, id, viewer), listParams(ctx, viewer)]);
  const blister = found?.blisters.find((b) => b.id === found.blisterId);
  if (!found || !blister) throw notFound('Presentación no encontrada');
  const dto = toProductDto(found.product, found.brand, [blister], pricingFor(params)).blisters[0];
  return { ...dto, product_id: found.product.id, product_name: found.product.name };
}
