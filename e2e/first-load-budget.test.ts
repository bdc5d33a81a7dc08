// The storefront's first-load JavaScript: what the server's HTML for the home, the catalog and a
// product asks the browser to fetch before the page runs (the entry script and every module it
// preloads, the page's own code included), counted as the gzip bytes the server sends. Over the
// budget, a change has put something in the first load that belongs in a chunk of its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGE_COOKIE } from '../src/domain/cookies';
import { startTestServer, type TestServer } from '../tests/helpers/app';
import { createBrand, createProduct } from '../tests/helpers/factories';
import { pageHtml } from './helpers/browser';
import { rawGet } from './helpers/http';

/** Bytes, gzip, as sent, React included: 150 KB (decision 0019). */
const BUDGET = 150 * 1024;

let server: TestServer;
let productId: number;

beforeAll(async () => {
  server = await startTestServer();
  const brand = await createBrand(server.database.db, { brand_name: 'Patagonia Seeds' });
  productId = (await createProduct(server.database.db, { name: 'Lemon Glaciar', brand_id: brand.id })).id;
}, 120_000);
afterAll(() => server?.close());

/** The scripts a page starts with: start.js, the entry it names and the modules it loads beside it. */
async function firstLoadScripts(path: string): Promise<string[]> {
  const html = await pageHtml(server.url, path, `${AGE_COOKIE}=true`);
  const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? '';
  const scripts = [...html.matchAll(/<script\b[^>]*\ssrc="[^"]*"[^>]*>/g)].flatMap(([tag]) => [
    attribute(tag, 'src'),
    attribute(tag, 'data-entry'),
    ...attribute(tag, 'data-modules').split(' '),
  ]);
  const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"/g)].map((m) => m[1]);
  return [...new Set([...scripts, ...preloaded])].filter(Boolean);
}

describe('first-load JavaScript', () => {
  for (const [name, path] of [
    ['home', () => '/'],
    ['catalog', () => '/productos'],
    ['product', () => `/producto/${productId}`],
  ] as const) {
    it(`keeps the ${name}'s under ${BUDGET / 1024} KB gzip, without admin code`, async () => {
      const scripts = await firstLoadScripts(path());
      expect(scripts.length).toBeGreaterThan(2);
      let total = 0;
      const sizes: string[] = [];
      for (const script of scripts) {
        const response = await rawGet(`${server.url}${script}`, { 'accept-encoding': 'gzip' });
        expect(response.status, script).toBe(200);
        expect(response.headers['content-encoding'], script).toBe('gzip');
        total += response.body.length;
        sizes.push(`${script} ${(response.body.length / 1024).toFixed(1)} KB`);
      }
      // The page's own chunk is among them: the budget counts the page, not only the frame.
      const pageChunk = { home: 'HomePage', catalog: 'CatalogPage', product: 'ProductPage' }[name];
      expect(scripts.some((script) => script.includes(`/${pageChunk}-`))).toBe(true);
      expect(scripts.filter((script) => /admin/i.test(script))).toEqual([]);
      expect(total, `${(total / 1024).toFixed(1)} KB:\n${sizes.join('\n')}`).toBeLessThanOrEqual(BUDGET);
      console.log(`first-load JavaScript, ${name}: ${(total / 1024).toFixed(1)} KB gzip in ${scripts.length} files`);
    });
  }
});
