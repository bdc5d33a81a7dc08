// How an e-mail tells a customer to reach the shop: only through a channel the shop configured
// (WHATSAPP_NUMBER, SHOP_EMAIL), WhatsApp first, since payment is coordinated by message.
import type { Config } from '../../config';
import type { EmailAction } from './templates';

export interface ShopContact {
  /** Completes "escríbenos …": 'por WhatsApp al +54…' or 'a tienda@…'. */
  where: string;
  /** A button that opens the conversation. */
  action: EmailAction;
}

export function shopContact(config: Pick<Config, 'whatsappNumber' | 'contactEmail'>, subject?: string): ShopContact | null {
  if (config.whatsappNumber) {
    const digits = config.whatsappNumber.replace(/\D/g, '');
    const text = subject ? `?text=${encodeURIComponent(subject)}` : '';
    return { where: `por WhatsApp al +${digits}`, action: { label: 'Escribir por WhatsApp', url: `https://wa.me/${digits}${text}` } };
  }
  if (config.contactEmail) {
    const query = subject ? `?subject=${encodeURIComponent(subject)}` : '';
    return { where: `a ${config.contactEmail}`, action: { label: 'Escribir a la tienda', url: `mailto:${config.contactEmail}${query}` } };
  }
  return null;
}
