// The import boundaries of both apps, built from a source folder so that the lint configuration's own
// test (eslint/boundaries.test.ts) applies the very same rules to a fixture tree.
import fs from 'node:fs';
import path from 'node:path';
import { createNodeResolver } from 'eslint-plugin-import-x';

const dirs = (dir) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => fs.statSync(path.join(dir, name)).isDirectory()) : []);

/** Web: features never import each other (app/ is where they meet); components/ and lib/ depend on neither (docs/design.md, style 7). */
export function webZones(webSrc) {
  const featuresDir = `${webSrc}/features`;
  return [
    ...dirs(featuresDir).map((name) => ({
      target: `./${featuresDir}/${name}`,
      from: `./${featuresDir}`,
      except: [`./${name}`],
      message: 'Las features no se importan entre sí: comparta el código en components/ui o lib, o únalas en app/.',
    })),
    ...['components', 'lib'].map((dir) => ({
      target: `./${webSrc}/${dir}`,
      from: [`./${webSrc}/features`, `./${webSrc}/app`],
      message: 'El código compartido no depende de features ni de app.',
    })),
  ];
}

/**
 * Server (issue 21, decision 0036): infrastructure (infra/, db/) never depends on a feature module, and
 * a module reaches another only through that module's index.ts, its public face. app.ts, server.ts and
 * the commands at the root of src/ compose everything; tests may reach into any module (they assemble
 * the whole app), so the configuration leaves them out of these zones.
 */
export function serverZones(serverSrc) {
  const modulesDir = `${serverSrc}/modules`;
  const modules = dirs(modulesDir);
  return [
    ...['infra', 'db'].map((dir) => ({
      target: `./${serverSrc}/${dir}`,
      from: `./${modulesDir}`,
      message: 'La infraestructura no depende de los módulos: pase lo que necesite como parámetro o mueva la pieza a infra/.',
    })),
    ...modules.map((name) => ({
      target: `./${modulesDir}/${name}`,
      from: `./${modulesDir}`,
      except: [`./${name}`, ...modules.filter((other) => other !== name).map((other) => `./${other}/index.ts`)],
      message: 'Un módulo usa otro solo por su index.ts (su cara pública): exporte allí lo que haga falta.',
    })),
  ];
}

/** Files the server zones leave out: tests and their helpers. */
export const serverTestFiles = ['**/*.test.ts', '**/*test-support.ts', '**/*.test-helpers.ts'];

// TypeScript sources are imported as `./x.js` (server, shared) or without an extension (web); a rule
// cannot check an import it cannot resolve (it skips it silently), so the resolver must know both.
export const importResolver = createNodeResolver({
  extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
  extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
});

/**
 * Settings for import-x: the resolver above, and how to read a TypeScript dependency. Without the
 * parser and extensions, rules that follow imports (no-cycle) skip every .ts file without a word.
 */
export const importSettings = {
  'import-x/resolver-next': [importResolver],
  'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
};
