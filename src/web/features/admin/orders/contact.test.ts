import { describe, expect, it } from 'vitest';
import { customerWhatsappLink, mailtoLink } from './contact';

describe('customer contact links', () => {
  it('reaches mobiles: 549 and the 10 national digits, whatever way the phone was written', () => {
    expect(customerWhatsappLink('(011) 15-2345-6789')).toBe('https://wa.me/5491123456789');
    expect(customerWhatsappLink('11 2345 6789')).toBe('https://wa.me/5491123456789');
    expect(customerWhatsappLink('+54 9 11 2345-6789')).toBe('https://wa.me/5491123456789');
    expect(customerWhatsappLink('0351 15 234 5678')).toBe('https://wa.me/5493512345678');
  });

  it('opens the chat with a line naming the order', () => {
    const link = customerWhatsappLink('1123456789', { order_number: 42, first_name: 'Martina' });
    expect(new URL(link!).searchParams.get('text')).toBe('Hola Martina, te escribimos de Semillas del Sur por tu pedido #42.');
  });

  it('gives no link without a usable phone or an e-mail', () => {
    expect(customerWhatsappLink('')).toBeNull();
    expect(customerWhatsappLink(null)).toBeNull();
    expect(customerWhatsappLink('12345')).toBeNull();
    expect(mailtoLink('  ')).toBeNull();
    expect(mailtoLink('ana@correo.com')).toBe('mailto:ana@correo.com');
  });
});
