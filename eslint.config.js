// Lint: the boundaries between the project's layers (docs/decisions/028-lint-boundaries.md).
// A wrong-way import or an import cycle fails `npm run lint` and CI.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

const foldersOf = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

// Function folders that answer requests; lib/ is what they share, server/ runs them all locally.
const functionFolders = foldersOf('./functions/').filter((name) => !['lib', 'server'].includes(name));
const webFeatures = foldersOf('./web/src/features/');

const zones = [
  // core/ is pure domain code that both the browser and the server run.
  {
    target: './core',
    from: ['./web', './db', './functions', './scripts', './bench', './tests', './infra'],
    message: 'core/ no importa nada de web, db ni functions: es código puro que usan los dos lados.',
  },
  // The database layer knows tables and SQL, not the handlers that use it.
  {
    target: './db',
    from: ['./functions', './web', './scripts', './bench', './tests', './infra'],
    message: 'db/ no importa functions/ (ni web): el esquema y las consultas no dependen de los handlers.',
  },
  // Shared server code does not reach into one function's folder.
  {
    target: './functions/lib',
    from: './functions',
    except: ['./lib'],
    message: 'functions/lib no importa la carpeta de una función: lo compartido vive en lib/.',
  },
  // A function's code does not reach into another's; its lambda.ts (the entry point that mounts
  // apps) may mount a shared app such as the health checks.
  ...functionFolders.map((name) => ({
    target: `./functions/${name}`,
    from: './functions',
    except: [`./${name}`, './lib'],
    message: `functions/${name} no importa el código de otra función: muévelo a functions/lib.`,
  })),
  // The browser never imports server code.
  {
    target: './web',
    from: ['./functions', './db', './scripts', './bench', './tests', './infra'],
    message: 'web/ nunca importa código del servidor: lo común vive en core/.',
  },
  // Features do not import each other (app -> features -> shared components and lib).
  ...webFeatures.map((name) => ({
    target: `./web/src/features/${name}`,
    from: './web/src/features',
    except: [`./${name}`],
    message: `La feature ${name} no importa otra feature: lo común va a web/src/components o web/src/lib.`,
  })),
  {
    target: ['./web/src/components', './web/src/lib', './web/src/config'],
    from: ['./web/src/features', './web/src/app'],
    message: 'Lo compartido del web no importa features ni la app.',
  },
];

// The aliases, not climbing paths, name core/ and db/ from outside them.
const aliasesOnly = { regex: '^(\\.\\./)+(core|db)/', message: 'Usa los alias #core/… y #db/….' };

// Every function's handlers only validate, call functions/lib and answer (decision 026): the
// queries live in functions/lib (an aggregate's in functions/lib/domain/<aggregate>/), never beside a route.
const thinHandlers = ['functions/**'];
const queryHomes = ['functions/lib/**'];
const domainMessage =
  'Las consultas de este agregado viven en functions/lib/domain/<agregado>: el handler solo valida, llama y responde (decisión 026).';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'web/dist/',
      'dist/',
      '.sst/',
      'migrations/',
      'infra/lambda-native/',
      'test-results/',
      'playwright-report/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    settings: {
      // Parse TypeScript dependencies too, or no-cycle cannot follow imports through .ts files.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      // TypeScript already reports undefined names, with the right globals for each runtime.
      'no-undef': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-self-import': 'error',
      'no-restricted-imports': ['error', { patterns: [aliasesOnly] }],
      'import-x/no-useless-path-segments': 'error',
    },
  },
  {
    files: thinHandlers,
    ignores: queryHomes,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [aliasesOnly],
          paths: [
            { name: 'drizzle-orm', message: domainMessage },
            { name: '#db/schema', message: domainMessage },
          ],
        },
      ],
    },
  },
  // React's rules of hooks and the dependencies of every effect, memo and callback: a missing
  // dependency is a stale value on screen, a wrong-order hook a crash.
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: Object.fromEntries(Object.keys(reactHooks.configs.flat.recommended.rules).map((rule) => [rule, 'error'])),
  },
  // Formatting is Prettier's (npm run format); lint keeps only the one limit it leaves open.
  prettier,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['db/seed/festival-data.ts'],
    rules: { 'max-len': ['error', { code: 160, ignoreUrls: true }] },
  },
  // Tests and their stubs of SST's globals handle loosely typed objects on purpose.
  {
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // SST loads its own global types with a triple-slash reference.
  {
    files: ['sst.config.ts'],
    rules: { '@typescript-eslint/triple-slash-reference': 'off' },
  },
  // Lambda entry points compose apps (the festivals Lambda also answers the health checks).
  {
    files: ['functions/*/lambda.ts'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
);
