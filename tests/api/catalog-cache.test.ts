import { describe, expect, it } from 'vitest';
import { api, useTestServer } from '../helpers/app';
import { createProduct, createUser } from '../helpers/factories';

const server = useTestServer({ catalogCacheMs: 60_000 });

describe('catalog micro-cache', () => {
  it('serves repeated reads from memory until the catalog is invalidated', async () => {
    await createProduct(server.ctx.db, { name: 'Primera' });
    expect((await api(server, 'GET', '/api/products/')).json.count).toBe(1);
    await createProduct(server.ctx.db, { name: 'Segunda' });
    // Written behind the server's back: still the cached answer.
    expect((await api(server, 'GET', '/api/products/')).json.count).toBe(1);
    server.ctx.caches.catalogChanged();
    expect((await api(server, 'GET', '/api/products/')).json.count).toBe(2);
  });

  it('keeps anonymous and signed-in answers apart', async () => {
    const anonymous = await api(server, 'GET', '/api/products/?page_size=5');
    expect(anonymous.json.results[0].blisters[0].price).toBeUndefined();
    const { token } = await createUser(server.ctx.db);
    const customer = await api(server, 'GET', '/api/products/?page_size=5', { token });
    expect(customer.json.results[0].blisters[0].price).toBe(10000);
    const again = await api(server, 'GET', '/api/products/?page_size=5');
    expect(again.json.results[0].blisters[0].price).toBeUndefined();
  });
});
