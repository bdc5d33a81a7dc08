import { describe, expect, it } from 'vitest';
import { checkoutSchema, missingFields } from './checkout-schema';

const filled = {
  recipient_name: 'Lucía Gómez',
  customer_phone: '351 15 123-4567',
  delivery_type: 'coordinate',
  shipping_method_id: '3',
  address: { street: '', number: '', zip_code: '', city: '', province: 'AR-X', details: '' },
};

describe('checkoutSchema', () => {
  it('asks for the street, number, zip code and city only for home delivery', () => {
    expect(checkoutSchema('pickup').safeParse(filled).success).toBe(true);
    expect(checkoutSchema(null).safeParse(filled).success).toBe(true);
    expect(missingFields('home', filled)).toEqual(['la calle', 'el número', 'el código postal', 'la ciudad']);
    const home = { ...filled, address: { ...filled.address, street: 'Av. Colón', number: '1234', zip_code: 'X5000', city: 'Córdoba' } };
    expect(checkoutSchema('home').parse(home).address).toMatchObject({ province: 'AR-X', zip_code: 'X5000' });
  });

  it('needs a province from the list, whatever the method', () => {
    const none = { ...filled, address: { ...filled.address, province: '' } };
    expect(missingFields(null, none)).toEqual(['la provincia']);
    const issues = checkoutSchema('home').safeParse({ ...none, address: { ...none.address, zip_code: '12' } }).error?.issues ?? [];
    expect(issues.map((i) => [i.path.join('.'), i.message])).toContainEqual(['address.province', 'Elige la provincia']);
  });

  it('normalises the phone as the order does', () => {
    expect(checkoutSchema('pickup').parse(filled).customer_phone).toBe('3511234567');
    expect(missingFields('pickup', { ...filled, customer_phone: '1234' })).toEqual(['un teléfono válido']);
  });
});
