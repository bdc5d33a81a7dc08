// The built stylesheet goes into the page itself, so the first paint waits for no second request.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { withInlineStylesheets } from './static-web';

const INDEX = '<head>\n    <link rel="stylesheet" crossorigin href="/assets/index-AbC123.css">\n  </head>';
let webRoot: string;

function builtWith(css: string | null) {
  webRoot = mkdtempSync(path.join(tmpdir(), 'inline-css-'));
  mkdirSync(path.join(webRoot, 'assets'));
  if (css !== null) writeFileSync(path.join(webRoot, 'assets/index-AbC123.css'), css);
  return webRoot;
}
afterEach(() => rmSync(webRoot, { recursive: true, force: true }));

describe('withInlineStylesheets', () => {
  it('writes the built stylesheet into the page, its link left disabled', () => {
    const html = withInlineStylesheets(INDEX, builtWith('.a{color:red}'));
    expect(html).toBe(
      '<head>\n    <style>.a{color:red}</style><link rel="stylesheet" crossorigin href="/assets/index-AbC123.css" disabled>\n  </head>',
    );
  });

  it('keeps the link of a stylesheet that is missing or could close its element', () => {
    expect(withInlineStylesheets(INDEX, builtWith(null))).toBe(INDEX);
    expect(withInlineStylesheets(INDEX, builtWith('.a::after{content:"</style><script>"}'))).toBe(INDEX);
  });
});
