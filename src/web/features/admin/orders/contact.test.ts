import { describe, expect, it } from 'vitest';
import { mailtoLink, whatsappLink } from './contact';

describe('customer contact links', () => {
  it('keeps only digits and adds the 54 prefix when missing', () => {
    expect(whatsappLink('(011) 1234-5678')).toBe('https://wa.me/5401112345678');
    expect(whatsappLink('11 2345 6789')).toBe('https://wa.me/541123456789');
  });

  it('does not add the prefix twice', () => {
    expect(whatsappLink('+54 9 11 2345-6789')).toBe('https://wa.me/5491123456789');
  });

  it('gives no link without a phone or an e-mail', () => {
    expect(whatsappLink('')).toBeNull();
    expect(whatsappLink(null)).toBeNull();
    expect(mailtoLink('  ')).toBeNull();
    expect(mailtoLink('ana@correo.com')).toBe('mailto:ana@correo.com');
  });
});
