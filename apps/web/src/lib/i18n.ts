import { frameMessages, type FrameMessageKey, type MessageKey } from '@clinica/shared';
import { useMemo, useSyncExternalStore } from 'react';
import { catalogueLoaders, type Catalogue, type CatalogueLoader, type CatalogueModule } from './i18n-files.js';
import { LOCAL_KEYS, localStore } from './storage-keys.js';

/** The seven languages of the interface (docs/spec/decisions.md, "Languages"); Spanish is the source. */
export const LANGUAGES = ['es', 'en', 'fr', 'de', 'it', 'zh-TW', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];
export const SOURCE_LANGUAGE: Language = 'es';

/** Each language's name in itself: the switcher's labels (read by screen readers in that language). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  es: 'Español',
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  it: 'Italiano',
  'zh-TW': '繁體中文',
  'zh-CN': '简体中文',
};

/** The namespaces every page shows (header, footer, alerts, fields); their Spanish is bundled. */
const FRAME_NAMESPACES = ['frame', 'ui'];

/**
 * The shared message catalogue's namespace. Its Spanish is a chunk of its own, loaded with the pages
 * that show its messages (app/router.tsx): the frame and the public pages show only the few of
 * `frameMessages`, bundled (decision 0015). In another language it is part of the frame: server
 * answers are translated through it.
 */
const MESSAGES_NS = 'messages';

export const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

/** One browser language tag (BCP 47) as one of ours: zh-Hant/zh-TW/zh-HK/zh-MO -> zh-TW, other zh -> zh-CN. */
export function languageOfTag(tag: string): Language | undefined {
  const parts = tag.toLowerCase().replace(/_/g, '-').split('-');
  const primary = parts[0];
  if (primary === 'zh') {
    const rest = parts.slice(1);
    return rest.includes('hant') || rest.some((p) => p === 'tw' || p === 'hk' || p === 'mo') ? 'zh-TW' : 'zh-CN';
  }
  return LANGUAGES.find((l) => l === primary);
}

/** The visitor's language: their earlier choice, else the first browser language we offer, else Spanish. */
export function detectLanguage(stored: string | null, browserTags: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of browserTags) {
    const lng = languageOfTag(tag);
    if (lng) return lng;
  }
  return SOURCE_LANGUAGE;
}

// Catalogues inside the entry chunk, registered by app/app.tsx with `bundleCatalogue`: Spanish of the
// frame and the primitives, so the first paint of a page in Spanish needs no catalogue request.
const bundled = new Map<string, Catalogue>();

// Every other catalogue is its own chunk, fetched when a page first asks for its namespace in a
// language: a visitor downloads only the language and the pages they use. The loaders of the
// Spanish feature catalogues are here; those of the six other languages are in a chunk of their
// own (i18n-catalogues.ts), fetched only by a visitor in another language.
const spanishFiles = catalogueLoaders(import.meta.glob<CatalogueModule>(['../features/*/locales/es.json', '../features/*/locales/*/es.json']));
let otherFiles: Promise<Map<string, CatalogueLoader>> | undefined;
const loaderOf = async (id: string): Promise<CatalogueLoader | undefined> => {
  if (id === `${MESSAGES_NS}/${SOURCE_LANGUAGE}`) return () => import('./messages-es.js');
  if (id.endsWith(`/${SOURCE_LANGUAGE}`)) return spanishFiles.get(id);
  otherFiles ??= import('./i18n-catalogues.js').then((m) => m.otherLanguageLoaders);
  return (await otherFiles).get(id);
};

type Listener = (lng: string) => void;
type TOptions = Record<string, unknown>;

/**
 * The translation runtime: i18next's catalogue format and `t` semantics for what this app uses
 * (nested keys, `ns:key`, `{{name}}` interpolation, `_one`/`_other`/`_zero` plurals through
 * Intl.PluralRules, `returnObjects`, `defaultValue`, Spanish as fallback, the key itself when
 * missing). i18next's own core costs 16 kB gzip on every first load against a 110 kB budget
 * (docs/decisions/0019-languages-and-floating-widgets.md); i18n-runtime.test.ts checks every catalogue key gives the
 * same text here as in i18next itself.
 */
class Translator {
  language: string = SOURCE_LANGUAGE;
  resolvedLanguage: string = SOURCE_LANGUAGE;
  isInitialized = true;
  private store = new Map<string, Catalogue>();
  private loading = new Map<string, Promise<void>>();
  private used = new Set<string>();
  private events = new Map<string, Set<Listener>>();

  constructor(namespaces: readonly string[]) {
    for (const ns of namespaces) {
      this.used.add(ns);
      void this.loadOne(SOURCE_LANGUAGE, ns); // bundled: stored at once
    }
  }

  on(event: 'languageChanged' | 'loaded', fn: Listener) {
    let set = this.events.get(event);
    if (!set) this.events.set(event, (set = new Set()));
    set.add(fn);
  }
  off(event: string, fn: Listener) {
    this.events.get(event)?.delete(fn);
  }
  private emit(event: string, lng: string) {
    for (const fn of this.events.get(event) ?? []) fn(lng);
  }

  /** Puts a catalogue that came with the bundle in place at once. */
  addBundle(lng: string, ns: string, catalogue: Catalogue) {
    this.store.set(`${ns}/${lng}`, catalogue);
  }

  /** Catalogue `ns` of `lng` when it is in memory. */
  getResource(lng: string, ns: string): Catalogue | undefined {
    return this.store.get(`${ns}/${lng}`);
  }

  /** Catalogue `ns` of `lng` is in memory (Spanish of the frame always is). */
  private has(lng: string, ns: string) {
    return this.store.has(`${ns}/${lng}`);
  }
  private loadOne(lng: string, ns: string): Promise<void> {
    const id = `${ns}/${lng}`;
    if (this.store.has(id)) return Promise.resolve();
    const inBundle = bundled.get(id);
    if (inBundle) {
      this.store.set(id, inBundle);
      return Promise.resolve();
    }
    let p = this.loading.get(id);
    if (!p) {
      p = loaderOf(id)
        .then((load) => (load ? load().then((m) => m.default) : {}))
        .then((c) => {
          // A catalogue bundled meanwhile (bundleCatalogue) wins over an empty load.
          if (!this.store.has(id)) this.store.set(id, c);
        })
        .finally(() => this.loading.delete(id));
      this.loading.set(id, p);
    }
    return p;
  }
  /** The current language (and Spanish, the fallback) of each namespace. */
  async loadNamespaces(ns: string | readonly string[], lng = this.language): Promise<void> {
    const list = typeof ns === 'string' ? [ns] : ns;
    for (const n of list) this.used.add(n);
    await Promise.all(list.flatMap((n) => [...new Set([lng, SOURCE_LANGUAGE])].map((l) => this.loadOne(l, n))));
    this.emit('loaded', lng);
  }
  hasLoadedNamespace(ns: string) {
    return this.has(this.language, ns) && this.has(SOURCE_LANGUAGE, ns);
  }
  /** Loads every namespace in use in `lng`, then switches: pages never show a half-loaded language. */
  async changeLanguage(lng: string): Promise<void> {
    const target = isLanguage(lng) ? lng : SOURCE_LANGUAGE;
    // Out of Spanish, server answers (Spanish catalogue texts) are translated from the first render on.
    if (target !== SOURCE_LANGUAGE) this.used.add(MESSAGES_NS);
    await this.loadNamespaces([...this.used], target);
    this.language = this.resolvedLanguage = target;
    this.emit('languageChanged', target);
  }

  private lookup(lng: string, ns: string, key: string): unknown {
    let node: unknown = this.store.get(`${ns}/${lng}`);
    for (const part of key.split('.')) {
      if (node === null || typeof node !== 'object') return undefined;
      node = (node as Record<string, unknown>)[part];
    }
    return node;
  }
  private resolve(lng: string, ns: string, key: string, options: TOptions): unknown {
    const count = options.count;
    if (typeof count === 'number') {
      const forms = [...(count === 0 ? [`${key}_zero`] : []), `${key}_${plural(lng, count)}`, `${key}_other`];
      for (const k of forms) {
        const v = this.lookup(lng, ns, k);
        if (v !== undefined) return v;
      }
    }
    return this.lookup(lng, ns, key);
  }
  /** i18next's `t`: `key` or `ns:key`, in `options.lng` or the current language, Spanish as fallback. */
  t(fullKey: string, options: TOptions = {}, defaultNs?: string): string {
    const sep = fullKey.indexOf(':');
    const ns = sep > 0 ? fullKey.slice(0, sep) : (defaultNs ?? '');
    const key = sep > 0 ? fullKey.slice(sep + 1) : fullKey;
    const lng = typeof options.lng === 'string' ? options.lng : this.language;
    let value = this.resolve(lng, ns, key, options);
    if (value === undefined || (typeof value === 'object' && value !== null && !options.returnObjects)) {
      value = lng === SOURCE_LANGUAGE ? undefined : this.resolve(SOURCE_LANGUAGE, ns, key, options);
    }
    if (value === undefined || (typeof value === 'object' && value !== null && !options.returnObjects)) {
      value = typeof options.defaultValue === 'string' ? options.defaultValue : key;
    }
    return interpolate(value, options) as string;
  }
  getFixedT(_lng: null, ns: string) {
    return (key: string, options?: TOptions) => this.t(key, options, ns);
  }
}

const pluralRules = new Map<string, Intl.PluralRules>();
function plural(lng: string, count: number) {
  let rules = pluralRules.get(lng);
  if (!rules) pluralRules.set(lng, (rules = new Intl.PluralRules(lng)));
  return rules.select(count);
}

/** `{{name}}` (and i18next's unescaped `{{- name}}`) replaced by the option; strings inside returned objects too. */
function interpolate(value: unknown, options: TOptions): unknown {
  if (typeof value === 'string') {
    return value.replace(/\{\{-?\s*([\w.]+)\s*\}\}/g, (all, name: string) => {
      const v = options[name];
      if (v === undefined || v === null) return all;
      return typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v);
    });
  }
  if (Array.isArray(value)) return value.map((v) => interpolate(v, options));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, options)]));
  }
  return value;
}

const initialLanguage: Language =
  typeof window === 'undefined' ? SOURCE_LANGUAGE : detectLanguage(localStore.get(LOCAL_KEYS.language), navigator.languages ?? [navigator.language]);

let version = 0;
const listeners = new Set<() => void>();
const notify = () => {
  version++;
  for (const l of listeners) l();
};

export const i18n = new Translator(FRAME_NAMESPACES);
i18n.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
  notify();
});
// Only a change of language re-renders the translated tree. A catalogue that arrives later was
// awaited by the components that need it (they suspended on it), so telling every other component
// would only re-render the whole page once per catalogue while it loads (main-thread time on a phone).
// Spanish is ready before the first render (bundled); another first language loads its frame first.
const ready = i18n.changeLanguage(initialLanguage);

/**
 * A catalogue that ships in the entry chunk (app/app.tsx: Spanish of `frame` and `ui`), in place
 * before the first render. Called at module load, before the first render.
 */
export function bundleCatalogue(ns: string, lng: Language, catalogue: Catalogue) {
  bundled.set(`${ns}/${lng}`, catalogue);
  i18n.addBundle(lng, ns, catalogue);
}

/**
 * Resolves when the frame's catalogues of the first language are in: main.tsx renders after it, so
 * a visitor in another language never sees the frame in Spanish first (Spanish resolves at once).
 */
export const i18nReady: Promise<unknown> = ready;

/** The current interface language; re-renders when it changes. */
export function useLanguage(): Language {
  useSyncExternalStore(subscribe, () => version);
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lng) ? lng : SOURCE_LANGUAGE;
}

/**
 * Switches the interface to `lng` and keeps the choice in this browser. i18next loads every
 * namespace already in use in the new language before it switches, so no page suspends.
 */
export async function setLanguage(lng: Language): Promise<void> {
  localStore.set(LOCAL_KEYS.language, lng);
  await i18n.changeLanguage(lng);
}

/** Starts loading namespaces of the current language (used with a page's chunk, so both arrive together). */
export function preloadNamespaces(namespaces: readonly string[]): Promise<unknown> {
  return ready.then(() => i18n.loadNamespaces([...namespaces]));
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

// One pending promise per namespace, so a suspended component does not start the load again.
const pending = new Map<string, Promise<unknown>>();
function ensureLoaded(ns: string) {
  if (i18n.isInitialized && i18n.hasLoadedNamespace(ns)) return;
  let p = pending.get(ns);
  if (!p) {
    p = ready.then(() => i18n.loadNamespaces(ns)).finally(() => pending.delete(ns));
    pending.set(ns, p);
  }
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- Suspense: the nearest boundary waits for the catalogue
  throw p;
}

export type TFunction = (key: string, options?: Record<string, unknown>) => string;

/** The translations of one namespace in the current language; re-renders when the language changes. */
export function useTranslation(ns: string): { t: TFunction; i18n: typeof i18n } {
  const v = useSyncExternalStore(subscribe, () => version);
  ensureLoaded(ns);
  const t = useMemo<TFunction>(() => {
    const fixed = i18n.getFixedT(null, ns);
    return (key, options) => String(fixed(key, options ?? {}));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- v changes with the language
  }, [ns, v]);
  return { t, i18n };
}

type Messages = Record<MessageKey, string>;
const messagesByLanguage = new Map<string, Messages>();

/**
 * The shared message catalogue, translated into the current language (same keys as `messages`).
 * Suspends until the catalogue is in (a page's chunk brings it along: app/router.tsx).
 */
export function useMessages(): Messages {
  const { t } = useTranslation(MESSAGES_NS);
  // One translated catalogue per language, shared by every component that shows messages: built
  // once, not once per component on the first render of a page.
  const built = messagesByLanguage.get(i18n.language);
  if (built) return built;
  const spanish = i18n.getResource(SOURCE_LANGUAGE, MESSAGES_NS);
  // In Spanish the catalogue is its own translation (flat texts; `t` of a key without options is
  // the text itself): reading it through `t` key by key cost about 15 ms of the first render of
  // every signed-in page (decision 0046, session 15).
  if (i18n.language === SOURCE_LANGUAGE && spanish) {
    messagesByLanguage.set(SOURCE_LANGUAGE, spanish as Messages);
    return spanish as Messages;
  }
  const keys = Object.keys(spanish ?? {});
  const fresh = Object.fromEntries(keys.map((k) => [k, t(k)])) as Messages;
  messagesByLanguage.set(i18n.language, fresh);
  return fresh;
}

type FrameMessages = Record<FrameMessageKey, string>;
const frameByLanguage = new Map<string, FrameMessages>();

/**
 * The frame's part of the catalogue (`frameMessages`: gates, session end, loading and empty states)
 * in the current language, without waiting for the whole catalogue: the frame and the public pages
 * use this one. In Spanish it is bundled; another language loaded its messages with the frame.
 */
export function useFrameMessages(): FrameMessages {
  const lng = useLanguage();
  if (lng === SOURCE_LANGUAGE) return frameMessages;
  let built = frameByLanguage.get(lng);
  if (!built) {
    built = Object.fromEntries(Object.keys(frameMessages).map((k) => [k, i18n.t(`${MESSAGES_NS}:${k}`)])) as FrameMessages;
    frameByLanguage.set(lng, built);
  }
  return built;
}

let bySpanish: Map<string, string> | undefined;
let prefixes: [string, string][] | undefined;
/**
 * A Spanish catalogue text (a server answer, a shared schema's error) in the current language; other
 * text unchanged. A catalogue "...Prefix" message followed by a server text ('Error al enviar la
 * solicitud: ' + reason) has its prefix translated and its tail translated when it is itself a message.
 */
export function translateMessage(text: string): string {
  // In Spanish every catalogue text is already itself. Out of Spanish the Spanish catalogue was
  // loaded with the frame (changeLanguage), and is the index from a text to its key.
  if (i18n.language === SOURCE_LANGUAGE) return text;
  const catalogue = i18n.getResource(SOURCE_LANGUAGE, MESSAGES_NS);
  if (!catalogue) return text;
  bySpanish ??= new Map(Object.entries(catalogue).map(([k, v]) => [v as string, k]));
  const key = bySpanish.get(text);
  if (key) return i18n.t(`messages:${key}`);
  // Longest prefix first ('Error al subir las imágenes: ' before 'Error: ').
  prefixes ??= Object.entries(catalogue)
    .filter(([k]) => k.endsWith('Prefix'))
    .map(([k, v]): [string, string] => [k, v as string])
    .sort((a, b) => b[1].length - a[1].length);
  for (const [k, prefix] of prefixes) {
    if (text.length > prefix.length && text.startsWith(prefix)) return i18n.t(`messages:${k}`) + translateMessage(text.slice(prefix.length));
  }
  return text;
}
