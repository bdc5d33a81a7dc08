// A page's HTML document assembled from its parts: shell, head, built files, first view.
import { describe, expect, it } from 'vitest';
import { htmlDocument, scriptTags, stylesheetTags } from './html-document';
import type { EntryFiles } from './web-manifest';

const ENTRY: EntryFiles = {
  script: '/assets/index-A1.js',
  imports: ['/assets/react-C3.js', '/assets/query-B2.js'],
  css: ['/assets/index-D4.css'],
};
const PAGE = { scripts: ['/assets/carousel-F6.js', '/assets/HomePage-E5.js'], css: ['/assets/carousel-H8.css'] };
const css = (url: string) => (url === '/assets/index-D4.css' ? '.a{color:red}' : null);

describe('htmlDocument', () => {
  it("is the shop's shell with its default head and the app's entry when the page has nothing of its own", () => {
    const html = htmlDocument({ entry: ENTRY, inlineCss: css });
    expect(html).toMatch(/^<!doctype html>\n<html lang="es">\n {2}<head>\n {4}<meta charset="UTF-8" \/>/);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1" />');
    expect(html).toContain('<title>Semillas del Sur - Banco de semillas de cannabis</title>');
    expect(html).toContain('<meta name="description" content="Semillas de cannabis de los mejores bancos');
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml" />');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-A1.js"></script>');
    expect(html).toContain('<body class="bg-stone-50 text-stone-900 antialiased">\n    <div id="root"></div>\n  </body>');
  });

  it("puts the page's head tags in place of the default title and description", () => {
    const html = htmlDocument({
      entry: ENTRY,
      inlineCss: css,
      headTags: ['<title>Contacto</title>', '<link rel="canonical" href="/c" />'],
    });
    expect([...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1])).toEqual(['Contacto']);
    expect(html).not.toContain('name="description"');
    expect(html.indexOf('<link rel="canonical"')).toBeLessThan(html.indexOf('<script'));
  });

  it('preloads the startup fetches and the page chunks with the entry when the browser renders the page itself', () => {
    const html = htmlDocument({ entry: ENTRY, page: PAGE, inlineCss: css, startupFetches: ['/api/core/maintenance-status/'] });
    expect(html).toContain('<link rel="preload" as="fetch" href="/api/core/maintenance-status/" crossorigin />');
    const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    expect(preloads).toEqual([...PAGE.scripts, ...ENTRY.imports]);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/carousel-H8.css">');
  });

  it('puts the first view in the root, its data after it, and leaves the scripts to start.js', () => {
    const html = htmlDocument({
      entry: ENTRY,
      page: PAGE,
      inlineCss: css,
      firstView: { html: '<main>Hola</main>', data: '<script type="application/json" id="first-render">{}</script>' },
      startupFetches: ['/api/core/maintenance-status/'],
    });
    expect(html).toContain('<div id="root"><main>Hola</main></div><script type="application/json" id="first-render">{}</script>');
    expect(html).not.toContain('as="fetch"');
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain('modulepreload');
    const start =
      '<script async fetchpriority="high" src="/start.js" data-entry="/assets/index-A1.js" data-modules="/assets/react-C3.js /assets/query-B2.js /assets/carousel-F6.js /assets/HomePage-E5.js"></script>';
    expect(html).toContain(start);
    expect(html.indexOf(start)).toBeGreaterThan(html.indexOf('<style>.a{color:red}</style>'));
  });

  it("preloads a returning customer's modules from the head, after start.js, the entry last", () => {
    const html = htmlDocument({
      entry: ENTRY,
      page: PAGE,
      inlineCss: css,
      firstView: { html: '<main>Hola</main>', data: '', returning: true },
    });
    const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
    expect(preloads.map((m) => m[1])).toEqual([...ENTRY.imports, ...PAGE.scripts, ENTRY.script]);
    expect(preloads[0].index).toBeGreaterThan(html.indexOf('src="/start.js"'));
  });

  it("names on start.js the answers with prices a returning customer's browser fetches early", () => {
    const html = htmlDocument({
      entry: ENTRY,
      inlineCss: css,
      firstView: { html: '', data: '', returning: true, priced: ['/api/products/7/', '/api/products/7/related/?limit=4&x="y"'] },
    });
    expect(html).toContain('data-priced="/api/products/7/ /api/products/7/related/?limit=4&amp;x=&quot;y&quot;"');
    expect(htmlDocument({ entry: ENTRY, inlineCss: css, firstView: { html: '', data: '' } })).not.toContain('data-priced');
  });

  it("writes the start script into a returning visitor's page, with what it starts as its attributes", () => {
    const html = htmlDocument({
      entry: ENTRY,
      page: PAGE,
      inlineCss: css,
      firstView: { html: '<main>Hola</main>', data: '', returning: true, priced: ['/api/products/7/'] },
      startScript: 'start();',
    });
    const start =
      '<script data-entry="/assets/index-A1.js" data-modules="/assets/react-C3.js /assets/query-B2.js /assets/carousel-F6.js /assets/HomePage-E5.js" data-priced="/api/products/7/">start();</script>';
    expect(html).toContain(start);
    expect(html).not.toContain('/start.js');
    // After the sheets it applies, before the preloads, which it counts on finding.
    expect(html.indexOf(start)).toBeGreaterThan(html.indexOf('<style>.a{color:red}</style>'));
    expect(html.indexOf(start)).toBeLessThan(html.indexOf('rel="modulepreload"'));
    // A first visitor's page links it; a page the browser renders itself has none.
    const first = htmlDocument({ entry: ENTRY, page: PAGE, inlineCss: css, firstView: { html: '', data: '' }, startScript: 'start();' });
    expect(first).not.toContain('start();');
    expect(first).toContain('<script async fetchpriority="high" src="/start.js" data-entry="/assets/index-A1.js"');
    expect(htmlDocument({ entry: ENTRY, inlineCss: css, startScript: 'start();' })).not.toContain('start();');
  });

  it('holds the first paint of a first view until its data block, after the root, is parsed', () => {
    const tag = '<link rel="expect" href="#first-render" blocking="render">';
    const html = htmlDocument({
      entry: ENTRY,
      inlineCss: css,
      firstView: { html: '<main>Hola</main>', data: '<script type="application/json" id="first-render">{}</script>' },
    });
    expect(html.indexOf(tag)).toBeGreaterThan(-1);
    expect(html.indexOf(tag)).toBeLessThan(html.indexOf('</head>'));
    // A page the browser renders itself paints what it draws, when it draws it.
    expect(htmlDocument({ entry: ENTRY, inlineCss: css })).not.toContain('rel="expect"');
  });
});

describe('scriptTags', () => {
  it("loads the entry as a module script, the page's chunks preloaded before it and the entry's imports after it", () => {
    expect(scriptTags(ENTRY, ['/assets/HomePage-E5.js'], null)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/HomePage-E5.js">',
      '<script type="module" crossorigin src="/assets/index-A1.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/react-C3.js">',
      '<link rel="modulepreload" crossorigin href="/assets/query-B2.js">',
    ]);
  });
});

describe('stylesheetTags', () => {
  it("writes the entry's stylesheet into the page, its link left disabled, and links the page's own", () => {
    expect(stylesheetTags(ENTRY.css, PAGE.css, css)).toEqual([
      '<style>.a{color:red}</style><link rel="stylesheet" crossorigin href="/assets/index-D4.css" disabled>',
      '<link rel="stylesheet" crossorigin href="/assets/carousel-H8.css">',
    ]);
  });

  it('keeps the link of a stylesheet that is missing or could close its element', () => {
    const link = '<link rel="stylesheet" crossorigin href="/assets/index-D4.css">';
    expect(stylesheetTags(ENTRY.css, [], () => null)).toEqual([link]);
    expect(stylesheetTags(ENTRY.css, [], () => '.a::after{content:"</style><script>"}')).toEqual([link]);
  });
});
