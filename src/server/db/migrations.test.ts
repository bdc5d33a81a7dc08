// The migrations' last snapshot (drizzle/meta) describes schema.ts: `npm run db:generate` after a
// change to the schema writes that change alone, never again what earlier migrations did. Runs
// drizzle-kit on a copy of the folder, so nothing is written here.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const copy = mkdtempSync(path.join(tmpdir(), 'migrations-'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe('migrations', () => {
  it('have a snapshot of schema.ts: generating finds nothing to migrate', { timeout: 60_000 }, async () => {
    const out = path.join(copy, 'drizzle');
    cpSync(path.join(ROOT, 'drizzle'), out, { recursive: true });
    const before = readdirSync(out).sort();
    const { stdout } = await promisify(execFile)(
      path.join(ROOT, 'node_modules/.bin/drizzle-kit'),
      // drizzle-kit reads --out as relative to the working folder.
      ['generate', '--dialect', 'postgresql', '--schema', 'src/server/db/schema.ts', '--out', path.relative(ROOT, out)],
      { cwd: ROOT, timeout: 50_000 },
    );
    expect(stdout).toContain('No schema changes, nothing to migrate');
    expect(readdirSync(out).sort()).toEqual(before);
  });
});
