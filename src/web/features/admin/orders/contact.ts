// Links to reach a customer (spec accounts-admin §7 client-side links).
import { whatsappUrl } from '../../../../domain/fulfilment';

/** WhatsApp chat with the customer's phone: wa.me/549 + the 10 digits, which reaches mobiles. */
export function whatsappLink(phone: string | null | undefined): string | null {
  return whatsappUrl(phone);
}

export function mailtoLink(email: string | null | undefined): string | null {
  const address = (email ?? '').trim();
  return address ? `mailto:${address}` : null;
}
