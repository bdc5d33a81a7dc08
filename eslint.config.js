// Lint rules of the whole repository: type-aware TypeScript rules, React hooks and accessibility
// rules for the web, and the layer boundaries of docs/style.md §1–2 as import rules.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { tableOwnerRules } from './src/server/db/table-owners.js';

const features = readdirSync(new URL('./src/web/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const areas = readdirSync(new URL('./src/server/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The back office's sections (folders of features/admin); `lib/` and `ui/` are what they share. */
const ADMIN_SHARED = ['lib', 'ui'];
const adminSections = readdirSync(new URL('./src/web/features/admin', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !ADMIN_SHARED.includes(entry.name))
  .map((entry) => entry.name);

/**
 * Reach-ins one area still makes past another's door, each with why. Keep this short (empty is
 * best): the area that is reached into opens its door instead.
 */
const AREA_REACH_INS = {};

/** The arrows of docs/style.md §1–2: each zone forbids `target` to import anything under `from`. */
const boundaries = [
  {
    target: './src/domain',
    from: ['./src/server', './src/web'],
    message: 'src/domain es puro: no importa ni el servidor ni la web.',
  },
  { target: './src/web', from: './src/server', message: 'La web no importa el servidor: lo compartido va en src/domain.' },
  {
    target: ['./src/web/components', './src/web/lib'],
    from: './src/web/features',
    message: 'components/ y lib/ son la capa de abajo: no importan ninguna feature.',
  },
  // Pages compose features through routes.tsx; a feature keeps its internals to itself.
  ...features.map((feature) => ({
    target: `./src/web/features/${feature}`,
    from: './src/web/features',
    except: [`./${feature}`],
    message: 'Una feature no importa otra: lo compartido va en components/ o lib/.',
  })),
  // The back office's sections are features too: what two of them use goes in admin/lib or admin/ui.
  ...adminSections.map((section) => ({
    target: `./src/web/features/admin/${section}`,
    from: adminSections.filter((other) => other !== section).map((other) => `./src/web/features/admin/${other}`),
    message: 'Una sección del admin no importa otra: lo compartido va en admin/lib o admin/ui.',
  })),
  {
    target: ADMIN_SHARED.map((shared) => `./src/web/features/admin/${shared}`),
    from: adminSections.map((section) => `./src/web/features/admin/${section}`),
    message: 'admin/lib y admin/ui son la capa de abajo del admin: no importan ninguna sección.',
  },
  // Each area has one door, its index.ts: another area imports that file and nothing else of it.
  ...areas.map((area) => ({
    target: `./src/server/modules/${area}`,
    from: './src/server/modules',
    except: [
      `./${area}`,
      ...areas.filter((other) => other !== area).map((other) => `./${other}/index.ts`),
      ...(AREA_REACH_INS[area] ?? []),
    ],
    message: 'Un área entra a otra solo por su puerta, src/server/modules/<área>/index.ts; lo que haga falta se exporta desde ahí.',
  })),
  {
    target: './src/server/modules',
    from: './src/server/plugins',
    message: 'Los servicios no conocen Fastify: lo que necesiten de un plugin va en su módulo.',
  },
];

export default tseslint.config(
  {
    ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'e2e/artifacts/**', 'bench/.data/**', 'drizzle/**'],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Unused arguments named `_x` are kept on purpose (callbacks whose signature is fixed).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // Event handlers and React Query callbacks are passed async functions by design.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // Fastify plugins and route modules are async functions by Fastify's contract, await or not.
      '@typescript-eslint/require-await': 'off',
    },
  },
  // An area imports only the tables its owner owns (src/server/db/table-owners.js).
  ...tableOwnerRules(areas),
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // The classic hook rules; the React Compiler's rules (refs, set-state-in-effect, …) judge code
      // for a compiler this app does not use.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Props typed with method shorthand (`onClose(): void`) are plain callbacks, never bound to `this`.
      '@typescript-eslint/unbound-method': 'off',
      // The toast library loads only when a toast is shown (lib/toast.tsx).
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'sonner', allowTypeImports: true, message: 'Import toast from lib/toast: it loads the library when a toast is shown.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/lib/toast.tsx', 'src/web/lib/toast.test.tsx'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
  {
    files: ['src/web/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['src/web/**/*.tsx'],
    rules: {
      // autoFocus is used only where focus must move into what just opened (the mobile search
      // panel, the maintenance page's single password field; in a dialog, `data-autofocus`, which
      // useModalDialog focuses once the dialog is open), as the WAI-ARIA dialog pattern asks.
      'jsx-a11y/no-autofocus': 'off',
      // The status choices' text sits three elements inside their label.
      'jsx-a11y/label-has-associated-control': ['error', { depth: 3 }],
    },
  },
  {
    files: ['tests/**', 'e2e/**', 'bench/**', '**/*.test.ts'],
    rules: {
      // Tests read untyped JSON bodies and drive the browser through page.evaluate.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // Tests pass arrow functions to expect(...) and similar matchers.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // Plain JavaScript outside the TypeScript project: linted without type information.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },
);
