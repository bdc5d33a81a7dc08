import { beforeAll, describe, expect, it } from 'vitest';
import { api, useTestServer } from '../helpers/app';
import { createBrand, createProduct } from '../helpers/factories';

const server = useTestServer();
const search = async (text: string, extra = '') => {
  const res = await api(server, 'GET', `/api/products/?search=${encodeURIComponent(text)}&page_size=50${extra}`);
  expect(res.status, text).toBe(200);
  return res.json.results.map((p: { name: string }) => p.name) as string[];
};

beforeAll(async () => {
  const db = server.ctx.db;
  const bsf = await createBrand(db, { brand_name: 'BSF Seeds' });
  const gorilla = await createBrand(db, { brand_name: 'Gorilla Seeds Bank' });
  const rqs = await createBrand(db, { brand_name: 'Royal Queen Seeds' });
  const dinafem = await createBrand(db, { brand_name: 'Dinafem' });
  const sePlus = await createBrand(db, { brand_name: 'SE+ Seeds', is_national: true });
  const sensi = await createBrand(db, { brand_name: 'Sensi Seeds' });
  const sur = await createBrand(db, { brand_name: 'Semillas del Sur', is_national: true });
  const at = (n: number) => new Date(Date.UTC(2026, 0, n));
  await createProduct(db, { name: 'Gorilla Glue Auto', type: 'auto', brand_id: bsf.id, created_at: at(1), blisters: [{ price: 30000 }] });
  await createProduct(db, { name: 'Gorilla Zkittlez', type: 'fem', brand_id: gorilla.id, created_at: at(2), blisters: [{ price: 20000 }] });
  await createProduct(db, { name: 'Blueberry', type: 'fem', brand_id: gorilla.id, created_at: at(3), blisters: [{ price: 10000 }] });
  await createProduct(db, { name: 'Northern Light Automática', type: 'auto', brand_id: rqs.id, created_at: at(4) });
  await createProduct(db, { name: 'Northern Lights Haze', type: 'fem', brand_id: sensi.id, created_at: at(5) });
  await createProduct(db, { name: 'Critical+ 2.0', type: 'fem', brand_id: dinafem.id, created_at: at(6) });
  await createProduct(db, { name: 'Amnesia Haze', type: 'fem', brand_id: sePlus.id, created_at: at(7) });
  await createProduct(db, { name: 'Jack Herer', type: 'fem', brand_id: sensi.id, created_at: at(8) });
  await createProduct(db, { name: 'Café Colombiano', type: 'reg', brand_id: sur.id, created_at: at(9) });
  await createProduct(db, { name: 'Gorilla Oculta', type: 'fem', brand_id: gorilla.id, available: false, created_at: at(10) });
});

describe('product search', () => {
  it('ignores case and accents both ways', async () => {
    expect(await search('cafe')).toEqual(['Café Colombiano']);
    expect(await search('CAFÉ colombiano')).toEqual(['Café Colombiano']);
    expect((await search('automatica')).sort()).toEqual(['Gorilla Glue Auto', 'Northern Light Automática']);
    expect((await search('AUTOMÁTICA')).sort()).toEqual(['Gorilla Glue Auto', 'Northern Light Automática']);
  });

  it('tolerates a typo in a strain or brand name', async () => {
    const gorila = await search('gorila');
    expect(gorila.sort()).toEqual(['Blueberry', 'Gorilla Glue Auto', 'Gorilla Zkittlez']);
    expect(await search('dinafen')).toEqual(['Critical+ 2.0']);
    expect(await search('jack herrer')).toEqual(['Jack Herer']);
    expect(await search('automatcia')).toContain('Northern Light Automática');
  });

  it('finds a strain with a changed, doubled, missing or swapped letter, and no other strain', async () => {
    expect(await search('amnezia')).toEqual(['Amnesia Haze']);
    expect((await search('nothern')).sort()).toEqual(['Northern Light Automática', 'Northern Lights Haze']);
    expect((await search('gorrila')).sort()).toEqual(['Blueberry', 'Gorilla Glue Auto', 'Gorilla Zkittlez']);
    expect(await search('critcal')).toEqual(['Critical+ 2.0']);
    expect(await search('amnesia hase')).toEqual(['Amnesia Haze']);
    expect(await search('gorrila blueberri')).toEqual(['Blueberry']);
    // Three edits away from any word: still nothing.
    expect(await search('gxrxlxa')).toEqual([]);
    expect(await search('hxzx')).toEqual([]);
  });

  it('pages and counts a typo search like any other, and counts the matches past the last page', async () => {
    const page = async (text: string, query: string) => {
      const res = await api(server, 'GET', `/api/products/?search=${encodeURIComponent(text)}&${query}`);
      expect(res.status, `${text} ${query}`).toBe(200);
      return { count: res.json.count, names: res.json.results.map((p: { name: string }) => p.name) };
    };
    const pages = [1, 2, 3].map((n) => page('gorila', `page_size=1&page=${n}`));
    const read = await Promise.all(pages);
    expect(read.map((p) => p.count)).toEqual([3, 3, 3]);
    expect(read.flatMap((p) => p.names).sort()).toEqual(['Blueberry', 'Gorilla Glue Auto', 'Gorilla Zkittlez']);
    expect(await page('gorila', 'page=99')).toEqual({ count: 3, names: [] });
    expect(await page('gorilla', 'page=99')).toEqual({ count: 3, names: [] });
    expect(await page('cafe colombino', 'page=1')).toEqual({ count: 1, names: ['Café Colombiano'] });
  });

  it('needs every word: a strain and a brand narrow the search', async () => {
    expect(await search('gorilla bsf')).toEqual(['Gorilla Glue Auto']);
    expect(await search('royal queen')).toEqual(['Northern Light Automática']);
    expect(await search('sensi seedss haze')).toEqual(['Northern Lights Haze']);
  });

  it('ranks by relevance: names starting with the text first, then exact matches, then the rest', async () => {
    const gorilla = await search('gorilla');
    // Blueberry only matches through its brand.
    expect(gorilla.at(-1)).toBe('Blueberry');
    expect(gorilla.slice(0, 2).sort()).toEqual(['Gorilla Glue Auto', 'Gorilla Zkittlez']);
    const northern = await search('northern light');
    expect(northern).toEqual(['Northern Light Automática', 'Northern Lights Haze']);
  });

  it('matches symbols the shop writes in names and brands', async () => {
    expect(await search('se+')).toEqual(['Amnesia Haze']);
    expect(await search('critical+')).toEqual(['Critical+ 2.0']);
  });

  it('keeps the other filters and an explicit ordering', async () => {
    expect(await search('gorilla', '&type=fem')).toEqual(expect.arrayContaining(['Gorilla Zkittlez', 'Blueberry']));
    expect(await search('gorilla', '&type=fem')).toHaveLength(2);
    expect(await search('gorilla', '&ordering=name')).toEqual(['Blueberry', 'Gorilla Glue Auto', 'Gorilla Zkittlez']);
  });

  it('never finds unavailable products for the public', async () => {
    expect(await search('oculta')).toEqual([]);
  });

  it('answers an honest empty page for text that cannot match, and 400 for an oversized text', async () => {
    expect(await search('xyzqwv')).toEqual([]);
    expect(await search('%%%')).toEqual([]);
    expect(await search("'; drop table products; --")).toEqual([]);
    expect(await search('   ')).toHaveLength(9);
    const long = await api(server, 'GET', `/api/products/?search=${'gorilla'.repeat(20)}`);
    expect(long.status).toBe(400);
    expect(long.json.error).toBe('La búsqueda es demasiado larga');
  });

  it('counts facets under the search', async () => {
    const res = await api(server, 'GET', '/api/products/facets/?search=gorila');
    expect(res.json.types).toEqual({ auto: 1, fem: 2, reg: 0 });
    expect(res.json.brands.find((b: any) => b.brand_id === 'gorilla-seeds-bank').count).toBe(2);
  });
});
