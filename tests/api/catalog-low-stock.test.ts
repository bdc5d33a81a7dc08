// The staff's 'Stock bajo' filter of the product list (spec accounts-admin §5): the products of the
// blisters the dashboard lists as low, under the threshold set in 'Configuración'.
import { beforeAll, describe, expect, it } from 'vitest';
import { api, useTestServer } from '../helpers/app';
import { createBrand, createProduct, createStaff } from '../helpers/factories';

const server = useTestServer();
let staff: string;
const names = (res: { json: { results: { name: string }[] } }) => res.json.results.map((p) => p.name);

beforeAll(async () => {
  staff = (await createStaff(server.ctx.db)).token;
});

describe('GET /api/products/?stockFilter=low-stock', () => {
  it("filters low stock blister by blister, under the threshold set in 'Configuración'", async () => {
    const db = server.ctx.db;
    const brand = await createBrand(db, { brand_name: 'Umbral Seeds' });
    const make = (name: string, stocks: number[]) =>
      createProduct(db, { name, brand_id: brand.id, blisters: stocks.map((stock, i) => ({ seed_count: i + 1, price: 1000, stock })) });
    // A blister of 3 is low whatever the others hold; 7 is low only under a threshold of 8.
    await make('Mixta', [3, 50]);
    await make('Holgada', [7]);
    await make('Justa', [8]);
    await make('Vacía', [0, 20]);
    const lowStock = async () =>
      names(await api(server, 'GET', `/api/products/?available=all&brand=umbral-seeds&stockFilter=low-stock`, { token: staff })).sort();
    const setThreshold = async (value: number) =>
      expect(
        (await api(server, 'PUT', '/api/core/inventory-settings/', { token: staff, body: { low_stock_threshold: value } })).status,
      ).toBe(200);
    try {
      expect(await lowStock()).toEqual(['Mixta']);
      // The next list after a change shows it, although the previous one was kept.
      await setThreshold(8);
      expect(await lowStock()).toEqual(['Holgada', 'Mixta']);
      await setThreshold(1);
      expect(await lowStock()).toEqual([]);
    } finally {
      await setThreshold(5);
    }
  });
});
