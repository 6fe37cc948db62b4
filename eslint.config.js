// Lint rules that keep the architecture honest: features never import each other (ARCHITECTURE.md,
// "Features do not import each other") and shared code stays browser-safe. Import cycles are checked by
// scripts/module-graph.mjs (npm test's "architecture"), over the same files in a second's time.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync, existsSync } from 'node:fs';

const modulesDir = 'apps/server/src/modules';
const modules = existsSync(modulesDir)
  ? readdirSync(modulesDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

const featuresDir = 'apps/web/src/features';
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'e2e/output/**',
      'bench/output/**',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((name) => ({
              target: `./${featuresDir}/${name}`,
              from: `./${featuresDir}`,
              except: [`./${name}`],
              message: 'Features do not import each other: move shared code to components/, lib/ or packages/shared.',
            })),
            // issue 19: the shell that reads features and the route table lives in app/layout
            ...['components', 'lib'].map((dir) => ({
              target: `./apps/web/src/${dir}`,
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: `${dir}/ is below features and the app: it imports neither features/ nor app/.`,
            })),
          ],
        },
      ],
    },
  },
  {
    // issue 19: db/ is infrastructure under every module; demo data (demo/) sits above the modules it
    // fills. A module sees another only through its public face, `<domain>.module.ts` (types of its api,
    // handed over by app.ts), never its services, repositories or helpers.
    // Tests may build fixtures from any module's files (as app.ts does); the product code may not.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test-support.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/extensions': ['.ts'] },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/server/src/db',
              from: ['./apps/server/src/modules', './apps/server/src/demo'],
              message: 'db/ is below the modules and the demo data: it imports neither modules/ nor demo/.',
            },
            {
              target: './apps/server/src/lib',
              from: ['./apps/server/src/modules', './apps/server/src/demo'],
              message: 'lib/ is below the modules: it imports neither modules/ nor demo/.',
            },
            ...modules.map((name) => ({
              target: `./${modulesDir}/${name}`,
              from: `./${modulesDir}`,
              except: [
                `./${name}`,
                './module-deps.ts',
                './module-type.ts',
                ...modules.filter((other) => other !== name).map((other) => `./${other}/${other}.module.ts`),
              ],
              message:
                'A module uses another only through its <domain>.module.ts api, handed over by app.ts (docs/architecture.md).',
            })),
          ],
        },
      ],
    },
  },
  {
    // Services hold rules; repositories hold all SQL (docs/architecture.md).
    files: ['apps/server/src/modules/**/*.service.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'drizzle-orm', message: 'SQL lives in the repository.', allowTypeImports: true }],
          patterns: [
            { group: ['**/db/schema/*'], message: 'Tables are read in the repository.', allowTypeImports: true },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'drizzle-orm*', 'pg', 'fastify*'],
              message: 'packages/shared runs in the browser too.',
            },
          ],
        },
      ],
    },
  },
);
