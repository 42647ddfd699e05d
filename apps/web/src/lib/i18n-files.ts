/** A catalogue file (i18next JSON) as Vite's import.meta.glob gives it. */
export type Catalogue = Record<string, unknown>;
export type CatalogueModule = { default: Catalogue };
export type CatalogueLoader = () => Promise<CatalogueModule>;

/**
 * 'namespace/language' -> loader, from import.meta.glob's paths: features/<ns>/locales/<lng>.json
 * (and features/<feature>/locales/<part>/<lng>.json, namespace `<feature>_<part>`),
 * app/locales (namespace `frame`), components/ui/locales (`ui`), locales/messages (`messages`).
 */
export function catalogueLoaders(globbed: Record<string, CatalogueLoader>): Map<string, CatalogueLoader> {
  const files = new Map<string, CatalogueLoader>();
  for (const [file, load] of Object.entries(globbed)) {
    const parts = file.split('/');
    const lng = parts.at(-1)!.replace(/\.json$/, '');
    // features/<feature>/locales/<part>/<lng>.json: a page's long texts apart from its feature's
    // catalogue (the FAQ's, the privacy notice's), namespace `<feature>_<part>`: no feature folder has '_'.
    const featureAt = parts.lastIndexOf('features');
    if (featureAt >= 0 && parts.length - featureAt === 5) {
      files.set(`${parts[featureAt + 1]}_${parts[featureAt + 3]}/${lng}`, load);
      continue;
    }
    const folder = parts.at(-3)!;
    const ns = folder === 'app' ? 'frame' : folder === 'ui' ? 'ui' : parts.at(-2) === 'messages' ? 'messages' : folder;
    files.set(`${ns}/${lng}`, load);
  }
  return files;
}
