// How customers pay (issue 13, GET/PUT /api/core/payment-settings/): the shop's bank-transfer
// details, other instructions and the WhatsApp number, in site_settings row 1, read with the
// other settings (settings.ts).
import { eq } from 'drizzle-orm';
import { whatsappNumber, type PaymentSettings, type PaymentSettingsUpdate } from '../../../domain/fulfilment';
import { normalizePhone } from '../../../domain/phone';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import { siteSettings } from '../../db/schema';
import { diff, logActivity, type Actor } from '../../shared/activity-log';
import { readShopSettings, type ShopSettings } from './settings';

const FIELDS = {
  bank_holder: siteSettings.bank_holder,
  cbu: siteSettings.cbu,
  alias: siteSettings.alias,
  bank_name: siteSettings.bank_name,
  cuit: siteSettings.cuit,
  other_instructions: siteSettings.other_instructions,
  whatsapp_number: siteSettings.whatsapp_number,
};

/** The payment settings as stored ('' for what is not set). */
export function paymentSettingsOf(settings: ShopSettings): PaymentSettings {
  const { bank_holder, cbu, alias, bank_name, cuit, other_instructions, whatsapp_number } = settings;
  return { bank_holder, cbu, alias, bank_name, cuit, other_instructions, whatsapp_number };
}

/** The settings as stored ('' for what is not set). */
export async function readPaymentSettings(ctx: AppContext): Promise<PaymentSettings> {
  return paymentSettingsOf(await readShopSettings(ctx));
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
  const settings = await readPaymentSettings(ctx);
  return { ...settings, whatsapp_number: shopWhatsapp(settings, ctx.config) ?? '' };
}

export async function updatePaymentSettings(ctx: AppContext, actor: Actor, input: PaymentSettingsUpdate): Promise<PaymentSettings> {
  // Only the fields sent: a WhatsApp left out keeps the stored one (the contact form's too).
  const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<PaymentSettings>;
  await ctx.db.transaction(async (tx) => {
    await tx.insert(siteSettings).values({ id: 1 }).onConflictDoNothing();
    const [before] = await tx.select(FIELDS).from(siteSettings).where(eq(siteSettings.id, 1)).for('update');
    await tx
      .update(siteSettings)
      .set({ ...changes, updated_by: actor.id, updated_at: ctx.now() })
      .where(eq(siteSettings.id, 1));
    const logged = diff(before, changes);
    if (Object.keys(logged.after).length === 0) return;
    await logActivity(tx, {
      action: 'update',
      description: 'Datos de pago actualizados',
      actor,
      entity_type: 'site_settings',
      entity_id: 1,
      changes: logged,
    });
  });
  // The WhatsApp is also the storefront's contact (footer, floating button): kept pages are stale.
  ctx.caches.settingsChanged();
  return getPaymentSettings(ctx);
}
