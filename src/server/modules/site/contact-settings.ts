// How customers reach the shop and its fiscal data (issue 24, GET public / PUT staff
// /api/core/contact-settings/), in site_settings row 1.
//
// One WhatsApp: the contact WhatsApp IS the payment settings' `whatsapp_number` column (read and
// written here and by payment-settings.ts alike), with WHATSAPP_NUMBER as the fallback of both,
// so the footer, the floating button, the order e-mails and the payment message always name the
// same number. Each PUT writes only the fields it was sent, so neither form overwrites the
// number with the one it loaded. The e-mail falls back to SHOP_EMAIL the same way, and e-mails
// to customers use the stored one first (shop-contact.ts).
import { eq } from 'drizzle-orm';
import type { ContactSettingsDto } from '../../../domain/legal';
import { formatCuit } from '../../../domain/fulfilment';
import type { ContactSettingsUpdate } from '../../../domain/legal-schemas';
import type { AppContext } from '../../context';
import { siteSettings } from '../../db/schema';
import { badRequest } from '../../errors';
import { diff, logActivity, type Actor } from '../../shared/activity-log';
import { shopWhatsapp } from './payment-settings';
import { readShopSettings, type ShopSettings } from './settings';
import { isSafeKey } from '../../storage';

const STORED = {
  whatsapp_number: siteSettings.whatsapp_number,
  contact_email: siteSettings.contact_email,
  instagram: siteSettings.instagram,
  business_name: siteSettings.business_name,
  business_cuit: siteSettings.business_cuit,
  fiscal_image: siteSettings.fiscal_image,
};
type Stored = { [K in keyof typeof STORED]: string };

/** The shop's contact e-mail: the one staff set, else SHOP_EMAIL; undefined when neither. */
export function shopContactEmail(settings: Pick<ShopSettings, 'contact_email'>, config: AppContext['config']): string | undefined {
  return settings.contact_email || config.contactEmail || undefined;
}

/** Only what is set: a channel or datum the shop has not given is left out of the answer. */
export async function getContactSettings(ctx: AppContext): Promise<ContactSettingsDto> {
  const settings = await readShopSettings(ctx);
  const answer: ContactSettingsDto = {};
  const whatsapp = shopWhatsapp(settings, ctx.config);
  if (whatsapp) answer.whatsapp_number = whatsapp;
  const email = shopContactEmail(settings, ctx.config);
  if (email) answer.email = email;
  if (settings.instagram) answer.instagram = settings.instagram;
  if (settings.business_name) answer.business_name = settings.business_name;
  if (settings.business_cuit) answer.cuit = formatCuit(settings.business_cuit);
  if (settings.fiscal_image) answer.fiscal_image = settings.fiscal_image;
  return answer;
}

const IMAGE_PATH = /^\/uploads\/(settings|brand|product)\/[a-z0-9][a-z0-9-]*\.(webp|jpe?g|png)$/;
const FISCAL_IMAGE_INVALID = 'La imagen de Data fiscal debe ser una imagen subida a la tienda';

/**
 * The 'Data fiscal' picture must be one this shop stored through POST /api/uploads/ (the admin
 * form uploads it with purpose `settings`; earlier ones went up as `brand`): a path under
 * /uploads/, relative or on this shop's address (or S3_PUBLIC_URL), that the store holds. Kept
 * as the path, without a host.
 */
async function resolveFiscalImage(ctx: AppContext, raw: string): Promise<string> {
  const fail = () => badRequest(FISCAL_IMAGE_INVALID, { fiscal_image: [FISCAL_IMAGE_INVALID] });
  const shopUrl = new URL(ctx.config.publicUrl);
  let url: URL;
  try {
    url = new URL(raw, shopUrl);
  } catch {
    throw fail();
  }
  if (url.search || url.hash) throw fail();
  const direct = ctx.config.s3?.publicUrl;
  let pathname: string;
  if (url.origin === shopUrl.origin) pathname = url.pathname;
  else if (direct && url.href.startsWith(`${direct}/`)) pathname = `/uploads/${url.href.slice(direct.length + 1)}`;
  else throw fail();
  const key = pathname.slice('/uploads/'.length);
  if (!IMAGE_PATH.test(pathname) || !isSafeKey(key) || !(await ctx.storage.head(key))) throw fail();
  return pathname;
}

export async function updateContactSettings(ctx: AppContext, actor: Actor, input: ContactSettingsUpdate): Promise<ContactSettingsDto> {
  const changes: Partial<Stored> = {};
  if (input.whatsapp_number !== undefined) changes.whatsapp_number = input.whatsapp_number;
  if (input.email !== undefined) changes.contact_email = input.email;
  if (input.instagram !== undefined) changes.instagram = input.instagram;
  if (input.business_name !== undefined) changes.business_name = input.business_name;
  if (input.cuit !== undefined) changes.business_cuit = input.cuit;
  if (input.fiscal_image !== undefined) changes.fiscal_image = input.fiscal_image ? await resolveFiscalImage(ctx, input.fiscal_image) : '';

  const changed = await ctx.db.transaction(async (tx) => {
    await tx.insert(siteSettings).values({ id: 1 }).onConflictDoNothing();
    const [before] = await tx.select(STORED).from(siteSettings).where(eq(siteSettings.id, 1)).for('update');
    const logged = diff(before, changes);
    if (Object.keys(logged.after).length === 0) return false;
    await tx
      .update(siteSettings)
      .set({ ...changes, updated_by: actor.id, updated_at: ctx.now() })
      .where(eq(siteSettings.id, 1));
    await logActivity(tx, {
      action: 'update',
      description: 'Datos de contacto y fiscales actualizados',
      actor,
      entity_type: 'site_settings',
      entity_id: 1,
      changes: logged,
    });
    return true;
  });
  // Every page's footer shows them: the kept server-rendered pages are stale, in every process.
  if (changed) ctx.caches.settingsChanged();
  return getContactSettings(ctx);
}
