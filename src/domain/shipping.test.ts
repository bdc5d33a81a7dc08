import { describe, expect, it } from 'vitest';
import {
  addressSchema,
  chooseDelivery,
  deliveryDays,
  joinAddress,
  missingHomeAddressFields,
  PROVINCE_CODES,
  PROVINCE_OPTIONS,
  quoteMethod,
  sameAddress,
  shippingMethodSchema,
  shippingOptions,
  type ShippingMethod,
} from './shipping';

const correo: ShippingMethod = {
  id: 1,
  name: 'Correo Argentino a domicilio',
  kind: 'home',
  carrier: 'correo_argentino',
  zones: [
    { provinces: ['AR-C', 'AR-B'], price: 5000 },
    { provinces: ['AR-X', 'AR-S'], price: 6500 },
  ],
  rest_of_country_price: 8000,
  free_from: 100000,
  days_min: 3,
  days_max: 6,
  pickup_address: '',
  active: true,
};
const andreaniAmba: ShippingMethod = {
  ...correo,
  id: 2,
  name: 'Andreani a domicilio',
  carrier: 'andreani',
  zones: [{ provinces: ['AR-C'], price: 4500 }],
  rest_of_country_price: null,
  free_from: null,
};
const pickup: ShippingMethod = {
  ...correo,
  id: 3,
  name: 'Retiro en persona',
  kind: 'pickup',
  carrier: 'retiro',
  zones: [],
  rest_of_country_price: 0,
  free_from: null,
  days_min: 0,
  days_max: 0,
  pickup_address: 'Av. Corrientes 1234, CABA',
};

describe('provinces', () => {
  it('lists the 24 jurisdictions by ISO 3166-2:AR code, Ciudad de Buenos Aires first, then by name', () => {
    expect(PROVINCE_CODES).toHaveLength(24);
    expect(PROVINCE_OPTIONS[0]).toEqual({ code: 'AR-C', name: 'Ciudad Autónoma de Buenos Aires' });
    expect(PROVINCE_OPTIONS.slice(1, 3).map((p) => p.name)).toEqual(['Buenos Aires', 'Catamarca']);
    expect(PROVINCE_OPTIONS.find((p) => p.code === 'AR-X')?.name).toBe('Córdoba');
  });
});

describe('quoteMethod', () => {
  it("charges a zone's price to its provinces and the rest-of-country price elsewhere", () => {
    expect(quoteMethod(correo, 'AR-B', 30000)?.price).toBe(5000);
    expect(quoteMethod(correo, 'AR-X', 30000)?.price).toBe(6500);
    expect(quoteMethod(correo, 'AR-V', 30000)?.price).toBe(8000);
  });

  it('does not reach provinces outside its zones when it has no rest-of-country price', () => {
    expect(quoteMethod(andreaniAmba, 'AR-C', 1000)?.price).toBe(4500);
    expect(quoteMethod(andreaniAmba, 'AR-B', 1000)).toBeNull();
  });

  it('is free from the threshold on, not below it', () => {
    expect(quoteMethod(correo, 'AR-X', 99999.99)).toMatchObject({ price: 6500, free: false });
    expect(quoteMethod(correo, 'AR-X', 100000)).toMatchObject({ price: 0, free: true });
  });

  it('compares the threshold in whole cents: a subtotal summed in floats reaches it at the exact cent', () => {
    const cents = { ...correo, free_from: 1000.44 };
    expect(1000.14 + 0.3).toBeLessThan(1000.44);
    expect(quoteMethod(cents, 'AR-X', 1000.14 + 0.3)).toMatchObject({ price: 0, free: true });
    expect(quoteMethod(cents, 'AR-X', 1000.43)).toMatchObject({ free: false });
  });

  it('offers nothing while inactive', () => {
    expect(quoteMethod({ ...correo, active: false }, 'AR-C', 1000)).toBeNull();
  });
});

describe('shippingOptions', () => {
  it('lists the methods that reach the province, cheapest first', () => {
    expect(shippingOptions([correo, andreaniAmba, pickup], 'AR-C', 20000).map((o) => [o.name, o.price])).toEqual([
      ['Retiro en persona', 0],
      ['Andreani a domicilio', 4500],
      ['Correo Argentino a domicilio', 5000],
    ]);
    expect(shippingOptions([correo, andreaniAmba], 'AR-Q', 20000).map((o) => o.method_id)).toEqual([1]);
  });
});

describe('shippingMethodSchema', () => {
  const input = { ...correo, id: undefined };
  const messages = (value: unknown) => shippingMethodSchema.safeParse(value).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

  it('accepts a method and rounds prices to cents', () => {
    const parsed = shippingMethodSchema.parse({ ...input, zones: [{ provinces: ['AR-C', 'AR-C'], price: 5000.004 }] });
    expect(parsed.zones).toEqual([{ provinces: ['AR-C'], price: 5000 }]);
  });

  it('refuses, in Spanish, a province in two zones, fewer maximum days than minimum, a pickup without address, a method that reaches nowhere', () => {
    expect(
      messages({
        ...input,
        kind: 'pickup',
        zones: [
          { provinces: ['AR-C'], price: 1 },
          { provinces: ['AR-C'], price: 2 },
        ],
        days_min: 5,
        days_max: 2,
      }),
    ).toEqual([
      'days_max: Los días máximos no pueden ser menos que los mínimos',
      'pickup_address: Indica la dirección de retiro',
      'zones.1.provinces: Ciudad Autónoma de Buenos Aires está en más de una zona',
    ]);
    expect(messages({ ...input, zones: [], rest_of_country_price: null })).toEqual([
      'rest_of_country_price: Sin zonas, el precio para todo el país es requerido',
    ]);
    expect(messages({ ...input, zones: [{ provinces: ['AR-ZZ'], price: -1 }] })).toEqual([
      'zones.0.provinces.0: Provincia inválida',
      'zones.0.price: El precio de la zona no puede ser negativo',
    ]);
  });
});

describe('addresses', () => {
  const home = addressSchema.parse({
    street: 'Av. Colón',
    number: '1234',
    zip_code: 'X5000',
    city: 'Córdoba',
    province: 'AR-X',
    details: 'Piso 2 B',
  });

  it('joins the fields in the order a label is read', () => {
    expect(joinAddress(home)).toBe('Av. Colón 1234, Piso 2 B, Córdoba (X5000), Córdoba');
    expect(joinAddress(addressSchema.parse({ province: 'AR-C' }))).toBe('Ciudad Autónoma de Buenos Aires');
  });

  it('asks home delivery for street, number, a valid zip code and city', () => {
    expect(missingHomeAddressFields(home)).toEqual({});
    expect(missingHomeAddressFields(addressSchema.parse({ zip_code: '12', province: 'AR-X' }))).toEqual({
      street: 'La calle es requerida',
      number: 'El número es requerido',
      zip_code: 'Código postal inválido',
      city: 'La ciudad es requerida',
    });
  });

  it('stores a lone surrogate as U+FFFD, as text columns do', () => {
    expect(addressSchema.parse({ street: '\uD800x', province: 'AR-C' }).street).toBe('\uFFFDx');
  });
});

it('says the estimated days in words', () => {
  expect(deliveryDays({ days_min: 3, days_max: 6 })).toBe('3 a 6 días hábiles');
  expect(deliveryDays({ days_min: 1, days_max: 1 })).toBe('1 día hábil');
  expect(deliveryDays({ days_min: 0, days_max: 0 })).toBe('en el día');
});

describe('sameAddress', () => {
  const home = { street: 'Av. Colón', number: '1234', zip_code: '5000', city: 'Córdoba', province: 'AR-X' as const, details: '' };

  it('is the same place whatever the order of the keys (a stored jsonb reorders them)', () => {
    const stored = JSON.parse('{"city":"Córdoba","number":"1234","street":"Av. Colón","details":"","zip_code":"5000","province":"AR-X"}');
    expect(sameAddress(stored, home)).toBe(true);
  });

  it('tells apart a change in any field, and an address from none', () => {
    for (const field of Object.keys(home) as (keyof typeof home)[]) {
      expect(sameAddress({ ...home, [field]: field === 'province' ? 'AR-C' : 'otro' }, home), field).toBe(false);
    }
    expect(sameAddress(null, home)).toBe(false);
    expect(sameAddress(home, undefined)).toBe(false);
    expect(sameAddress(null, null)).toBe(true);
  });
});

describe('chooseDelivery', () => {
  const home = { street: 'Av. Colón', number: '1234', zip_code: '5000', city: 'Córdoba', province: 'AR-X' as const, details: '' };
  const sent = { delivery_type: 'address' as const, shipping_address: '', shipping_method_id: correo.id, address: home };

  it('keeps the quote, the method and the address, and the address to remember for home delivery', () => {
    const chosen = chooseDelivery(sent, correo, 10000);
    expect(chosen).toMatchObject({
      columns: { shipping_method_id: 1, shipping_kind: 'home', shipping_price: 6500, address_city: 'Córdoba' },
      address: home,
    });
    expect(chooseDelivery(sent, correo, 100000)).toMatchObject({ columns: { shipping_price: 0 } });
    // A pickup keeps the province given, for staff to see, and remembers no address.
    const atShop = chooseDelivery({ ...sent, shipping_method_id: pickup.id }, pickup, 10000);
    expect(atShop).toMatchObject({
      columns: { shipping_address: 'Retiro en Av. Corrientes 1234, CABA', address_city: 'Córdoba' },
      address: null,
    });
  });

  it('without a method: "Acordar entrega" clears the address, an address keeps it at no cost', () => {
    const agreed = chooseDelivery({ delivery_type: 'coordinate', shipping_address: '', address: home }, undefined, 10000);
    expect(agreed).toMatchObject({
      columns: { shipping_address: 'Coordinar entrega', shipping_price: null, address_city: null },
      address: null,
    });
    const typed = chooseDelivery({ ...sent, shipping_method_id: null }, undefined, 10000);
    expect(typed).toMatchObject({ columns: { shipping_method_id: null, shipping_price: null, address_city: 'Córdoba' }, address: null });
  });

  it('refuses a method that is gone, switched off or not reaching the province (409), and what the address lacks (400)', () => {
    expect(chooseDelivery(sent, undefined, 10000)).toMatchObject({ refusal: { status: 409, code: 'SHIPPING_UNAVAILABLE' } });
    expect(chooseDelivery(sent, { ...correo, active: false }, 10000)).toMatchObject({
      refusal: { status: 409, code: 'SHIPPING_UNAVAILABLE' },
    });
    const far = { ...sent, shipping_method_id: andreaniAmba.id };
    expect(chooseDelivery(far, andreaniAmba, 10000)).toMatchObject({
      refusal: { status: 409, code: 'SHIPPING_NOT_SERVED', details: { shipping_method_id: 2, province: 'AR-X' } },
    });
    expect(chooseDelivery({ ...sent, address: { ...home, street: '' } }, correo, 10000)).toMatchObject({
      refusal: { status: 400, fields: { 'address.street': ['La calle es requerida'] } },
    });
    expect(chooseDelivery({ ...sent, address: undefined }, correo, 10000)).toMatchObject({
      refusal: { status: 400, fields: { 'address.province': ['Elige la provincia'] } },
    });
  });
});
