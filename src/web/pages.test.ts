// The route table: each page declared once, its module where the router's glob finds it.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { landingPages, matchPage, PAGES } from './pages';

describe('the route table', () => {
  it("names each page's module as a *Page.tsx file of a feature or of src/web (the router loads those)", () => {
    for (const page of PAGES) {
      expect(page.module, page.path).toMatch(/^(features\/[\w-]+\/)?\w+Page\.tsx$/);
      expect(existsSync(path.join(import.meta.dirname, page.module)), page.module).toBe(true);
    }
  });

  it('declares each path once, and a head for every page the server renders whole', () => {
    expect(new Set(PAGES.map((page) => page.path)).size).toBe(PAGES.length);
    for (const page of PAGES.filter((p) => p.firstView === 'full')) expect(page.head, page.path).toBeDefined();
  });

  it('lists the landing pages: home, catalog and product', () => {
    expect(landingPages().map((page) => page.path)).toEqual(['', 'productos', 'producto/:id']);
  });
});

describe('matchPage', () => {
  it('finds the page of a path, with its parameters, a trailing slash allowed', () => {
    expect(matchPage('/')?.page.module).toBe('features/home/HomePage.tsx');
    expect(matchPage('/productos/')?.page.path).toBe('productos');
    expect(matchPage('/producto/42')).toMatchObject({ page: { path: 'producto/:id' }, params: { id: '42' } });
    expect(matchPage('/terminos')?.page.export).toBe('TermsPage');
  });

  it('finds nothing for a path of no page', () => {
    expect(matchPage('/producto')).toBeNull();
    expect(matchPage('/producto/1/2')).toBeNull();
    expect(matchPage('/admin')).toBeNull();
  });
});
