import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { describe, expect, it } from 'vitest';
import { importSettings, serverZones, webZones } from './boundaries.js';

// The lint configuration's boundaries applied to fixture files that break them on purpose (issue 21):
// if a rule stopped resolving `./x.js` to `x.ts`, or a zone were mistyped, these imports would pass.
const root = path.resolve(import.meta.dirname, '..');
const fixtures = 'eslint/fixtures';

async function lint(file: string) {
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    ignore: false,
    overrideConfig: [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        plugins: { 'import-x': importX },
        settings: importSettings,
        rules: {
          'import-x/no-restricted-paths': ['error', { zones: [...serverZones(`${fixtures}/server/src`), ...webZones(`${fixtures}/web/src`)] }],
          'import-x/no-cycle': ['error', { ignoreExternal: true }],
        },
      },
    ],
  });
  const [result] = await eslint.lintFiles([path.join(root, fixtures, file)]);
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('lint boundaries', () => {
  it('refuses infrastructure importing a module (upward import)', async () => {
    const messages = await lint('server/src/infra/upward.ts');
    expect(messages).toEqual([expect.stringMatching(/no-restricted-paths.*La infraestructura no depende de los módulos/)]);
  });

  it('refuses a module reaching into another module’s files, and allows its index.ts', async () => {
    expect(await lint('server/src/modules/beta/deep.ts')).toEqual([expect.stringMatching(/no-restricted-paths.*Un módulo usa otro solo por su index\.ts/)]);
    expect(await lint('server/src/modules/beta/via-index.ts')).toEqual([]);
  });

  it('refuses an import cycle', async () => {
    expect(await lint('server/src/modules/gamma/first.ts')).toEqual([expect.stringMatching(/no-cycle/)]);
  });

  it('refuses a web feature importing another feature, and shared UI importing a feature', async () => {
    expect(await lint('web/src/features/one/one.ts')).toEqual([expect.stringMatching(/no-restricted-paths.*Las features no se importan entre sí/)]);
    expect(await lint('web/src/components/ui/widget.ts')).toEqual([expect.stringMatching(/no-restricted-paths.*El código compartido no depende/)]);
  });
});
