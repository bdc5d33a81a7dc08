import { describe, expect, it } from 'vitest';
import { shippingSettingsFormSchema, type ShippingMethod } from '../../../../domain/shipping';
import { carrierForKind, emptyMethod, methodToFields, toFormFields } from './shipping-form';

const saved: ShippingMethod = {
  id: 7,
  name: 'Correo',
  kind: 'home',
  carrier: 'correo_argentino',
  zones: [{ provinces: ['AR-C'], price: 22000.5 }],
  rest_of_country_price: null,
  free_from: 150000,
  days_min: 2,
  days_max: 5,
  pickup_address: '',
  active: false,
};

describe('shipping settings form', () => {
  it('shows saved amounts as the money inputs do, and reads them back to the same method', () => {
    const fields = methodToFields(saved);
    expect(fields).toMatchObject({ zones: [{ provinces: ['AR-C'], price: '22.000,50' }], rest_of_country_price: '', free_from: '150.000' });
    expect(shippingSettingsFormSchema.parse(toFormFields([saved])).methods[0]).toEqual(saved);
  });

  it('starts a new method as home delivery that needs a name and a price before saving', () => {
    const result = shippingSettingsFormSchema.safeParse({ methods: [emptyMethod()] });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['methods.0.name', 'methods.0.rest_of_country_price']);
  });

  it('picks the carrier that goes with pickups and arrangements', () => {
    expect(carrierForKind('pickup', 'andreani')).toBe('retiro');
    expect(carrierForKind('coordinate', 'oca')).toBe('otro');
    expect(carrierForKind('coordinate', 'moto')).toBe('moto');
    expect(carrierForKind('home', 'retiro')).toBe('correo_argentino');
    expect(carrierForKind('home', 'oca')).toBe('oca');
  });
});
