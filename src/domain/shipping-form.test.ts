import { describe, expect, it } from 'vitest';
// The settings form as typed by staff: prices read the Argentine way, then the API's rules.
import { shippingSettingsFormSchema } from './shipping';

const typed = (fields: Record<string, unknown> = {}) => ({
  methods: [
    {
      name: 'Correo',
      kind: 'home',
      carrier: 'correo_argentino',
      zones: [{ provinces: ['AR-C', 'AR-B'], price: '22.000' }],
      rest_of_country_price: '',
      free_from: '150.000,50',
      days_min: '2',
      days_max: '5',
      pickup_address: '',
      active: true,
      ...fields,
    },
  ],
});

const errorsOf = (value: unknown) => {
  const result = shippingSettingsFormSchema.safeParse(value);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('shippingSettingsFormSchema', () => {
  it('reads prices the Argentine way: "22.000" is 22000, a blank optional price is not set', () => {
    const parsed = shippingSettingsFormSchema.parse(typed());
    expect(parsed.methods[0]).toMatchObject({
      zones: [{ provinces: ['AR-C', 'AR-B'], price: 22000 }],
      rest_of_country_price: null,
      free_from: 150000.5,
      days_min: 2,
      days_max: 5,
    });
  });

  it('marks a price typed with a decimal point, a blank zone price and fractional days on their fields', () => {
    expect(errorsOf(typed({ zones: [{ provinces: ['AR-C'], price: '' }], free_from: '1450.50', days_max: '2,5' }))).toEqual({
      'methods.0.zones.0.price': 'Ingresa el precio de la zona',
      'methods.0.free_from': 'Usa coma para los decimales',
      'methods.0.days_max': 'Ingresa los días máximos en números enteros',
    });
  });

  it("then applies the API's rules with the API's paths", () => {
    expect(errorsOf(typed({ zones: [{ provinces: [], price: '100' }], days_min: '6', name: ' ' }))).toEqual({
      'methods.0.name': 'El nombre es requerido',
      'methods.0.zones.0.provinces': 'Cada zona necesita al menos una provincia',
      'methods.0.days_max': 'Los días máximos no pueden ser menos que los mínimos',
    });
  });
});
