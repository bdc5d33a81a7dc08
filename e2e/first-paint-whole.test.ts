// A landing page is painted once its first view is parsed whole, never a part of it
// (`<link rel="expect" blocking="render">`, server/plugins/html-document.ts). On a slow phone the
// parser yields mid-page, as it does here where the HTML arrives in two parts a second apart: a
// paint of the first part showed the header without its right-hand links, or a row of cards
// without its later, taller card, and the rest then moved what was on screen (a layout shift).
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../tests/helpers/factories';
import { DESKTOP } from './helpers/browser';
import { useShop } from './helpers/shop';

const shop = useShop();
let proxy: Server;
let proxyUrl: string;
/** Where the page's HTML is cut: the index of the second part's first character. */
let cut: (html: string) => number = () => 0;

beforeAll(async () => {
  // Newest first: Critical, then Zkittlez, then Amnesia Haze, in the first row of three. Zkittlez
  // is sold out: its card carries a badge under the name, the tallest of its row.
  await createProduct(shop.server.ctx.db, { name: 'Amnesia Haze', blisters: [{ seed_count: 3, price: 9000, stock: 3 }] });
  await createProduct(shop.server.ctx.db, { name: 'Zkittlez', blisters: [{ seed_count: 3, price: 9000, stock: 0 }] });
  await createProduct(shop.server.ctx.db, { name: 'Critical', blisters: [{ seed_count: 3, price: 9000, stock: 3 }] });
  // Forwards to the shop; a page's HTML is sent in two parts, the second a second later.
  const upstream = new URL(shop.server.url);
  proxy = createServer((req, res) => {
    const forward = request(
      new URL(req.url!, upstream),
      { method: req.method, headers: { ...req.headers, host: upstream.host, 'accept-encoding': 'identity' } },
      (answer) => {
        if (!answer.headers['content-type']?.startsWith('text/html')) {
          res.writeHead(answer.statusCode!, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const html = Buffer.concat(chunks).toString('utf8');
          const at = cut(html);
          const headers = { ...answer.headers };
          delete headers['content-length'];
          res.writeHead(answer.statusCode!, headers);
          res.write(html.slice(0, at));
          setTimeout(() => res.end(html.slice(at)), 1000);
        });
      },
    );
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => proxy.close(() => resolve())));

const CUTS: Record<string, (html: string) => number> = {
  'the header before its account and cart links': (html) => html.lastIndexOf('<a', html.indexOf('aria-label="Mi cuenta"')),
  'a row of cards before its sold-out card': (html) => html.lastIndexOf('<article', html.indexOf('Zkittlez')),
};

describe('the first paint of a landing page', () => {
  for (const [where, at] of Object.entries(CUTS)) {
    it(`waits for its whole first view, when the HTML is cut in ${where}`, async () => {
      cut = at;
      const { context } = await shop.newPage({ viewport: DESKTOP });
      const page = await context.newPage();
      await page.addInitScript(() => {
        const w = window as { shifts?: string[] };
        w.shifts = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources: { node?: Node }[] })[])
            w.shifts!.push(
              `${entry.value.toFixed(4)} ${entry.sources.map((s) => (s.node instanceof Element ? s.node.className : s.node?.nodeName)).join(' | ')}`,
            );
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(`${proxyUrl}/productos`, { waitUntil: 'load' });
      await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
      expect(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length)).toBe(1);
      expect(await page.evaluate(() => (window as { shifts?: string[] }).shifts)).toEqual([]);
      await context.close();
    });
  }
});
