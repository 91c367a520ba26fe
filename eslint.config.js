// The rules that keep Souk's boundaries (docs/architecture.md, "Boundaries") checked by a machine, not by
// discipline. `npm run lint` runs it; `npm test` runs lint first.
import fs from 'node:fs';
import path from 'node:path';
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import checkFile from 'eslint-plugin-check-file';
import jsxA11y from 'eslint-plugin-jsx-a11y';

/** Every folder of src/client/features is a feature; each may import only itself across features. */
const features = fs
  .readdirSync('src/client/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const zone = (target, from, message, except) => ({ target, from, message, ...(except ? { except } : {}) });

const WORKSPACE = 'src/client/features/workspace';
const ROUTES = 'src/client/routes';

/**
 * The workspace's pages: the modules a route file takes a component from (a capitalised import), found in the
 * routes themselves so that a new page is covered without a line here. A hook a route borrows (useWorkspace) is
 * not a page.
 */
function workspacePages() {
  const pages = new Set();
  for (const file of fs.readdirSync(ROUTES).filter((name) => name.endsWith('.tsx'))) {
    const source = fs.readFileSync(path.join(ROUTES, file), 'utf8');
    for (const [, names, specifier] of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
      const target = path.join(ROUTES, specifier);
      const components = names.split(',').some((name) => /^[A-Z]/.test(name.replace(/^\s*type\s+/, '').trim()));
      if (components && target.startsWith(`${WORKSPACE}/`)) pages.add(`./${target}.tsx`);
    }
  }
  return [...pages];
}

/** Each workspace page may be imported by routes and by its own area only, never by another folder of the workspace. */
const workspacePageZones = () => {
  const folders = fs
    .readdirSync(WORKSPACE, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return workspacePages().map((page) => {
    const area = page.split('/')[5];
    const others = folders.filter((folder) => folder !== area).map((folder) => `./${WORKSPACE}/${folder}`);
    return zone(
      others,
      page,
      `A workspace page is rendered by its route: another area, ui/, api/ or selection/ never imports it (${area}'s page). Move what is shared into the area's parts or workspace/ui.`,
    );
  });
};

/** Node's built-in modules, bare and with the node: prefix. */
const nodeBuiltins = builtinModules.filter((name) => !name.startsWith('_')).flatMap((name) => [name, `${name}/*`]);

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
            zone(
              './src/client/features',
              './src/client/routes',
              'Features are below routes: a route composes features, a feature never imports a route.',
            ),
            ...workspacePageZones(),
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
    // Kebab-case file names; the router's own naming ($param, _ suffixes, __root) is kept in routes/ itself,
    // while the route-private folders there (-firm/) follow the rule. Middle extensions (.test, .routes) are free.
    files: ['src/**/*.{ts,tsx,mjs}', 'sw/**/*.ts', 'tests/**/*.{ts,mjs}'],
    ignores: ['src/client/routes/*.tsx'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,mjs}': '+([a-z0-9])*(-+([a-z0-9]))' },
        { ignoreMiddleExtensions: true, errorMessage: 'File names are kebab-case: "{{ target }}" is not.' },
      ],
    },
  },
  {
    // Shared code runs in the browser, the service worker and Node alike: no DOM, no Node, no React.
    files: ['src/shared/**/*.ts'],
    ignores: ['src/shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react', 'react-dom'].map((name) => ({
            name,
            message: 'src/shared has no React: it runs on the server and in the worker too.',
          })),
          patterns: [
            { group: ['node:*', ...nodeBuiltins], message: 'src/shared has no Node modules: it runs in the browser and the worker too.' },
            { group: ['react/*', 'react-dom/*'], message: 'src/shared has no React: it runs on the server and in the worker too.' },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'location', 'self'].map((name) => ({
          name,
          message: 'src/shared has no DOM: it runs on the server too. Take the value as a parameter.',
        })),
        ...['process', 'Buffer', '__dirname', '__filename', 'require'].map((name) => ({
          name,
          message: 'src/shared has no Node globals: it runs in the browser too. Take the value as a parameter.',
        })),
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
    // turns $` $' $& in that data into copies of the page. Use replaceOnce (ssr/html.ts)
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
    // Accessibility the compiler can see (labels, roles, keyboard handlers); axe checks the rendered pages in e2e.
    files: ['src/client/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // a choice's label reads its name from a <strong> inside a <span> beside the input: three levels down
      'jsx-a11y/label-has-associated-control': ['error', { depth: 3 }],
    },
  },
  {
    // Routes read the request, check who asks and answer; the SQL lives in the module's services (docs/architecture.md).
    files: ['src/server/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom)$/]',
          message: 'Queries belong in the module service (or src/server/lib), not in a route file.',
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
