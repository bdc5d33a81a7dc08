// The server renders each page once: the data its frame and its module declare (lib/page-data.ts)
// is all the render asks for, so nothing it shows is left loading and the page can be kept.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { createPageRenderer } from '../src/web/entry-server';
import { PAGES } from '../src/web/pages';
import { createProduct } from '../tests/helpers/factories';
import { createNorthernLight } from './helpers/catalog';
import { useShop } from './helpers/shop';

const shop = useShop();
let render: ReturnType<typeof createPageRenderer>;
let productId: number;

beforeAll(async () => {
  const { brand, product } = await createNorthernLight(shop.server.ctx.db);
  await createProduct(shop.server.ctx.db, { name: 'White Widow', brand_id: brand.id, blisters: [{ price: 30000, stock: 2 }] });
  productId = product.id;
  const renderer = pathToFileURL(path.resolve('dist/web-ssr/entry-server.js')).href;
  const { createPageRenderer: create } = (await import(renderer)) as { createPageRenderer: typeof createPageRenderer };
  render = create((input, init) => fetch(`${shop.server.url}${input as string}`, init));
});

describe('the first render of a page', () => {
  it('is complete in one pass on every page of the route table', async () => {
    // Every page of the route table, and the catalog of one brand in one order.
    const urls = [
      ...PAGES.map((page) => `/${page.path.replace(':id', String(productId))}`),
      '/productos?bank=royal-queen-seeds&orden=menor-precio',
    ];
    for (const url of urls) {
      const page = await render({ url, ageVerified: true, sessionHint: false });
      expect(page, url).not.toBeNull();
      expect(page!.undeclared, url).toEqual([]);
      expect(page!.complete, url).toBe(true);
    }
  });

  it("shows the product with its related products, from the page's own data", async () => {
    const page = await render({ url: `/producto/${productId}`, ageVerified: true, sessionHint: false });
    expect(page!.html).toContain('Northern Light Auto');
    expect(page!.html).toContain('White Widow');
  });

  it('is left to the browser for pages outside the route table', async () => {
    expect(await render({ url: '/admin', ageVerified: true, sessionHint: false })).toBeNull();
    expect(await render({ url: '/no-existe', ageVerified: true, sessionHint: false })).toBeNull();
  });
});
