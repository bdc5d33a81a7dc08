// The demo's shipping methods: two carriers by zone and to the rest of the country, pickup at the
// shop and "Acordar entrega", so checkout and the admin have something to show from the start.
import type { ShippingMethodInput } from '../../../domain/shipping';
import type { DbOrTx } from '../../db/client';
import { shippingMethods } from '../../db/schema';

export const DEMO_SHIPPING_METHODS: Omit<ShippingMethodInput, 'id'>[] = [
  {
    name: 'Correo Argentino a domicilio',
    kind: 'home',
    carrier: 'correo_argentino',
    zones: [
      { provinces: ['AR-C', 'AR-B'], price: 6500 },
      { provinces: ['AR-X', 'AR-S', 'AR-E'], price: 8900 },
    ],
    rest_of_country_price: 11500,
    free_from: 120_000,
    days_min: 3,
    days_max: 7,
    pickup_address: '',
    active: true,
  },
  {
    name: 'Andreani a domicilio',
    kind: 'home',
    carrier: 'andreani',
    zones: [
      { provinces: ['AR-C', 'AR-B'], price: 7900 },
      { provinces: ['AR-X', 'AR-S', 'AR-E', 'AR-M'], price: 10_500 },
    ],
    rest_of_country_price: 13_900,
    free_from: null,
    days_min: 2,
    days_max: 5,
    pickup_address: '',
    active: true,
  },
  {
    name: 'Retiro en persona',
    kind: 'pickup',
    carrier: 'retiro',
    zones: [],
    rest_of_country_price: 0,
    free_from: null,
    days_min: 0,
    days_max: 1,
    pickup_address: 'Av. Corrientes 1234, CABA (lunes a viernes de 10 a 18 h)',
    active: true,
  },
  {
    name: 'Acordar entrega',
    kind: 'coordinate',
    carrier: 'otro',
    zones: [],
    rest_of_country_price: 0,
    free_from: null,
    days_min: 1,
    days_max: 3,
    pickup_address: '',
    active: true,
  },
];

/** Only on a shop without methods: the owner's own list is never replaced. */
export async function seedDemoShipping(db: DbOrTx, now: Date): Promise<boolean> {
  const existing = await db.select({ id: shippingMethods.id }).from(shippingMethods).limit(1);
  if (existing.length > 0) return false;
  await db
    .insert(shippingMethods)
    .values(DEMO_SHIPPING_METHODS.map((method, position) => ({ ...method, position, created_at: now, updated_at: now })));
  return true;
}
