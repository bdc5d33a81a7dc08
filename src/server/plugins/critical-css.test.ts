// A landing page carries inline only the rules its own HTML can use; the whole sheet follows as a
// file that does not hold the first paint.
import { describe, expect, it } from 'vitest';
import { criticalCss, criticalSheetTags, inlineSheetTags, pageNames, parseStylesheet, pickRules } from './critical-css';

const names = (classes: string[], ids: string[] = []) => ({ classes: new Set(classes), ids: new Set(ids) });
const pick = (css: string, classes: string[], ids: string[] = []) => pickRules(parseStylesheet(css), names(classes, ids));

describe('pickRules', () => {
  it('keeps the rules whose classes and ids are all on the page, in their order', () => {
    const css = '.a{color:red}.b{color:blue}.a.c{margin:0}#top .a{padding:0}.a .b{gap:0}';
    expect(pick(css, ['a', 'b'])).toBe('.a{color:red}.b{color:blue}.a .b{gap:0}');
    expect(pick(css, ['a'], ['top'])).toBe('.a{color:red}#top .a{padding:0}');
  });

  it('keeps the rules that ask for no class: element, attribute and universal selectors', () => {
    const css = 'html,:host{line-height:1.5}*,:before{box-sizing:border-box}[hidden]{display:none}button:hover{opacity:.9}.x{color:red}';
    expect(pick(css, [])).toBe('html,:host{line-height:1.5}*,:before{box-sizing:border-box}[hidden]{display:none}button:hover{opacity:.9}');
  });

  it('reads escaped class names as the HTML writes them', () => {
    const css = '.md\\:flex{display:flex}.\\[\\&_input\\]\\:text-center input{text-align:center}.w-1\\/2{width:50%}.\\31 0{top:0}';
    expect(pick(css, ['md:flex', '[&_input]:text-center', 'w-1/2', '10'])).toBe(css);
    expect(pick(css, ['flex'])).toBe('');
  });

  it('keeps a selector list when one of its selectors can match', () => {
    expect(pick('.a,.b{color:red}', ['b'])).toBe('.a,.b{color:red}');
    expect(pick('.a,.b{color:red}', ['c'])).toBe('');
  });

  it('asks nothing of :not(), and one of its selectors of :is(), :where() and :has()', () => {
    expect(pick('.a:not(.z){color:red}', ['a'])).toBe('.a:not(.z){color:red}');
    expect(pick(':where(.s>:not(:last-child)){margin:0}', ['s'])).toBe(':where(.s>:not(:last-child)){margin:0}');
    expect(pick(':where(.s>:not(:last-child)){margin:0}', [])).toBe('');
    expect(pick('.g:is(.x,.y){color:red}', ['g', 'y'])).toBe('.g:is(.x,.y){color:red}');
    expect(pick('.g:is(.x,.y){color:red}', ['g'])).toBe('');
    expect(pick('html:has([data-scroll-lock]){overflow:hidden}.f:has(.o){gap:0}', ['f'])).toBe(
      'html:has([data-scroll-lock]){overflow:hidden}',
    );
  });

  it('keeps media and supports blocks that hold a kept rule, and every layer, even empty, in its place', () => {
    const css =
      '@layer theme,base;@layer theme{:root{--c:red}}@layer utilities{.a{color:var(--c)}@media (width>=48rem){.md\\:a{color:blue}.md\\:b{color:green}}@supports (color:lab(0 0 0)){.b{color:lab(0 0 0)}}}';
    expect(pick(css, ['a', 'md:a'])).toBe(
      '@layer theme,base;@layer theme{:root{--c:red}}@layer utilities{.a{color:var(--c)}@media (width>=48rem){.md\\:a{color:blue}}}',
    );
    expect(pick('@layer components;@layer base{.z{color:red}}', [])).toBe('@layer components;@layer base{}');
  });

  it('keeps @keyframes and @font-face whole, and leaves comments out', () => {
    const css = '/*! licence */@keyframes spin{to{transform:rotate(1turn)}}@font-face{font-family:x;src:url(x.woff2)}.z{color:red}';
    expect(pick(css, [])).toBe('@keyframes spin{to{transform:rotate(1turn)}}@font-face{font-family:x;src:url(x.woff2)}');
  });

  it('keeps only the custom properties a kept rule or the page reads, and their registrations', () => {
    const css =
      '@layer theme{:root,:host{--color-a:red;--color-b:blue;--font:var(--stack);--stack:Arial}}' +
      '@layer properties{*,:before{--tw-shadow:0 0 #0000;--tw-ring:0}}' +
      '.a{color:var(--color-a);box-shadow:var(--tw-shadow)}.f{font-family:var(--font)}.b{color:var(--color-b)}' +
      '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}@property --tw-ring{syntax:"*";inherits:false}';
    expect(pick(css, ['a'])).toBe(
      '@layer theme{:root,:host{--color-a:red}}@layer properties{*,:before{--tw-shadow:0 0 #0000}}' +
        '.a{color:var(--color-a);box-shadow:var(--tw-shadow)}@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
    );
    // A variable that reads another keeps both; the page's inline styles count as readers.
    expect(pickRules(parseStylesheet(css), names(['f']), new Set(['--color-b']))).toBe(
      '@layer theme{:root,:host{--color-b:blue;--font:var(--stack);--stack:Arial}}@layer properties{}.f{font-family:var(--font)}',
    );
  });

  it('is not misled by braces and commas in strings and brackets', () => {
    const css = '.a:after{content:"}{,"}.b[data-x="{,}"]{color:red}.c{color:blue}';
    expect(pick(css, ['a', 'b'])).toBe('.a:after{content:"}{,"}.b[data-x="{,}"]{color:red}');
  });
});

describe('pageNames', () => {
  it('reads class and id attributes, entities decoded', () => {
    const found = pageNames('<div class="a  md:flex [&amp;_input]:x"><p id="top" class="b">x</p></div>');
    expect([...found.classes]).toEqual(['a', 'md:flex', '[&_input]:x', 'b']);
    expect([...found.ids]).toEqual(['top']);
  });
});

describe('criticalCss', () => {
  const sheet = { href: '/assets/index-AbC123.css', css: '.a{color:red}.b{color:blue}' };
  const page = (body: string) => `<head>${inlineSheetTags(sheet)}</head><body>${body}</body>`;

  it('puts the page’s own rules inline and the whole sheet as a print sheet for start.js to apply', () => {
    expect(criticalCss([sheet])(page('<p class="b">x</p>'))).toBe(
      '<head><style>.b{color:blue}</style><link rel="stylesheet" crossorigin href="/assets/index-AbC123.css" media="print" fetchpriority="high" data-rest></head><body><p class="b">x</p></body>',
    );
    expect(criticalSheetTags(sheet, '')).toContain('data-rest');
  });

  it('leaves a page without the inline sheet, or a sheet that could close its element, as it is', () => {
    const html = '<head><link rel="stylesheet" href="/assets/index-AbC123.css"></head>';
    expect(criticalCss([sheet])(html)).toBe(html);
    const closing = { href: '/assets/x.css', css: '.a:after{content:"</style>"}' };
    expect(criticalCss([closing])(page('<p class="a">'))).toBe(page('<p class="a">'));
  });
});
