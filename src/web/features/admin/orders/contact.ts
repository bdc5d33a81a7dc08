// Links to reach a customer (spec accounts-admin §7 client-side links).

/** WhatsApp chat with the customer's phone: digits only, prefixed with 54 when missing. */
export function whatsappLink(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (!digits) return null;
  return `https://wa.me/${digits.startsWith('54') ? digits : `54${digits}`}`;
}

export function mailtoLink(email: string | null | undefined): string | null {
  const address = (email ?? '').trim();
  return address ? `mailto:${address}` : null;
}
