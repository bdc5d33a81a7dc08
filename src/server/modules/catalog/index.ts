export {
  blisterLinesByIds,
  blistersToRestock,
  blisterSummaries,
  lineBlisters,
  lineProducts,
  productNamesByIds,
  shareBlisterStock,
} from './blisters';
export type { BlisterLine } from './stock';
export { BRAND_COLUMNS, brandLeadTime, brandNames, brandRecordOf, listBrandRecords, productBrandIds } from './brand-records';
export { cachedJson } from './cached-json';
export { toBrandDto, toIso, toProductDto } from './serialize';
export type { BrandRecord, BrandTotals } from './serialize';
export { getProduct, listProducts, productIdsMatchingTypos } from './service';
export { listPublicProductDates } from './sitemap';
export { applyStockDelta, heldBy, lockBlisters, moveStock, NOTHING_HELD, readBlisters, receiveStock } from './stock';
export { stockStateSql } from './stock-state';
export { viewerOf } from './viewer';
export type { Viewer } from './viewer';
