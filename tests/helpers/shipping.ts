// Shipping methods set up through the staff API, as the owner does in 'Configuración → Envíos'.
import { expect } from 'vitest';
import type { ShippingMethod } from '../../src/domain/shipping';
import { api, type TestServer } from './app';

type MethodInput = Partial<Omit<ShippingMethod, 'zones'>> & { zones?: { provinces: string[]; price: number }[] };

/** A home-delivery method by Correo Argentino with no zones and $ 5.000 to the whole country. */
export const shippingMethod = (fields: MethodInput = {}): MethodInput => ({
  name: 'Correo a domicilio',
  kind: 'home',
  carrier: 'correo_argentino',
  zones: [],
  rest_of_country_price: 5000,
  free_from: null,
  days_min: 2,
  days_max: 5,
  pickup_address: '',
  active: true,
  ...fields,
});

/** Pick-up at the shop in Córdoba, free. */
export const pickupMethod = (fields: MethodInput = {}): MethodInput =>
  shippingMethod({
    name: 'Retiro en el local',
    kind: 'pickup',
    carrier: 'otro',
    rest_of_country_price: 0,
    days_min: 0,
    days_max: 0,
    pickup_address: 'Av. Colón 1234, Córdoba',
    ...fields,
  });

/** Replaces the shop's methods; answers them as saved (with their ids). */
export async function saveShippingMethods(server: TestServer, token: string, methods: MethodInput[]): Promise<ShippingMethod[]> {
  const res = await api(server, 'PUT', '/api/core/shipping-settings/', { token, body: { methods: methods.map(shippingMethod) } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.methods as ShippingMethod[];
}
