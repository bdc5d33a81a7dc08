// How an e-mail tells a customer to reach the shop: only through a channel the shop configured
// (the WhatsApp of the payment settings or WHATSAPP_NUMBER, the contact e-mail or SHOP_EMAIL),
// WhatsApp first, since payment is coordinated by message.
import { whatsappNumber, whatsappUrl } from '../../../domain/fulfilment';
import type { AppContext } from '../../context';
import type { EmailAction } from '../../shared/mail-templates';
import { shopContactEmail } from './contact-settings';
import { shopWhatsapp } from './payment-settings';
import { readShopSettings, type ShopSettings } from './settings';

export interface ShopContact {
  /** Completes "escríbenos …": 'por WhatsApp al +549…' or 'a tienda@…'. */
  where: string;
  /** A button that opens the conversation. */
  action: EmailAction;
}

export interface ShopChannels {
  /** The shop's WhatsApp, 10 digits. */
  whatsapp: string | null;
  email: string | undefined;
}

/**
 * The channels in force, from the shop's settings (`settings`: when the caller has just read them;
 * settings.ts keeps them current in every process).
 */
export async function shopChannels(ctx: AppContext, settings?: ShopSettings): Promise<ShopChannels> {
  settings ??= await readShopSettings(ctx);
  return { whatsapp: shopWhatsapp(settings, ctx.config), email: shopContactEmail(settings, ctx.config) };
}

export function shopContact(channels: ShopChannels, subject?: string): ShopContact | null {
  const chat = whatsappUrl(channels.whatsapp, subject);
  if (chat)
    return { where: `por WhatsApp al +${whatsappNumber(channels.whatsapp)}`, action: { label: 'Escribir por WhatsApp', url: chat } };
  if (channels.email) {
    const query = subject ? `?subject=${encodeURIComponent(subject)}` : '';
    return { where: `a ${channels.email}`, action: { label: 'Escribir a la tienda', url: `mailto:${channels.email}${query}` } };
  }
  return null;
}
