import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

// Web features never import each other; app/ is the only place they meet (docs/design.md, style 7).
const featuresDir = 'apps/web/src/features';
const features = fs.existsSync(featuresDir) ? fs.readdirSync(featuresDir) : [];
const featureZones = features.map((name) => ({
  target: `./${featuresDir}/${name}`,
  from: `./${featuresDir}`,
  except: [`./${name}`],
  message: 'Las features no se importan entre sí: comparta el código en components/ui o lib, o únalas en app/.',
}));
const sharedZones = ['components', 'lib'].map((dir) => ({
  target: `./apps/web/src/${dir}`,
  from: ['./apps/web/src/features', './apps/web/src/app'],
  message: 'El código compartido no depende de features ni de app.',
}));

// The server's layers (issue 21, decision 0036): infrastructure (infra/, db/) never depends on a
// feature module, and a module reaches another only through that module's index.ts, its public face.
// Tests may reach into any module (they assemble the whole app); app.ts, server.ts and the commands at
// the root of src/ compose everything.
const serverDir = 'apps/server/src';
const modulesDir = `${serverDir}/modules`;
const serverModules = fs.existsSync(modulesDir) ? fs.readdirSync(modulesDir) : [];
const serverZones = [
  ...['infra', 'db'].map((dir) => ({
    target: `./${serverDir}/${dir}`,
    from: `./${modulesDir}`,
    message: 'La infraestructura no depende de los módulos: pase lo que necesite como parámetro o mueva la pieza a infra/.',
  })),
  ...serverModules.map((name) => ({
    target: `./${modulesDir}/${name}`,
    from: `./${modulesDir}`,
    except: [`./${name}`, ...serverModules.filter((other) => other !== name).map((other) => `./${other}/index.ts`)],
    message: 'Un módulo usa otro solo por su index.ts (su cara pública): exporte allí lo que haga falta.',
  })),
];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '.tsbuild/**', 'data/**', '.tmp/**', 'test-results/**', 'playwright-report/**', 'apps/server/src/db/migrations/**', '**/*.js', '**/*.mjs', '**/*.cjs', '**/*.d.mts'],
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
      'import-x/no-restricted-paths': ['error', { zones: [...featureZones, ...sharedZones] }],
      // No import cycles on either app (a cycle makes load order matter and hides a missing layer).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
    settings: {
      // TypeScript sources imported as `./x.js` (server, shared) or without an extension (web); a rule
      // cannot check an import it cannot resolve, so the resolver must know both.
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } }),
      ],
    },
  },
  {
    files: [`${serverDir}/**/*.ts`],
    ignores: ['**/*.test.ts', '**/*test-support.ts', '**/*.test-helpers.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: serverZones }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
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
