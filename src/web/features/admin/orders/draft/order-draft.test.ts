import { describe, expect, it } from 'vitest';
import type { ShippingOption } from '../../../../../domain/shipping';
import { addUnit, chosenOption, deliveryBody, draftSubtotal, EMPTY_STREET, type DraftLine } from './order-draft';

const line = (blister_id: number, unit_price: number, quantity = 1): DraftLine => ({
  product_id: 1,
  blister_id,
  quantity,
  product_name: 'Gelato',
  seed_count: 3,
  unit_price,
});

const option = (kind: ShippingOption['kind']): ShippingOption => ({
  method_id: 7,
  name: 'Envío',
  kind,
  carrier: 'otro',
  price: 4500,
  free: false,
  days_min: 1,
  days_max: 3,
  pickup_address: 'Av. Colón 1234',
});

const street = { street: 'Bv. San Juan', number: '450', zip_code: 'X5000', city: 'Córdoba', details: '' };

describe('order draft', () => {
  it('adds a unit to the line of the same blister instead of a second line', () => {
    const once = addUnit([], line(5, 18000));
    const twice = addUnit(once, line(5, 18000));
    expect(twice).toEqual([{ ...line(5, 18000), quantity: 2 }]);
    expect(addUnit(twice, line(6, 12000))).toHaveLength(2);
  });

  it('sums the lines to the cent', () => {
    expect(draftSubtotal([line(1, 1000.1, 3), line(2, 0.2, 1)])).toBe(3000.5);
  });

  it('sends the street only for home delivery, the province for any method, and nothing to agree on', () => {
    expect(deliveryBody({ province: 'AR-X', method_id: 7, street }, option('home'))).toEqual({
      delivery_type: 'address',
      shipping_method_id: 7,
      address: { province: 'AR-X', ...street },
    });
    expect(deliveryBody({ province: 'AR-X', method_id: 7, street }, option('pickup')).address).toEqual({
      province: 'AR-X',
      ...EMPTY_STREET,
    });
    expect(deliveryBody({ province: 'AR-X', method_id: null, street }, undefined)).toEqual({
      delivery_type: 'coordinate',
      shipping_method_id: undefined,
      address: undefined,
    });
  });

  it("takes the shop's own 'Acordar entrega' method as the one 'Acordar entrega', priced as quoted", () => {
    const coordinate = { ...option('coordinate'), method_id: 9, name: 'Acordar entrega', price: 1000 };
    const options = [option('home'), coordinate];
    const draft = { province: 'AR-X' as const, method_id: null, street };
    expect(chosenOption(draft, options)).toBe(coordinate);
    expect(deliveryBody(draft, chosenOption(draft, options))).toMatchObject({ delivery_type: 'coordinate', shipping_method_id: 9 });
    // Before a province is chosen nothing is quoted: no method, "Acordar entrega" without one.
    expect(chosenOption({ ...draft, province: '' }, options)).toBeUndefined();
  });
});
