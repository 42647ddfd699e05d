/**
 * Build step (vite.config.ts, decision 0046): which built files each route loads at once, and which
 * API paths it GETs at once, so the server can name them in `<link rel="modulepreload">` and
 * `<link rel="preload" as="fetch">` hints of that route's index.html and the phone fetches them in
 * parallel with the entry instead of after it (no chain deeper than two; the data one deep).
 *
 * Read from the route table's source (router.tsx, one line per route: its page's import, the
 * catalogues it shows, the data modules it prefetches) and Vite's manifest. Pure: no file access here.
 */

/** One chunk of Vite's build manifest (.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

/** A line of the route table, as written in router.tsx. */
export interface RouteLine {
  path: string;
  /** The modules the line imports (its page, its data prefetches), relative to src/app. */
  imports: string[];
  /** The catalogues it shows: its namespaces, plus 'messages' unless it is a public page. */
  namespaces: string[];
  /** The API paths its data prefetches GET at once (`prefetch`'s third argument: a literal '/api/…'). */
  gets: string[];
}

/** A dynamic import in the source: `import('…')`. */
const DYNAMIC_IMPORT = /import\('([^']+)'\)/g;

/** The source's table lines: `'/path': page(() => import('…'), 'Name', ['ns', …], …),`. */
export function routeLines(routerSource: string): RouteLine[] {
  const source = routerSource.split('\n');
  const lines: RouteLine[] = [];
  for (const line of source) {
    const head = /^\s*'(\/[^']*)':\s*(\w+)/.exec(line);
    if (!head) continue;
    const [, path, first] = head;
    // '/': home — a page declared once above the table (`const home = publicPage(…)`) for several routes.
    const declaration = first === 'page' || first === 'publicPage' ? line : source.find((l) => l.includes(`const ${first} = `));
    const kind = declaration && /\b(page|publicPage)\(/.exec(declaration)?.[1];
    if (!declaration || !kind) throw new Error(`route-preloads: the route ${path} has no page(…) or publicPage(…) on its line`);
    const imports = [...declaration.matchAll(DYNAMIC_IMPORT)].map((m) => m[1]!);
    const namespaces = [.../'[A-Za-z]\w*',\s*\[([^\]]*)\]/.exec(declaration)?.[1]?.matchAll(/'([^']+)'/g) ?? []].map((m) => m[1]!);
    const gets = [...declaration.matchAll(/, '(\/api\/[^']*)'\)/g)].map((m) => m[1]!);
    lines.push({ path: path!, imports, namespaces: kind === 'page' ? ['messages', ...namespaces] : namespaces, gets });
  }
  return lines;
}

/** The manifest key of a module imported from src/app ('../features/x/y.js' -> 'src/features/x/y.tsx'), or from `from`. */
function manifestKey(manifest: Manifest, fromApp: string, from = 'src/app'): string {
  const parts = from.split('/');
  for (const part of fromApp.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  const base = parts.join('/').replace(/\.js$/, '');
  const key = ['.tsx', '.ts', '.js'].map((ext) => base + ext).find((k) => manifest[k]);
  if (key) return key;
  // A module rollup put into a chunk with others is keyed by the chunk ('_get-chat-session-H.js'),
  // named after the module: one dynamically imported chunk of that name, or none.
  const name = base.split('/').at(-1);
  const named = Object.keys(manifest).filter((k) => k.startsWith('_') && manifest[k]!.isDynamicEntry && manifest[k]!.name === name);
  if (named.length !== 1) throw new Error(`route-preloads: ${fromApp} is not in the build manifest`);
  return named[0]!;
}

/** A namespace's Spanish catalogue chunk (lib/i18n.ts: messages-es.ts, features/<ns>/locales/es.json, features/<f>/locales/<part>/es.json). */
const catalogueKey = (ns: string) => {
  if (ns === 'messages') return 'src/lib/messages-es.ts';
  // `<feature>_<part>`: a page's long texts in features/<feature>/locales/<part>/ (lib/i18n-files.ts).
  const [feature, part] = ns.split('_');
  return part ? `src/features/${feature}/locales/${part}/es.json` : `src/features/${ns}/locales/es.json`;
};

function closure(manifest: Manifest, key: string, into: Set<string>) {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return;
  into.add(chunk.file);
  // Its stylesheets: Vite's loader waits for them before the page's module resolves.
  for (const css of chunk.css ?? []) into.add(css);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into);
}

/**
 * The key of route-preloads.json that holds the signed-in patient's frame stylesheets (not a route: no '/').
 * The server names them in the head of every patient page (apps/server/src/infra/web.ts).
 */
export const PATIENT_FRAME_KEY = 'patient-frame';

/**
 * route path -> the files to preload with it (beyond the entry and its own imports, which index.html
 * loads anyway): the page's chunk and its imports with their stylesheets, its data modules, its Spanish catalogues;
 * then the API paths its data prefetches GET at once ('/api/…', preloaded as fetches: the answer is
 * on its way beside the entry, and the app's own GET of the same path takes it).
 * Spanish is always fetched (the fallback of every other language), so every visitor uses them.
 */
export function routePreloads(routerSource: string, manifest: Manifest, sessionWatchSource?: string): Record<string, string[]> {
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) throw new Error('route-preloads: the manifest has no entry');
  const entryFiles = new Set<string>();
  closure(manifest, entryKey, entryFiles);
  const out: Record<string, string[]> = {};
  if (sessionWatchSource !== undefined) out[PATIENT_FRAME_KEY] = patientFrameStyles(sessionWatchSource, manifest, entryFiles);
  for (const line of routeLines(routerSource)) {
    const files = new Set<string>();
    for (const imported of line.imports) closure(manifest, manifestKey(manifest, imported), files);
    for (const ns of line.namespaces) {
      if (manifest[catalogueKey(ns)]) closure(manifest, catalogueKey(ns), files);
    }
    out[line.path] = [...[...files].filter((f) => !entryFiles.has(f) && /\.(js|css)$/.test(f)), ...line.gets];
  }
  return out;
}

/**
 * The stylesheets of what the frame loads for a signed-in patient after the first paint
 * (app/layout/session-watch.tsx's `import('…')`: the countdowns, the address-verification banner, the
 * way back to the open chats), less the entry's. Inserted by Vite's loader when those chunks arrived,
 * each re-styled the whole page in the middle of its load (session 16); named in the head instead.
 */
function patientFrameStyles(sessionWatchSource: string, manifest: Manifest, entryFiles: Set<string>): string[] {
  const files = new Set<string>();
  for (const [, imported] of sessionWatchSource.matchAll(DYNAMIC_IMPORT)) closure(manifest, manifestKey(manifest, imported!, 'src/app/layout'), files);
  return [...files].filter((f) => f.endsWith('.css') && !entryFiles.has(f));
}
