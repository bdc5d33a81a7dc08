// The shop's settings (site_settings row 1) as one typed object, read through one cache: every
// area that needs a setting asks readShopSettings(), so a request reads the row at most once
// and a busy process reads it about once a second. Every write to the row calls
// ctx.caches.settingsChanged(), which clears the cache here and, on PostgreSQL, in every other
// process; the short TTL bounds what a process misses while not notified.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { NO_PAYMENT_SETTINGS } from '../../../domain/fulfilment';
import { DEFAULT_LOW_STOCK_THRESHOLD } from '../../../domain/inventory';
import { DEFAULT_COVER_DAYS } from '../../../domain/restock';
import type { AppContext } from '../../context';
import { siteSettings } from '../../db/schema';

type Row = typeof siteSettings.$inferSelect;

/** Every setting as stored ('' or null for what is not set), without the bypass password's hash. */
export type ShopSettings = Omit<Row, 'id' | 'bypass_password_hash' | 'updated_by' | 'updated_at'> & {
  /** Fingerprint of the bypass password hash, null when none is set; bypass tokens carry it. */
  bypass_fingerprint: string | null;
};

/** What a shop without a settings row has: the columns' defaults. */
const NO_ROW: Row = {
  id: 1,
  maintenance_mode: false,
  maintenance_message: null,
  bypass_password_hash: null,
  ...NO_PAYMENT_SETTINGS,
  low_stock_threshold: DEFAULT_LOW_STOCK_THRESHOLD,
  max_pending_orders: null,
  coupon_combination: 'best',
  restock_cover_days: DEFAULT_COVER_DAYS,
  abandoned_cart_hours: null,
  contact_email: '',
  instagram: '',
  business_name: '',
  business_cuit: '',
  fiscal_image: '',
  updated_by: null,
  updated_at: new Date(0),
};

export const bypassFingerprint = (hash: string | null) => (hash ? createHash('sha256').update(hash).digest('hex').slice(0, 16) : null);

async function loadShopSettings(ctx: AppContext): Promise<ShopSettings> {
  const [row = NO_ROW] = await ctx.db.select().from(siteSettings).where(eq(siteSettings.id, 1));
  const { id, bypass_password_hash, updated_by, updated_at, ...settings } = row;
  return { ...settings, bypass_fingerprint: bypassFingerprint(bypass_password_hash) };
}

/**
 * The settings in force. Read through `ctx.caches.settings` (never inside a transaction: a
 * caller that writes reads them before it begins), so callers within one request share one read.
 */
export function readShopSettings(ctx: AppContext): Promise<ShopSettings> {
  return ctx.caches.settings.get('row', () => loadShopSettings(ctx));
}
