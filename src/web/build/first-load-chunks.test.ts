// How the browser's code is cut into files, on a module graph written by hand: React apart, what
// the entry and the landing pages import statically in one 'storefront' file, the entry and the
// pages in their own chunks, and everything reached only through a later import left alone.
import { describe, expect, it } from 'vitest';
import { firstLoadChunks, staticallyReached } from './first-load-chunks.ts';

const web = '/shop/src/web';
const GRAPH: Record<string, string[]> = {
  [`${web}/main.tsx`]: [`${web}/App.tsx`, '/shop/node_modules/react/index.js', `${web}/index.css`],
  [`${web}/App.tsx`]: [`${web}/lib/api.ts`, '/shop/node_modules/@tanstack/react-query/build/modern/index.js'],
  [`${web}/lib/api.ts`]: [],
  [`${web}/index.css`]: [],
  '/shop/node_modules/react/index.js': [],
  '/shop/node_modules/@tanstack/react-query/build/modern/index.js': ['/shop/node_modules/react/index.js'],
  [`${web}/features/home/HomePage.tsx`]: [`${web}/components/ProductCard.tsx`],
  [`${web}/components/ProductCard.tsx`]: [`${web}/lib/api.ts`],
  // Reached only by a dynamic import (the back office): not in anyone's static imports.
  [`${web}/features/admin/AdminApp.tsx`]: [`${web}/features/admin/OrdersPage.tsx`],
  [`${web}/features/admin/OrdersPage.tsx`]: [`${web}/lib/api.ts`],
};
const getModuleInfo = (id: string) => (GRAPH[id] ? { importedIds: GRAPH[id] } : null);

describe('staticallyReached', () => {
  it('follows static imports from the starts, each module once, cycles included', () => {
    const cyclic = { a: ['b'], b: ['a', 'c'], c: [] } as Record<string, string[]>;
    expect([...staticallyReached(['a'], (id) => ({ importedIds: cyclic[id] }))].sort()).toEqual(['a', 'b', 'c']);
  });
});

describe('firstLoadChunks', () => {
  const chunkOf = firstLoadChunks(web, 'main.tsx', ['features/home/HomePage.tsx']);
  const chunk = (id: string) => chunkOf(id, { getModuleInfo });

  it('puts React in its own file and the rest of the first load in one', () => {
    expect(chunk('/shop/node_modules/react/index.js')).toBe('react');
    expect(chunk(`${web}/App.tsx`)).toBe('storefront');
    expect(chunk(`${web}/lib/api.ts`)).toBe('storefront');
    expect(chunk('/shop/node_modules/@tanstack/react-query/build/modern/index.js')).toBe('storefront');
    expect(chunk(`${web}/components/ProductCard.tsx`)).toBe('storefront');
  });

  it('leaves the entry, the landing pages, stylesheets and the later pages to the bundler', () => {
    expect(chunk(`${web}/main.tsx`)).toBeUndefined();
    expect(chunk(`${web}/features/home/HomePage.tsx`)).toBeUndefined();
    expect(chunk(`${web}/index.css`)).toBeUndefined();
    expect(chunk(`${web}/features/admin/AdminApp.tsx`)).toBeUndefined();
    expect(chunk(`${web}/features/admin/OrdersPage.tsx`)).toBeUndefined();
  });
});
