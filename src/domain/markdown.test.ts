import { describe, expect, it } from 'vitest';
import { isSafeHref, parseMarkdown, plainText } from './markdown';

describe('parseMarkdown', () => {
  it('reads headings, paragraphs and both kinds of list', () => {
    const blocks = parseMarkdown('# Título\n\nUna línea\notra línea\n\n- uno\n- dos\n\n1. primero\n2. segundo\n\n## Sub');
    expect(blocks.map((b) => b.kind)).toEqual(['heading', 'paragraph', 'list', 'list', 'heading']);
    expect(blocks[0]).toEqual({ kind: 'heading', level: 2, children: [{ kind: 'text', text: 'Título' }] });
    expect(blocks[1]).toMatchObject({ kind: 'paragraph', lines: [[{ text: 'Una línea' }], [{ text: 'otra línea' }]] });
    expect(blocks[2]).toMatchObject({ kind: 'list', ordered: false, items: [[{ text: 'uno' }], [{ text: 'dos' }]] });
    expect(blocks[3]).toMatchObject({ kind: 'list', ordered: true });
    expect(blocks[4]).toMatchObject({ kind: 'heading', level: 3 });
  });

  it('reads bold text and links to http(s) and mailto addresses', () => {
    const [block] = parseMarkdown('Escribinos a [la tienda](mailto:hola@tienda.com) o **leé [esto](https://example.com/a)**.');
    expect(block).toEqual({
      kind: 'paragraph',
      lines: [
        [
          { kind: 'text', text: 'Escribinos a ' },
          { kind: 'link', href: 'mailto:hola@tienda.com', children: [{ kind: 'text', text: 'la tienda' }] },
          { kind: 'text', text: ' o ' },
          {
            kind: 'bold',
            children: [
              { kind: 'text', text: 'leé ' },
              { kind: 'link', href: 'https://example.com/a', children: [{ kind: 'text', text: 'esto' }] },
            ],
          },
          { kind: 'text', text: '.' },
        ],
      ],
    });
  });

  it('keeps HTML and dangerous links as plain text', () => {
    const source = '<script>alert(1)</script>\n[clic](javascript:alert(1)) [x](data:text/html,hi) <img src=x onerror=alert(1)>';
    const blocks = parseMarkdown(source);
    expect(JSON.stringify(blocks)).not.toContain('"link"');
    expect(plainText(blocks)).toContain('<script>alert(1)</script>');
    expect(plainText(blocks)).toContain('[clic](javascript:alert(1))');
  });

  it('accepts only http(s) and mailto addresses', () => {
    expect(isSafeHref('https://a.com')).toBe(true);
    expect(isSafeHref('mailto:a@b.com')).toBe(true);
    for (const bad of ['javascript:alert(1)', 'JAVASCRIPT:x', 'data:text/html,x', '/relativa', 'vbscript:x', 'http://a b']) {
      expect(isSafeHref(bad)).toBe(false);
    }
  });

  it('parses a 100,000-character page of marks, brackets or spaces in linear time', () => {
    const size = 100_000;
    const fill = (unit: string) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
    const bodies = {
      brackets: fill('['),
      'closed brackets': `${fill('[')}]`,
      'brackets before an open address': `${fill('[')}](https://a.com`,
      'nested brackets': fill('[[a]'),
      stars: fill('*'),
      'star pairs': `**${fill('**a')}`,
      underscores: fill('_'),
      backticks: fill('`'),
      'unclosed links': fill('[a](https://a.com '),
      'a heading of spaces': `# ${' '.repeat(size)}x`,
      'a heading of marks and spaces': `# ${fill(' #')}x`,
      'one bullet': `- ${fill('[*')}`,
    };
    for (const [name, body] of Object.entries(bodies)) {
      const started = performance.now();
      const blocks = parseMarkdown(body);
      const elapsed = performance.now() - started;
      expect(blocks.length, name).toBeGreaterThan(0);
      // Linear: a few milliseconds on a quiet machine, a few hundred on a loaded CI core; the
      // quadratic parser took 28 s for the brackets.
      expect(elapsed, name).toBeLessThan(1000);
    }
  });

  it('keeps the text of a long line of brackets, and its links', () => {
    const [block] = parseMarkdown(`${'['.repeat(1000)}[ver](https://a.com) y **${'['.repeat(1000)}**`);
    expect(plainText([block])).toBe(`${'['.repeat(1000)}ver y ${'['.repeat(1000)}`);
    expect(JSON.stringify(block)).toContain('"href":"https://a.com"');
  });
});
