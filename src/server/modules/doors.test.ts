// Each area has one door: the lint refuses an import of another area's file that is not its
// index.ts (and an admin section's import of another section), and scripts/areas.mjs fails on a
// circle between areas or a lower layer that imports one. ESLint's Node API lints small sources
// placed in the tree (only the boundary rule, without type information); the script runs on a
// small tree written for the test and on the repository itself.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: tseslint.configs.disableTypeChecked,
  ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-restricted-paths',
});

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  expect(result.messages.filter((m) => m.fatal)).toEqual([]);
  return result.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

describe("an area's door", () => {
  it("refuses a reach-in past another area's index.ts", async () => {
    const errors = await boundaryErrors(
      'src/server/modules/users/door-check.ts',
      "import { countOrdersOf } from '../orders/lookups';\nexport const count = countOrdersOf;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('solo por su puerta');
  });

  it("refuses a re-export of another area's file too", async () => {
    const errors = await boundaryErrors('src/server/modules/users/door-check.ts', "export { readShopSettings } from '../site/settings';\n");
    expect(errors).toHaveLength(1);
  });

  it("lets an area import another's door, and its own files", async () => {
    const code =
      "import { countOrdersOf } from '../orders';\nimport { toProfile } from './service';\nexport const used = [countOrdersOf, toProfile];\n";
    expect(await boundaryErrors('src/server/modules/users/door-check.ts', code)).toEqual([]);
  });
});

describe('admin sections', () => {
  it("refuse another section's file", async () => {
    const code = "import { OrderDetails } from '../orders/OrderParts';\nexport const Details = OrderDetails;\n";
    const errors = await boundaryErrors('src/web/features/admin/users/door-check.tsx', code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('Una sección del admin no importa otra');
  });

  it('use what admin/lib and admin/ui share', async () => {
    const code =
      "import { OrderStatusBadge } from '../ui/OrderStatusBadge';\nimport { brandStockTone } from '../lib/stock';\nexport const used = [OrderStatusBadge, brandStockTone];\n";
    expect(await boundaryErrors('src/web/features/admin/users/door-check.tsx', code)).toEqual([]);
  });

  it('keep admin/lib below the sections', async () => {
    const code = "import { OrderDetails } from '../orders/OrderParts';\nexport const Details = OrderDetails;\n";
    expect(await boundaryErrors('src/web/features/admin/lib/door-check.tsx', code)).toHaveLength(1);
  });
});

describe('the areas’ import graph (scripts/areas.mjs)', () => {
  const trees: string[] = [];
  afterAll(() => trees.forEach((tree) => rmSync(tree, { recursive: true, force: true })));

  function tree(files: Record<string, string>): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'areas-'));
    trees.push(dir);
    for (const [file, source] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), source);
    }
    return dir;
  }

  const areas = (root?: string) =>
    spawnSync(process.execPath, [path.join(ROOT, 'scripts/areas.mjs'), ...(root ? ['--root', root] : [])], { encoding: 'utf8' });

  it('fails on a circle between areas that no file circle shows', () => {
    const run = areas(
      tree({
        'src/server/modules/auth/service.ts': "import { contact } from '../site';\nexport const login = () => contact;\n",
        'src/server/modules/site/index.ts': "export { contact } from './contact';\n",
        'src/server/modules/site/contact.ts': 'export const contact = 1;\n',
        'src/server/modules/site/maintenance.ts': "import type { Caller } from '../auth/caller';\nexport type Who = Caller;\n",
        'src/server/modules/auth/caller.ts': 'export type Caller = string;\n',
      }),
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('circle between areas: auth → site → auth');
    expect(run.stderr).toContain('src/server/modules/site/maintenance.ts → src/server/modules/auth/caller');
  });

  it('fails when a lower layer imports an area', () => {
    const run = areas(
      tree({
        'src/server/security/caller.ts': "import { login } from '../modules/auth';\nexport const who = login;\n",
        'src/server/modules/auth/index.ts': 'export const login = 1;\n',
      }),
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('a lower layer imports an area');
  });

  it('passes on an acyclic tree, and on this repository', () => {
    const acyclic = areas(
      tree({
        'src/server/modules/orders/service.ts': "import { readShopSettings } from '../site';\nexport const place = readShopSettings;\n",
        'src/server/modules/site/index.ts': 'export const readShopSettings = 1;\n',
      }),
    );
    expect(acyclic.stderr).toBe('');
    expect(acyclic.stdout).toContain('floor 2  orders → site');
    const repository = areas();
    expect(repository.stderr).toBe('');
    expect(repository.status).toBe(0);
  });
});
