// vite.config.ts is loaded by Vite's native config loader, which refuses an import without its
// file extension and warns on every build: every file the config reaches names its imports whole.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const RELATIVE_IMPORT = /^\s*(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/gm;

/** The relative, value (not type-only) imports of every file `entry` reaches, with their sources. */
function reachedImports(entry: string): { from: string; spec: string }[] {
  const found: { from: string; spec: string }[] = [];
  const seen = new Set<string>();
  const queue = [path.join(ROOT, entry)];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
      if (/^\s*(?:import|export)\s+type\s/.test(match[0])) continue;
      const spec = match[1];
      found.push({ from: path.relative(ROOT, file), spec });
      if (/\.tsx?$/.test(spec)) queue.push(path.resolve(path.dirname(file), spec));
    }
  }
  return found;
}

describe("vite.config.ts's imports", () => {
  it('name each file with its extension, all the way down', () => {
    const imports = reachedImports('vite.config.ts');
    expect(imports.length).toBeGreaterThan(3);
    expect(imports.filter(({ spec }) => !/\.(tsx?|js|mjs|json)$/.test(spec))).toEqual([]);
  });
});
