import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contactLinks, instagramHandle, isInstagramHandle, shopWhatsappUrl } from './legal';

describe('contactLinks', () => {
  it('lists only the channels set, WhatsApp first, with their links', () => {
    expect(contactLinks({})).toEqual([]);
    expect(contactLinks(undefined)).toEqual([]);
    const links = contactLinks({ instagram: 'semillasdelsur', email: 'hola@tienda.test', whatsapp_number: '1123456789' });
    expect(links.map((l) => [l.kind, l.href, l.text])).toEqual([
      ['whatsapp', 'https://wa.me/5491123456789', '+54 9 11 2345-6789'],
      ['email', 'mailto:hola@tienda.test', 'hola@tienda.test'],
      ['instagram', 'https://www.instagram.com/semillasdelsur', '@semillasdelsur'],
    ]);
  });

  it('builds no WhatsApp link from anything but 10 digits', () => {
    expect(shopWhatsappUrl('12345')).toBeNull();
    expect(shopWhatsappUrl('javascript:1')).toBeNull();
    expect(shopWhatsappUrl('3515551234', '¡Hola!')).toBe('https://wa.me/5493515551234?text=%C2%A1Hola!');
  });
});

describe('instagramHandle', () => {
  it('reads the account from @cuenta, cuenta or the profile URL', () => {
    for (const value of ['@semillas.sur', 'semillas.sur', 'https://www.instagram.com/semillas.sur/', 'instagram.com/semillas.sur?hl=es']) {
      expect(instagramHandle(value)).toBe('semillas.sur');
    }
    expect(isInstagramHandle('semillas.sur')).toBe(true);
    expect(isInstagramHandle('con espacio')).toBe(false);
  });
});

describe('legal.ts', () => {
  // The storefront's footer (every page's first load) imports it: zod would add its chunk there
  // and be evaluated before zod-config (decision 0004).
  it('loads no zod, directly or through the modules it imports', () => {
    const imports = (file: string) =>
      [...readFileSync(new URL(file, import.meta.url), 'utf8').matchAll(/^import\s+(?!type\b)[^'"]*['"]([^'"]+)['"]/gm)].map((m) => m[1]);
    // Only the phone's formatting, which itself imports nothing.
    expect(imports('./legal.ts')).toEqual(['./phone-format']);
    expect(imports('./phone-format.ts')).toEqual([]);
  });
});
