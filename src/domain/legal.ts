// The shop's contact channels, legal pages and the 'Botón de arrepentimiento' as the storefront
// shows them. The storefront's footer (first load) imports it: it imports only phone-format.ts, so
// no zod (phone.ts has it) reaches the first load, which decision 0004 keeps free of zod.
import { formatWhatsapp } from './phone-format';

/** Res. SCI 424/2020 and Ley 24.240: the national consumer-defence complaint form. */
export const CONSUMER_DEFENCE_URL = 'https://www.argentina.gob.ar/produccion/defensadelconsumidor/formulario';

/** Ley 24.240 art. 34: the days a customer has to revoke a distance purchase. */
export const REVOCATION_DAYS = 10;

export const LEGAL_SLUGS = ['terminos', 'privacidad', 'cambios-y-devoluciones'] as const;
export type LegalSlug = (typeof LEGAL_SLUGS)[number];

/** The storefront's name of each page (footer links, admin editor). */
export const LEGAL_PAGE_LABELS: Record<LegalSlug, string> = {
  terminos: 'Términos y condiciones',
  privacidad: 'Política de privacidad',
  'cambios-y-devoluciones': 'Cambios y devoluciones',
};

export const isLegalSlug = (value: string): value is LegalSlug => (LEGAL_SLUGS as readonly string[]).includes(value);

/**
 * GET /api/core/contact-settings/: only the channels the shop set. `whatsapp_number` is the 10
 * national digits, the same number the payment settings keep (one column, see the server's
 * site/contact-settings.ts); `cuit` is written 20-12345678-9.
 */
export interface ContactSettingsDto {
  whatsapp_number?: string;
  email?: string;
  instagram?: string;
  business_name?: string;
  cuit?: string;
  fiscal_image?: string;
}

export interface LegalPageDto {
  slug: LegalSlug;
  title: string;
  body: string;
  /** null while the shop serves the default text. */
  updated_at: string | null;
}

export interface RevocationDto {
  id: number;
  code: string;
  name: string;
  email: string;
  order_number: string;
  reason: string;
  /** The order's id when the number and the e-mail matched one; else null. */
  order_id: number | null;
  created_at: string;
}

/** An Instagram account without '@', from '@cuenta', 'cuenta' or its profile URL. */
export function instagramHandle(value: string): string {
  const trimmed = value.trim();
  const fromUrl = /^(?:https?:\/\/)?(?:www\.)?instagram\.com\/([^/?#]+)\/?(?:[?#].*)?$/i.exec(trimmed);
  return (fromUrl ? fromUrl[1] : trimmed).replace(/^@/, '');
}

export const isInstagramHandle = (handle: string) => /^[A-Za-z0-9._]{1,30}$/.test(handle);

export const instagramUrl = (handle: string) => `https://www.instagram.com/${encodeURIComponent(handle)}`;

/**
 * The wa.me link of the shop's WhatsApp as the API answers it (the 10 national digits, already
 * normalized): 549 + the digits, like fulfilment-steps' whatsappUrl. Null for anything else.
 */
export function shopWhatsappUrl(digits: string | undefined, text?: string): string | null {
  if (!digits || !/^\d{10}$/.test(digits)) return null;
  return `https://wa.me/549${digits}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
}

export interface ContactLink {
  kind: 'whatsapp' | 'email' | 'instagram';
  label: string;
  /** What the visitor reads: the number, the address, the account. */
  text: string;
  href: string;
  external: boolean;
}

/** The channels set, in the order the storefront lists them: WhatsApp, e-mail, Instagram. */
export function contactLinks(contact: ContactSettingsDto | undefined): ContactLink[] {
  const links: ContactLink[] = [];
  const chat = shopWhatsappUrl(contact?.whatsapp_number);
  if (chat) links.push({ kind: 'whatsapp', label: 'WhatsApp', text: formatWhatsapp(contact?.whatsapp_number), href: chat, external: true });
  if (contact?.email) links.push({ kind: 'email', label: 'Email', text: contact.email, href: `mailto:${contact.email}`, external: false });
  if (contact?.instagram)
    links.push({
      kind: 'instagram',
      label: 'Instagram',
      text: `@${contact.instagram}`,
      href: instagramUrl(contact.instagram),
      external: true,
    });
  return links;
}
