// The start script as written into the pages: its comment lines left out, its CSP hash what a
// browser computes over the element's text, and a text that would close its element refused.
import { describe, expect, it } from 'vitest';
import { cspHash, inlineScript } from './inline-start';

describe('the inline start script', () => {
  it('hashes a script as browsers check it (the Content-Security-Policy specification’s example)', () => {
    expect(cspHash("alert('Hello, world.');")).toBe("'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='");
  });

  it('leaves out whole-line comments only, and hashes the text it keeps', () => {
    const script = inlineScript("// Why it exists.\n(function () {\n  // A note.\n  var url = 'https://x.test/a';\n})();\n");
    expect(script.text).toBe("(function () {\n  var url = 'https://x.test/a';\n})();");
    expect(script.hash).toBe(cspHash(script.text));
  });

  it('refuses a script that would close its own element', () => {
    expect(() => inlineScript("var end = '</script>';")).toThrow(/closes its own element/);
  });
});
