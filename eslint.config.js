import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

/**
 * The import boundaries of ARCHITECTURE.md. Code flows one way:
 *   packages/shared  <-  apps/api (routes -> services -> repositories -> db)
 *   packages/shared  <-  apps/web (app -> features -> components, lib)
 * A breach fails `npm run lint`; tools/lint-boundaries.test.ts plants one of each and checks it.
 */
const web = 'apps/web/src';
// Every folder of features/ is a feature: a new one is kept apart from the others without a change here.
const webFeatures = fs
  .readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
const api = 'apps/api/src';

const boundaries = [
  // packages/shared is used by both apps and knows neither.
  {
    target: './packages/shared',
    from: './apps',
    message: 'packages/shared may not import the apps: move the rule down into packages/shared.',
  },
  // Web: shared UI and helpers know no feature and no page.
  ...['components', 'lib', 'styles'].flatMap((dir) => [
    {
      target: `./${web}/${dir}`,
      from: `./${web}/features`,
      message: `${dir}/ may not import a feature: pass what it needs as props, or move the shared piece down into ${dir}/ or lib/.`,
    },
    {
      target: `./${web}/${dir}`,
      from: `./${web}/app`,
      message: `${dir}/ may not import app/: move the shared piece down, or compose it in app/.`,
    },
  ]),
  // Web: a feature may not import the app, nor another feature (compose them in app/ instead).
  { target: `./${web}/features`, from: `./${web}/app`, message: 'A feature may not import app/: compose features in app/ routes.' },
  ...webFeatures.map((feature) => ({
    target: `./${web}/features/${feature}`,
    from: `./${web}/features`,
    except: [`./${feature}`],
    message: `features/${feature} may not import another feature: move the shared piece down (components/, lib/, packages/shared) or compose both in app/.`,
  })),
  // API: repositories are data access only: no HTTP, no services, no routes, no plugins.
  ...['routes', 'plugins', 'services'].map((dir) => ({
    target: `./${api}/repositories`,
    from: `./${api}/${dir}`,
    message: `repositories may not import ${dir}: they answer data, null or counts; services decide what that means.`,
  })),
  // API: plugins (auth, caches, errors) reach the data through repositories too.
  { target: `./${api}/plugins`, from: `./${api}/db/schema`, message: 'plugins may not query tables: use a repository.' },
  // API: services hold the rules and know no HTTP framework pieces.
  ...['routes', 'plugins'].map((dir) => ({
    target: `./${api}/services`,
    from: `./${api}/${dir}`,
    message: `services may not import ${dir}: they throw domain errors and plugins/errors.ts maps them to HTTP.`,
  })),
];

// API: routes stay thin: they reach the data through services or repositories, never the tables
// (route tests may look at the tables to check what a request changed).
const routeZones = [
  ...boundaries,
  { target: `./${api}/routes`, from: `./${api}/db/schema`, message: 'routes may not query tables: use a service or a repository.' },
  { target: `./${api}/routes`, from: `./${api}/db/client.ts`, message: 'routes may not query tables: use a service or a repository.' },
];

const noFrameworks = ['react', 'react-dom', 'fastify', 'drizzle-orm'].map((name) => ({
  name,
  message: 'packages/shared holds rules and contracts only: no framework, no database.',
}));

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      'apps/api/drizzle/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
      'data*/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['packages/shared/tsconfig.json', 'apps/api/tsconfig.json', 'apps/web/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: [`${api}/routes/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: routeZones }] },
  },
  // Repositories know no HTTP framework; packages/shared knows no framework at all.
  {
    files: [`${api}/repositories/**/*.ts`, `${api}/services/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'fastify', message: 'Repositories and services know no HTTP: throw a domain error (services/errors.ts).' }] },
      ],
    },
  },
  {
    files: ['packages/shared/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: noFrameworks }],
    },
  },
  {
    // The domain modules are what the web app's first page loads: no Zod (schemas/ wrap them).
    files: ['packages/shared/src/domain/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...noFrameworks,
            { name: 'zod', message: 'domain/ stays free of Zod so shopper pages stay small: put the schema in schemas/.' },
          ],
          patterns: [{ group: ['../schemas/*', '../zod-sq', '../messages*'], message: 'domain/ may not import schemas or messages.' }],
        },
      ],
    },
  },
  // Web: routing comes from lib/router (decision 038), the one place that knows wouter.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/router/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['wouter', 'react-router', 'regexparam'].map((name) => ({
            name,
            message: 'Routing comes from lib/router (decision 038): add what is missing there.',
          })),
          patterns: [{ group: ['wouter/*'], message: 'Routing comes from lib/router (decision 038): add what is missing there.' }],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
