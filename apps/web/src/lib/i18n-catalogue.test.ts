import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { messages } from '@clinica/shared';
import { LANGUAGES, SOURCE_LANGUAGE } from './i18n.js';

// The catalogues of the seven languages (issue 9, lib/i18n.ts): every key of Spanish exists in each
// other language and nothing else does, every value is translated (not left identical to Spanish
// unless listed in locales/identical-allowed.json), `{{placeholders}}` match, and the `messages`
// namespace covers every key of the shared catalogue. That the Spanish catalogue itself equals the
// specification is packages/shared/src/messages.test.ts's job.

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OTHERS = LANGUAGES.filter((l) => l !== SOURCE_LANGUAGE);
const PLURAL = /_(zero|one|two|few|many|other)$/;

type Tree = Record<string, unknown>;
const readJson = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Tree;

/** Namespace -> folder of its catalogues (the same mapping as lib/i18n.ts). */
function namespaces(): Map<string, string> {
  const found = new Map<string, string>([
    ['frame', path.join(src, 'app/locales')],
    ['ui', path.join(src, 'components/ui/locales')],
    ['messages', path.join(src, 'locales/messages')],
  ]);
  for (const feature of fs.readdirSync(path.join(src, 'features'))) {
    const dir = path.join(src, 'features', feature, 'locales');
    if (!fs.existsSync(dir)) continue;
    found.set(feature, dir);
    // A page's long texts in a folder of their own: namespace `<feature>_<part>`.
    for (const part of fs.readdirSync(dir, { withFileTypes: true }))
      if (part.isDirectory()) found.set(`${feature}_${part.name}`, path.join(dir, part.name));
  }
  return found;
}

/** 'a.b.c' -> string value, for every leaf (array items as a.0, a.1). */
function flatten(tree: unknown, prefix = '', out = new Map<string, string>()) {
  if (typeof tree === 'string') out.set(prefix, tree);
  else if (Array.isArray(tree)) tree.forEach((v, i) => flatten(v, prefix ? `${prefix}.${i}` : String(i), out));
  else if (tree && typeof tree === 'object') {
    for (const [k, v] of Object.entries(tree)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else out.set(prefix, String(tree));
  return out;
}

/** A key without its i18next plural suffix: languages have different plural forms. */
const base = (key: string) => key.replace(PLURAL, '');
const placeholders = (text: string) => [...text.matchAll(/\{\{-?\s*([\w.]+)(?:\s*,[^}]*)?\s*\}\}/g)].map((m) => m[1]).sort();
/** Text with a letter once placeholders are removed (a value of only '{{n}}' or '—' may repeat). */
const hasWords = (text: string) => /\p{L}/u.test(text.replace(/\{\{[^}]*\}\}/g, ''));

const allowed = readJson(path.join(src, 'locales/identical-allowed.json')) as Record<string, string[]>;

function load(dir: string, lng: string, ns: string): Map<string, string> | undefined {
  if (ns === 'messages' && lng === SOURCE_LANGUAGE) return flatten(messages);
  const file = path.join(dir, `${lng}.json`);
  return fs.existsSync(file) ? flatten(readJson(file)) : undefined;
}

/** Problems of one namespace in one language, as readable lines (empty when all is well). */
function problems(ns: string, dir: string, lng: string): string[] {
  const es = load(dir, SOURCE_LANGUAGE, ns);
  const other = load(dir, lng, ns);
  if (!es) return [`${ns}: no ${SOURCE_LANGUAGE}.json`];
  if (!other) return [`${ns}: no ${lng}.json`];
  const out: string[] = [];
  const esBases = new Map<string, string[]>();
  for (const [k, v] of es) esBases.set(base(k), [...(esBases.get(base(k)) ?? []), v]);
  const otherBases = new Map<string, string[]>();
  for (const [k, v] of other) otherBases.set(base(k), [...(otherBases.get(base(k)) ?? []), v]);

  for (const k of esBases.keys()) if (!otherBases.has(k)) out.push(`${ns}:${k} missing in ${lng}`);
  for (const k of otherBases.keys()) if (!esBases.has(k)) out.push(`${ns}:${k} exists in ${lng} but not in ${SOURCE_LANGUAGE}`);
  for (const [k, esValues] of esBases) {
    const values = otherBases.get(k);
    if (!values) continue;
    const isPlural = [...es.keys()].some((key) => key !== k && base(key) === k);
    if (isPlural && !other.has(`${k}_other`)) out.push(`${ns}:${k}_other missing in ${lng} (plural)`);
    const want = [...new Set(esValues.flatMap(placeholders))].sort().join(',');
    const got = [...new Set(values.flatMap(placeholders))].sort().join(',');
    // Plural forms may leave {{count}} out in one language and not in another.
    if (want.replace(/(^|,)count(?=,|$)/, '') !== got.replace(/(^|,)count(?=,|$)/, '')) {
      out.push(`${ns}:${k} placeholders differ in ${lng}: {${want}} in ${SOURCE_LANGUAGE}, {${got}} in ${lng}`);
    }
  }
  for (const [k, v] of other) {
    if (es.get(k) === v && hasWords(v) && !(allowed[lng] ?? []).includes(`${ns}:${base(k)}`) && !(allowed[lng] ?? []).includes(`${ns}:${k}`)) {
      out.push(`${ns}:${k} in ${lng} is identical to ${SOURCE_LANGUAGE} ("${v}"): translate it or list it in locales/identical-allowed.json`);
    }
  }
  return out;
}

describe('translation catalogues', () => {
  const all = namespaces();

  for (const [ns, dir] of all) {
    for (const lng of OTHERS) {
      it(`${ns} in ${lng}: same keys as Spanish, translated, same placeholders`, () => {
        expect(problems(ns, dir, lng)).toEqual([]);
      });
    }
  }

  it('the messages namespace has every key of the shared catalogue and no other, in every language', () => {
    const keys = Object.keys(messages).sort();
    for (const lng of OTHERS) {
      const file = path.join(src, 'locales/messages', `${lng}.json`);
      expect(fs.existsSync(file), `${file} missing`).toBe(true);
      expect(Object.keys(readJson(file)).sort(), lng).toEqual(keys);
    }
  });

  it('every entry of identical-allowed.json names an existing key', () => {
    const stale: string[] = [];
    for (const [lng, list] of Object.entries(allowed)) {
      if (lng.startsWith('$')) continue;
      expect(OTHERS as readonly string[]).toContain(lng);
      for (const entry of list) {
        const [ns, key] = entry.split(/:(.*)/s) as [string, string];
        const dir = all.get(ns);
        const es = dir ? load(dir, SOURCE_LANGUAGE, ns) : undefined;
        if (!es || ![...es.keys()].some((k) => k === key || base(k) === key)) stale.push(`${lng} ${entry}`);
      }
    }
    expect(stale).toEqual([]);
  });

  it('finds a missing key, an extra key, an untranslated value and a changed placeholder (self-check)', () => {
    const dir = fs.mkdtempSync(path.join(fs.realpathSync(process.env.TMPDIR ?? '/tmp'), 'i18n-'));
    fs.writeFileSync(path.join(dir, 'es.json'), JSON.stringify({ a: 'Hola', b: 'Adiós {{name}}', c: 'Cita', n_one: '1 cita', n_other: '{{count}} citas' }));
    fs.writeFileSync(path.join(dir, 'en.json'), JSON.stringify({ a: 'Hola', b: 'Goodbye {{nombre}}', d: 'Extra', n_one: 'one', n_other: '{{count}} appointments' }));
    expect(problems('test', dir, 'en').sort()).toEqual(
      [
        'test:c missing in en',
        'test:d exists in en but not in es',
        'test:b placeholders differ in en: {name} in es, {nombre} in en',
        'test:a in en is identical to es ("Hola"): translate it or list it in locales/identical-allowed.json',
      ].sort(),
    );
    fs.rmSync(dir, { recursive: true });
  });
});
