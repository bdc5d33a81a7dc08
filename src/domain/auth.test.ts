import { describe, expect, it } from 'vitest';
import { deliveryDataFormSchema, profileUpdateSchema } from './auth';

const blank = { street: '', number: '', zip_code: '', city: '', province: '', details: '' };
const home = { street: 'Av. Colón', number: '1234', zip_code: 'X5000', city: 'Córdoba', province: 'AR-X', details: '' };

describe('deliveryDataFormSchema', () => {
  it('clears the phone and the address when the form is left empty', () => {
    expect(deliveryDataFormSchema.parse({ phone: ' ', last_address: blank })).toEqual({ phone: null, last_address: null });
  });

  it('keeps a complete address and the phone as 10 digits', () => {
    expect(deliveryDataFormSchema.parse({ phone: '+54 9 351 123-4567', last_address: home })).toEqual({
      phone: '3511234567',
      last_address: home,
    });
  });

  it('names each missing field of an address begun', () => {
    const result = deliveryDataFormSchema.safeParse({ phone: '', last_address: { ...blank, street: 'Av. Colón' } });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['last_address.number', 'El número es requerido'],
      ['last_address.zip_code', 'El código postal es requerido'],
      ['last_address.city', 'La ciudad es requerida'],
      ['last_address.province', 'Elige la provincia'],
    ]);
  });
});

describe('profileUpdateSchema', () => {
  it('takes null to clear the phone and the address', () => {
    expect(profileUpdateSchema.parse({ phone: null, last_address: null })).toEqual({ phone: null, last_address: null });
  });
});
