// index.html is written from the same document parts the server assembles pages from.
import { describe, expect, it } from 'vitest';
import { shellHtml } from './document-shell';

describe('shellHtml', () => {
  it("is the shop's document with its default head, an empty root and the entry script", () => {
    const html = shellHtml('/main.tsx');
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('<title>Semillas del Sur - Banco de semillas de cannabis</title>');
    expect(html).toContain('<meta name="theme-color" content="#14532d" />');
    expect(html).toContain('<div id="root"></div>\n    <script type="module" src="/main.tsx"></script>');
  });
});
