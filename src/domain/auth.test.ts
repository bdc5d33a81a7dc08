import { describe, expect, it } from 'vitest';
import { deliveryDataFormSchema, mailboxOf, profileUpdateSchema } from './auth';

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

describe('mailboxOf', () => {
  it('reads one mailbox from an address written without case, spaces or a +tag', () => {
    for (const email of ['ana@correo.test', ' ANA@Correo.Test ', 'ana+pagos@correo.test', 'Ana+1+2@CORREO.test'])
      expect(mailboxOf(email), email).toBe('ana@correo.test');
    expect(mailboxOf('+solo@correo.test')).toBe('+solo@correo.test');
    expect(mailboxOf('otra@correo.test')).not.toBe(mailboxOf('ana@correo.test'));
  });
});
