// The rules that keep Souk's boundaries (ARCHITECTURE.md §2) checked by a machine, not by discipline.
// `npm run lint` runs it; `npm test` runs lint first.
import fs from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/** Every folder of src/client/features is a feature; each may import only itself across features. */
const features = fs
  .readdirSync('src/client/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const zone = (target, from, message, except) => ({ target, from, message, ...(except ? { except } : {}) });

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'src/client/route-tree.gen.ts',
      'src/client/public-route-tree.gen.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      // how import-x reads TypeScript files when it follows imports (cycles, zones)
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      // Unused code is knip's and tsc's job (noUnusedLocals); an `_` prefix marks a deliberate one.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': ['error', { 'prefer-inline': true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            zone('./src/shared', ['./src/client', './src/server', './sw', './tests'], 'src/shared is pure: it imports nothing of ours.'),
            zone('./src/server', ['./src/client', './sw'], 'The server never imports the client or the worker.'),
            zone('./sw', ['./src/client', './src/server'], 'The service worker imports only src/shared.'),
            zone(
              ['./src/client/lib', './src/client/components'],
              ['./src/client/features', './src/client/routes'],
              'lib/ and components/ are below features and routes: they never import them.',
            ),
            ...features.map((feature) =>
              zone(
                `./src/client/features/${feature}`,
                './src/client/features',
                `A feature never imports another feature: share through lib/, components/ or src/shared.`,
                [`./${feature}`],
              ),
            ),
          ],
        },
      ],
    },
  },
  {
    // The client may know the server's types (e.g. the route table), never its code.
    files: ['src/client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^((\\.\\.?/)+|@/)server(/|$)',
              allowTypeImports: true,
              message: 'The client imports the server only as types (import type …).',
            },
          ],
        },
      ],
    },
  },
  {
    // One place names the query keys (lib/query-keys.ts): a key written elsewhere is missed by the prefixes the
    // mutations refresh and by the persisted cache's roots.
    files: ['src/client/features/**/*.{ts,tsx}', 'src/client/routes/**/*.{ts,tsx}', 'src/client/components/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...["Property[key.name='queryKey'] > ArrayExpression", "Property[key.name='queryKey'] > TSAsExpression > ArrayExpression"].map(
          (selector) => ({ selector, message: 'Take the query key from lib/query-keys.ts.' }),
        ),
      ],
    },
  },
  {
    // The server renderer builds pages from request and stored data: a replacement string there
    // turns $` $' $& in that data into copies of the page (issue 14). Use replaceOnce (ssr/html.ts)
    // or a function replacer.
    files: ['src/client/entry-server.tsx', 'src/client/ssr/**/*.ts', 'src/server/lib/ssr.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name=/^replace(All)?$/][arguments.1.type='TemplateLiteral']",
          message: "No replacement strings built from data in the server renderer ($` $' $& are patterns): use replaceOnce or a function.",
        },
        {
          selector: "CallExpression[callee.property.name=/^replace(All)?$/][arguments.1.type='Identifier']",
          message: "No replacement strings built from data in the server renderer ($` $' $& are patterns): use replaceOnce or a function.",
        },
      ],
    },
  },
  {
    files: ['sw/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    // Bench scripts hand functions to the browser (page.evaluate), so they see both worlds.
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.{ts,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
);
