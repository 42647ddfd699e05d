import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { messages } from '@clinica/shared';
import { LANGUAGES, SOURCE_LANGUAGE, bundleCatalogue, detectLanguage, i18n, languageOfTag, translateMessage } from './i18n.js';


// lib/i18n.ts's runtime against i18next itself on every key of every catalogue (the catalogues
// are i18next JSON; the runtime is ours for the first-load budget), and its language detection
// and server-message translation.

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(src, file), 'utf8')) as Record<string, unknown>;
// As app/app.tsx does in the browser.
bundleCatalogue('frame', 'es', readJson('app/locales/es.json'));
bundleCatalogue('ui', 'es', readJson('components/ui/locales/es.json'));
const PLURAL = /_(zero|one|two|few|many|other)$/;

function catalogues() {
  const dirs: [string, string][] = [
    ['frame', 'app/locales'],
    ['ui', 'components/ui/locales'],
    ['messages', 'locales/messages'],
  ];
  for (const f of fs.readdirSync(path.join(src, 'features'))) {
    if (fs.existsSync(path.join(src, 'features', f, 'locales'))) dirs.push([f, `features/${f}/locales`]);
  }
  const resources: Record<string, Record<string, unknown>> = {};
  for (const lng of LANGUAGES) {
    resources[lng] = {};
    for (const [ns, dir] of dirs) {
      const file = path.join(src, dir, `${lng}.json`);
      if (ns === 'messages' && lng === SOURCE_LANGUAGE) resources[lng][ns] = messages;
      else if (fs.existsSync(file)) resources[lng][ns] = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
    }
  }
  return { namespaces: dirs.map(([ns]) => ns), resources };
}

function leaves(tree: unknown, prefix = '', out: string[] = []) {
  if (tree && typeof tree === 'object') {
    for (const [k, v] of Object.entries(tree)) leaves(v, prefix ? `${prefix}.${k}` : k, out);
  } else out.push(prefix);
  return out;
}

describe('the translation runtime', () => {
  it('gives the same text as i18next for every key of every catalogue, in every language', async () => {
    const { namespaces, resources } = catalogues();
    const reference = i18next.createInstance();
    await reference.init({
      resources: resources as never,
      lng: SOURCE_LANGUAGE,
      fallbackLng: SOURCE_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      load: 'currentOnly',
      ns: namespaces,
      defaultNS: false,
      interpolation: { escapeValue: false },
      returnNull: false,
      showSupportNotice: false,
    } as never);
    const differences: string[] = [];
    for (const lng of LANGUAGES) {
      await i18n.changeLanguage(lng);
      await i18n.loadNamespaces(namespaces);
      await reference.changeLanguage(lng);
      for (const ns of namespaces) {
        const keys = new Set(leaves(resources[SOURCE_LANGUAGE]![ns]).map((k) => k.replace(PLURAL, '')));
        for (const key of keys) {
          for (const options of [{ name: 'N', page: 3, alt: 'A', time: '05:00', year: 2026, clinic: 'C', language: 'L' }, { count: 0 }, { count: 1 }, { count: 7 }]) {
            const ours = i18n.t(`${ns}:${key}`, options);
            const theirs = reference.t(`${ns}:${key}`, options as never) as unknown as string;
            if (typeof theirs === 'string' && ours !== theirs) differences.push(`${lng} ${ns}:${key} ${JSON.stringify(options)}: "${ours}" vs i18next "${theirs}"`);
          }
        }
      }
    }
    expect(differences.slice(0, 20)).toEqual([]);
    await i18n.changeLanguage(SOURCE_LANGUAGE);
  });

  it('falls back to Spanish, then to the key; interpolates returned objects', async () => {
    await i18n.changeLanguage('fr');
    expect(i18n.t('frame:notFound.title')).toBe('Page introuvable');
    expect(i18n.t('frame:does.not.exist')).toBe('does.not.exist');
    expect(i18n.t('frame:does.not.exist', { defaultValue: 'x' })).toBe('x');
    expect(i18n.t('frame:footer.copy', { year: 2026, clinic: 'Clínica' })).toBe('© 2026 Clínica. Panama.');
    expect(i18n.t('frame:language', { returnObjects: true, language: 'Français' }) as unknown).toEqual({
      button: 'Langue : Français',
      list: 'Choisir la langue',
    });
    await i18n.changeLanguage(SOURCE_LANGUAGE);
  });

  it('detects the language of a first visit from the browser, keeps a choice, and defaults to Spanish', () => {
    expect(detectLanguage(null, ['fr-FR', 'en'])).toBe('fr');
    expect(detectLanguage(null, ['pt-BR', 'de-AT'])).toBe('de');
    expect(detectLanguage(null, ['pt-BR', 'ja'])).toBe('es');
    expect(detectLanguage(null, [])).toBe('es');
    expect(detectLanguage('it', ['fr-FR'])).toBe('it');
    expect(detectLanguage('xx', ['en-US'])).toBe('en');
    for (const tag of ['zh-TW', 'zh-HK', 'zh-Hant', 'zh-Hant-TW', 'zh-MO', 'zh_TW']) expect(languageOfTag(tag), tag).toBe('zh-TW');
    for (const tag of ['zh', 'zh-CN', 'zh-Hans', 'zh-SG', 'zh-Hans-CN']) expect(languageOfTag(tag), tag).toBe('zh-CN');
    expect(languageOfTag('EN-gb')).toBe('en');
  });

  it('translates catalogue messages, prefixed messages with a server text, and leaves other text alone', async () => {
    await i18n.changeLanguage('en');
    await i18n.loadNamespaces('messages');
    const en = i18n.t('messages:invalidCredentials');
    expect(en).not.toBe(messages.invalidCredentials);
    expect(translateMessage(messages.invalidCredentials)).toBe(en);
    expect(translateMessage(`${messages.requestRejectedPrefix}motivo del servidor`)).toBe(`${i18n.t('messages:requestRejectedPrefix')}motivo del servidor`);
    // The tail is itself a catalogue message: both parts in English.
    expect(translateMessage(`${messages.paymentRejectedPrefix}${messages.invalidReceiptFile}`)).toBe(
      `${i18n.t('messages:paymentRejectedPrefix')}${i18n.t('messages:invalidReceiptFile')}`,
    );
    expect(translateMessage('Texto libre del personal')).toBe('Texto libre del personal');
    await i18n.changeLanguage(SOURCE_LANGUAGE);
    expect(translateMessage(messages.invalidCredentials)).toBe(messages.invalidCredentials);
  });
});
