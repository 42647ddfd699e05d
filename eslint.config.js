import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';

import { importSettings, serverTestFiles, serverZones, webZones } from './eslint/boundaries.js';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '.tsbuild/**', 'data/**', '.tmp/**', 'test-results/**', 'playwright-report/**', 'eslint/fixtures/**', 'apps/server/src/db/migrations/**', '**/*.js', '**/*.mjs', '**/*.cjs', '**/*.d.mts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // Fastify plugins and hooks are async by contract even when they await nothing.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-restricted-paths': ['error', { zones: webZones('apps/web/src') }],
      // No import cycles on either app (a cycle makes load order matter and hides a missing layer).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
    settings: importSettings,
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: serverTestFiles,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: serverZones('apps/server/src') }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Routing comes from lib/router.ts, the one module that names the router library (decision 0046).
      // …and zod from 'zod/mini' only (decision 0046, session 12): classic zod adds about 19 kB gzip to
      // every page that loads it. Both patterns in one rule: a later block's options replace these.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(react-router|react-router-dom|wouter)(/.*)?$', message: "Import routing from 'lib/router' (decision 0046)." },
            { regex: '^zod(/v3|/v4)?$', message: "Import z from 'zod/mini' (decision 0046, session 12): classic zod adds about 19 kB gzip to every page that loads it." },
          ],
        },
      ],
    },
  },
  {
    // The shared schemas are what the web parses with: zod/mini only (decision 0046, session 12).
    files: ['packages/shared/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^zod(/v3|/v4)?$', message: "Import z from 'zod/mini' (decision 0046, session 12): the web parses with these schemas." }] },
      ],
    },
  },
  {
    // A module-level shared schema is built on first use, not at import (schemas/lazy-schema.ts,
    // decision 0046, session 15): a page that imports a schema module for one shape would otherwise
    // build all of its schemas before its first paint.
    files: ['packages/shared/src/schemas/*.schema.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          // A module-level `const` (exported or not) whose value is a call of zod's `z.…` or of a
          // shared field builder, directly or through one `.check(…)`.
          selector:
            ':matches(Program, Program > ExportNamedDeclaration) > VariableDeclaration > VariableDeclarator > CallExpression.init' +
            ":matches([callee.object.name='z'], [callee.object.callee.object.name='z'], [callee.name=/^(safeText|safeMultilineText|requiredText|requiredChoice)$/], [callee.object.callee.name=/^(safeText|safeMultilineText|requiredText|requiredChoice)$/])",
          message: 'Build a module-level schema with lazySchema(() => …) (decision 0046, session 15).',
        },
      ],
    },
  },
  {
    files: ['apps/web/src/lib/router.ts', 'apps/web/src/lib/router.tsx'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['**/*.test.ts', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
    },
  },
);
