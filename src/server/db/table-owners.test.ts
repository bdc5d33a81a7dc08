// The table ownership rule (table-owners.js) as the lint applies it: ESLint's Node API with the
// repository's own configuration lints small sources placed inside an area (without type
// information, and only this rule, so it takes seconds).
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({
  cwd: fileURLToPath(new URL('../../..', import.meta.url)),
  overrideConfig: tseslint.configs.disableTypeChecked,
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
});

async function tableErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  expect(result.messages.filter((m) => m.fatal)).toEqual([]);
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const source = (names: string) => `import { ${names} } from '../../db/schema';\nexport const tables = [${names}];\n`;

describe('table ownership lint', () => {
  it("refuses an area's import of a table another area owns", async () => {
    const errors = await tableErrors('src/server/modules/users/owner-check.ts', source('products, users'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/'products' import from '..\/..\/db\/schema' is restricted/);
    expect(errors[0]).toContain('no es del área users');
  });

  it('lets the owner, and every folder of its owner group, import its tables', async () => {
    expect(await tableErrors('src/server/modules/users/owner-check.ts', source('users, refreshTokens'))).toEqual([]);
    expect(await tableErrors('src/server/modules/admin-catalog/owner-check.ts', source('products, blisters, brands'))).toEqual([]);
  });

  it('allows an exception only in its own file', async () => {
    expect(await tableErrors('src/server/modules/orders/queries.ts', source('orders, users'))).toEqual([]);
    expect(await tableErrors('src/server/modules/orders/owner-check.ts', source('orders, users'))).toHaveLength(1);
  });

  it('refuses a namespace import of the schema in an area', async () => {
    const code = `import * as schema from '../../db/schema';\nexport const t = schema;\n`;
    expect(await tableErrors('src/server/modules/coupons/owner-check.ts', code)).not.toEqual([]);
  });
});
