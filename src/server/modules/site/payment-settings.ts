// How customers pay (issue 13, GET/PUT /api/core/payment-settings/): the shop's bank-transfer
// details, other instructions and the WhatsApp number, in site_settings row 1. Read straight from
// the database (one row by key) wherever they are needed, so a change made in one process shows
// in every other at once.
import { eq } from 'drizzle-orm';
import { NO_PAYMENT_SETTINGS, whatsappNumber, type PaymentSettings } from '../../../domain/fulfilment';
import { normalizePhone } from '../../../domain/phone';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import { preparedPerDb, type DbOrTx } from '../../db/client';
import { siteSettings } from '../../db/schema';
import { diff, logActivity, type Actor } from '../activity/log';

const FIELDS = {
  bank_holder: siteSettings.bank_holder,
  cbu: siteSettings.cbu,
  alias: siteSettings.alias,
  bank_name: siteSettings.bank_name,
  cuit: siteSettings.cuit,
  other_instructions: siteSettings.other_instructions,
  whatsapp_number: siteSettings.whatsapp_number,
};

const storedSettings = preparedPerDb((db) =>
  db.select(FIELDS).from(siteSettings).where(eq(siteSettings.id, 1)).prepare('payment_settings'),
);

/** The settings as stored ('' for what is not set). */
export async function readPaymentSettings(db: DbOrTx): Promise<PaymentSettings> {
  const [row] = await storedSettings(db).execute();
  return row ?? NO_PAYMENT_SETTINGS;
}

/**
 * The shop's WhatsApp (10 digits) customers are sent to: the one staff set, else WHATSAPP_NUMBER;
 * null when neither gives an Argentine number.
 */
export function shopWhatsapp(settings: Pick<PaymentSettings, 'whatsapp_number'>, config: Pick<Config, 'whatsappNumber'>): string | null {
  const number = settings.whatsapp_number || config.whatsappNumber || '';
  return whatsappNumber(number) ? normalizePhone(number).replace(/\D/g, '') : null;
}

/** What staff see and edit: the WhatsApp in use, WHATSAPP_NUMBER's when none is stored. */
export async function getPaymentSettings(ctx: AppContext): Promise<PaymentSettings> {
  const settings = await readPaymentSettings(ctx.db);
  return { ...settings, whatsapp_number: shopWhatsapp(settings, ctx.config) ?? '' };
}

export async function updatePaymentSettings(ctx: AppContext, actor: Actor, input: PaymentSettings): Promise<PaymentSettings> {
  await ctx.db.transaction(async (tx) => {
    await tx.insert(siteSettings).values({ id: 1 }).onConflictDoNothing();
    const [before] = await tx.select(FIELDS).from(siteSettings).where(eq(siteSettings.id, 1)).for('update');
    await tx
      .update(siteSettings)
      .set({ ...input, updated_by: actor.id, updated_at: ctx.now() })
      .where(eq(siteSettings.id, 1));
    const changes = diff(before, input);
    if (Object.keys(changes.after).length === 0) return;
    await logActivity(tx, {
      action: 'update',
      description: 'Datos de pago actualizados',
      actor,
      entity_type: 'site_settings',
      entity_id: 1,
      changes,
    });
  });
  // The WhatsApp is also the storefront's contact (footer, floating button): kept pages are stale.
  ctx.caches.settingsChanged();
  return getPaymentSettings(ctx);
}
