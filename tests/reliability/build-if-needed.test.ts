// `npm start` in a production install (`npm install --omit=dev` on a built tree) runs the build it
// was given instead of trying to rebuild without the build tools.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/server-process';

const OUTPUTS = ['dist/web/index.html', 'dist/web-ssr/entry-server.js', 'dist/server/main.js'];

function productionTree(withOutputs: boolean): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-prod-'));
  mkdirSync(path.join(dir, 'scripts'));
  copyFileSync(path.join(ROOT, 'scripts/build-if-needed.mjs'), path.join(dir, 'scripts/build-if-needed.mjs'));
  writeFileSync(path.join(dir, 'package.json'), '{"type":"module","scripts":{"build":"exit 7"}}');
  if (withOutputs) {
    const old = new Date(Date.now() - 3_600_000);
    for (const output of OUTPUTS) {
      mkdirSync(path.dirname(path.join(dir, output)), { recursive: true });
      writeFileSync(path.join(dir, output), '');
      utimesSync(path.join(dir, output), old, old);
    }
  }
  // Sources newer than the build, as after copying or checking out a built tree.
  mkdirSync(path.join(dir, 'src'));
  writeFileSync(path.join(dir, 'src/main.ts'), '');
  return dir;
}

const run = (dir: string) => spawnSync(process.execPath, ['scripts/build-if-needed.mjs'], { cwd: dir, encoding: 'utf8' });

describe('build-if-needed without the build tools', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('starts from the build it was given, even with newer sources', () => {
    dir = productionTree(true);
    const result = run(dir);
    expect(result.status).toBe(0);
    expect(result.stdout).not.toContain('Compilando');
  });

  it('refuses with a clear message when there is no build', () => {
    dir = productionTree(false);
    const result = run(dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('npm run build');
  });
});
