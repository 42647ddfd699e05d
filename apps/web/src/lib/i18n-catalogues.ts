import { catalogueLoaders, type CatalogueModule } from './i18n-files.js';

// The loaders of every catalogue in the six languages other than Spanish: a chunk of its own, so
// the Spanish first load does not carry a hundred-odd file names (lib/i18n.ts).
/** 'namespace/language' -> loader, for en, fr, de, it, zh-TW and zh-CN. */
export const otherLanguageLoaders = catalogueLoaders(
  import.meta.glob<CatalogueModule>([
    '../features/*/locales/*.json',
    '!../features/*/locales/es.json',
    '../features/*/locales/*/*.json',
    '!../features/*/locales/*/es.json',
    '../app/locales/*.json',
    '!../app/locales/es.json',
    '../components/ui/locales/*.json',
    '!../components/ui/locales/es.json',
    '../locales/messages/*.json',
  ]),
);
