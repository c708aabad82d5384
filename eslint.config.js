import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/** A failure the API answers is an entry of the domain's `ERRORS` catalogue, raised with `appError(name, ...)`. */
const NO_ONE_OFF_ERRORS = {
  selector: "NewExpression[callee.name='AppError']",
  message: 'Add the failure to the error catalogue (packages/domain/src/errors) and raise it with appError(name, ...).',
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/migrations/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  ...webBoundaries(),
  ...serverBoundaries(),
  {
    // The server's failures come from the domain's error catalogue through `appError(name, ...)`, never one-offs.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/lib/errors.ts'],
    rules: { 'no-restricted-syntax': ['error', NO_ONE_OFF_ERRORS] },
  },
  {
    // Rules read the time from the injected clock (`ctx.clock`), so that tests can set and advance it.
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        NO_ONE_OFF_ERRORS,
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'Read the time from ctx.clock.' },
        { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: 'Read the time from ctx.clock.' },
      ],
    },
  },
);

/**
 * The web's boundaries, resolved by path (not by the text of an import): a feature reaches another only through
 * that feature's `index.ts`; `components/` and `lib/` never reach into features; no import cycles in the web app.
 */
function webBoundaries() {
  const web = 'apps/web/src';
  const features = readdirSync(join(root, web, 'features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const message = 'Import another feature only through its index.ts; shared pieces belong in components/ or lib/.';
  return [
    {
      files: [`${web}/**/*.{ts,tsx}`],
      plugins: { 'import-x': importX },
      settings: {
        'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/web/tsconfig.json' })],
        'import-x/extensions': ['.ts', '.tsx'],
        'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      },
      rules: {
        'import-x/no-restricted-paths': [
          'error',
          {
            basePath: root,
            zones: [
              ...features.map((feature) => ({
                target: `${web}/features/${feature}`,
                from: features.filter((other) => other !== feature).map((other) => `${web}/features/${other}`),
                except: ['./index.ts'],
                message,
              })),
              {
                target: [`${web}/components`, `${web}/lib`],
                from: `${web}/features`,
                message: 'components/ and lib/ are shared by every feature and import none.',
              },
            ],
          },
        ],
        'import-x/no-cycle': ['error', { ignoreExternal: true }],
      },
    },
  ];
}

/**
 * The server's boundaries, resolved by path: a module is entered only through its `index.ts`, the domain package
 * imports no app, and neither has import cycles.
 */
function serverBoundaries() {
  const modules = readdirSync(join(root, 'apps/server/src/modules'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const moduleZones = modules.map((name) => ({
    target: modules.filter((other) => other !== name).map((other) => `apps/server/src/modules/${other}`),
    from: `apps/server/src/modules/${name}`,
    except: ['./index.ts'],
    message: `Import the ${name} module through modules/${name}/index.ts.`,
  }));
  return [
    {
      files: ['apps/server/**/*.ts', 'packages/domain/**/*.ts'],
      plugins: { 'import-x': importX },
      settings: {
        'import-x/extensions': ['.ts'],
        'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
        'import-x/resolver-next': [
          createTypeScriptImportResolver({
            project: ['apps/server/tsconfig.json', 'packages/domain/tsconfig.json'],
            noWarnOnMultipleProjects: true,
          }),
        ],
      },
      rules: {
        'import-x/no-restricted-paths': [
          'error',
          {
            basePath: root,
            zones: [
              ...moduleZones,
              { target: 'packages/domain', from: 'apps', message: 'The domain package is shared: it imports no app.' },
            ],
          },
        ],
        'import-x/no-cycle': ['error', { ignoreExternal: true }],
      },
    },
  ];
}
