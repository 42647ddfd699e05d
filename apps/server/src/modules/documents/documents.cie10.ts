import fs from 'node:fs';
import zlib from 'node:zlib';
import { normaliseCie10, type Cie10Entry } from '@clinica/shared';

/**
 * The CIE-10 list the clinic ships (Spanish, docs/cie10.md for its source and licence): one
 * "code<TAB>title" line per codable entry, gzipped (140 KB instead of 850 KB). Read on the first
 * search or check, not at start-up: most requests never need it.
 */
const FILE = new URL('./data/cie10-es.tsv.gz', import.meta.url);

interface Catalogue {
  byCode: Map<string, string>;
  /** Entries with their title folded for search (no accents, lower case). */
  entries: { codigo: string; descripcion: string; folded: string }[];
}

let catalogue: Catalogue | undefined;

/** Lower case without accents: 'Infección' and 'infeccion' match each other. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();

function load(): Catalogue {
  if (catalogue) return catalogue;
  const text = zlib.gunzipSync(fs.readFileSync(FILE)).toString('utf8');
  const byCode = new Map<string, string>();
  const entries: Catalogue['entries'] = [];
  for (const line of text.split('\n')) {
    const tab = line.indexOf('\t');
    if (tab < 0) continue;
    const codigo = line.slice(0, tab);
    const descripcion = line.slice(tab + 1);
    byCode.set(codigo, descripcion);
    entries.push({ codigo, descripcion, folded: fold(descripcion) });
  }
  catalogue = { byCode, entries };
  return catalogue;
}

/** The title of a code of the list, or undefined when the list does not have it. */
export function cie10Title(code: string): string | undefined {
  return load().byCode.get(normaliseCie10(code));
}

const MAX_RESULTS = 20;

/**
 * Codes starting with what was typed when it looks like a code (J06, j069, J06.9), otherwise
 * entries whose title holds every typed word (accents and case aside), shortest titles first.
 */
export function searchCie10(query: string): Cie10Entry[] {
  const { entries } = load();
  const q = query.trim();
  const asCode = q.toUpperCase().replace(/[\s.]/g, '');
  if (/^[A-Z]\d{0,3}$/.test(asCode)) {
    const prefix = asCode.length > 3 ? `${asCode.slice(0, 3)}.${asCode.slice(3)}` : asCode;
    const found = entries.filter((e) => e.codigo.startsWith(prefix)).slice(0, MAX_RESULTS);
    if (found.length > 0) return found.map(({ codigo, descripcion }) => ({ codigo, descripcion }));
  }
  const words = fold(q).split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0);
  if (words.length === 0) return [];
  return entries
    .filter((e) => words.every((w) => e.folded.includes(w)))
    .sort((a, b) => a.descripcion.length - b.descripcion.length || a.codigo.localeCompare(b.codigo))
    .slice(0, MAX_RESULTS)
    .map(({ codigo, descripcion }) => ({ codigo, descripcion }));
}
