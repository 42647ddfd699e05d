import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { messages, productMessages, specMessages } from './messages.js';

// The catalogue against the specification (docs/design.md, style 9; decisions.md "Vocabulary"): every
// text of `specMessages` appears letter for letter in the specification, and every quoted message
// of the specification's validation, states and error-catalogue sections is in `specMessages`.

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const specCopy = path.join(repoRoot, 'docs/spec');
// The specification the project was given lives beside the repository when it is checked out in
// its workspace (../shared/spec); the repository keeps a copy so the test runs anywhere.
const specOriginal = path.resolve(repoRoot, '../shared/spec');

const read = (file: string) => fs.readFileSync(path.join(specCopy, file), 'utf8');
const patientSpec = read('patient-and-public.md');
const staffSpec = read('staff.md');
const specText = `${patientSpec}\n${staffSpec}`;

/**
 * Single-quoted texts: a quote not glued to a letter or digit on its outer side, so the
 * apostrophes of English words ("the patient's name") do not open or close one.
 */
const quoted = (text: string) =>
  [...text.matchAll(/(?<![\p{L}\p{N}])'([^'\n]+?)'(?![\p{L}\p{N}])/gu)].map((m) => m[1]!);

/** The body of the document's sections whose numbers are given ('## 8. ...' up to the next '## '). */
const sections = (doc: string, numbers: number[]) =>
  doc
    .split(/^(?=## )/m)
    .filter((s) => numbers.some((n) => s.startsWith(`## ${n}. `)))
    .join('\n');

const allQuoted = new Set(quoted(specText));

/**
 * Catalogue texts the specification describes instead of quoting whole; each is rebuilt here from
 * the quoted parts and the words that describe it, so a change to either side fails the test.
 */
const DERIVED: Partial<Record<keyof typeof specMessages, () => void>> = {
  // "'Ocurrió un error al procesar su solicitud.' (a variant adds 'Por favor, intente nuevamente.')"
  requestFailedRetry: () => {
    expect(patientSpec).toContain(
      "'Ocurrió un error al procesar su solicitud.' (a variant adds 'Por favor, intente nuevamente.')",
    );
    expect(specMessages.requestFailedRetry).toBe(`${specMessages.requestFailed} Por favor, intente nuevamente.`);
  },
  // "Transfer and Yappy also require a proof file: the message ends '...incluyendo el comprobante.'"
  // The base is the mandatory-fields message; its final full stop becomes ', '.
  missingFieldsWithReceipt: () => {
    expect(patientSpec).toContain("the message ends '...incluyendo el comprobante.'");
    expect(specMessages.missingFieldsWithReceipt).toBe(
      `${specMessages.missingFields.replace(/\.$/, '')}, incluyendo el comprobante.`,
    );
  },
  // "'Todo se envió correctamente' (with a final full stop in one place)"
  allSentStop: () => {
    expect(patientSpec).toContain("'Todo se envió correctamente' (with a final full stop in one place)");
    expect(specMessages.allSentStop).toBe(`${specMessages.allSent}.`);
  },
};

/**
 * Quoted words of those sections that are not messages of their own (each is still checked:
 * the fragments through DERIVED above, the words here).
 */
const NOT_MESSAGES: Record<string, string> = {
  si: "a value the consent box sends ('si' or 'no'), section 4",
  no: "a value the consent box sends ('si' or 'no'), section 4",
  'not applicable': 'the English name of the checkbox, section 5',
  sugerencias: "the word put in place of the consultation area in 'Inicie sesión ... sugerencias', section 8",
  '...incluyendo el comprobante.': 'the ending of missingFieldsWithReceipt (DERIVED)',
  'Por favor, intente nuevamente.': 'what the variant requestFailedRetry adds (DERIVED)',
};

describe('the specification copies', () => {
  it('exist in docs/spec', () => {
    for (const file of ['patient-and-public.md', 'staff.md', 'decisions.md']) {
      expect(fs.existsSync(path.join(specCopy, file)), file).toBe(true);
    }
  });

  it.runIf(fs.existsSync(specOriginal))('are byte-identical to ../shared/spec', () => {
    const originals = fs
      .readdirSync(specOriginal)
      .filter((f) => f.endsWith('.md'))
      .sort();
    expect(originals.length).toBeGreaterThan(0);
    expect(
      fs
        .readdirSync(specCopy)
        .filter((f) => f.endsWith('.md'))
        .sort(),
    ).toEqual(originals);
    for (const file of originals) {
      const same = fs.readFileSync(path.join(specOriginal, file)).equals(fs.readFileSync(path.join(specCopy, file)));
      expect(same, `docs/spec/${file} differs from ../shared/spec/${file}`).toBe(true);
    }
  });
});

describe('every specMessages text is in the specification, letter for letter', () => {
  for (const [key, text] of Object.entries(specMessages) as [keyof typeof specMessages, string][]) {
    const derived = DERIVED[key];
    it(`${key}: ${JSON.stringify(text)}${derived ? ' (derived)' : ''}`, () => {
      if (derived) derived();
      else expect(allQuoted.has(text), `'${text}' is not quoted anywhere in the specification`).toBe(true);
    });
  }

  it('the suggestions variant is the consultations message with "sugerencias" in place of the area', () => {
    // Quoted whole in section 2, described in section 8: both readings agree.
    expect(patientSpec).toContain("the same with 'sugerencias' in place of the consultation area");
    expect(specMessages.loginRequiredSuggestions).toBe(
      specMessages.loginRequiredConsultations.replace('consultas virtuales', 'sugerencias'),
    );
  });
});

describe('every quoted message of the specification is in specMessages', () => {
  const catalogue = new Set<string>(Object.values(specMessages));
  const docs = [
    ['patient-and-public.md', patientSpec],
    ['staff.md', staffSpec],
  ] as const;
  for (const [name, doc] of docs) {
    // 4: states (alerts of the flows), 5: validation messages, 8: the error catalogue and the
    // success lists.
    const found = [...new Set(quoted(sections(doc, [4, 5, 8])))];

    it(`${name}: sections 4, 5 and 8 quote messages`, () => {
      expect(found.length).toBeGreaterThan(name === 'staff.md' ? 25 : 50);
      expect(sections(doc, [8])).toMatch(/^## 8\. /);
    });

    for (const text of found) {
      it(`${name}: ${JSON.stringify(text)}`, () => {
        if (text in NOT_MESSAGES) {
          // A documented exclusion must still be what it says: quoted in this document.
          expect(NOT_MESSAGES[text]).toBeTruthy();
          return;
        }
        expect(catalogue.has(text), `'${text}' (${name}) is missing from specMessages`).toBe(true);
      });
    }
  }

  it('the exclusions are all used (a stale one would hide nothing, but says the list is out of date)', () => {
    const everywhere = new Set([patientSpec, staffSpec].flatMap((doc) => quoted(sections(doc, [4, 5, 8]))));
    for (const word of Object.keys(NOT_MESSAGES)) expect(everywhere.has(word), word).toBe(true);
  });
});

describe('the catalogue', () => {
  it('product messages do not replace specification messages', () => {
    const shared = Object.keys(productMessages).filter((k) => k in specMessages);
    expect(shared).toEqual([]);
    for (const [key, text] of Object.entries(specMessages)) expect(messages[key as keyof typeof messages]).toBe(text);
  });

  it('keeps the spelling of the original where it is unusual', () => {
    expect(specMessages.paymentSessionRequired).toBe('Porfavor, inicie sesión');
    expect(specMessages.exitRefused).toBe('Envio cancelado.');
    expect(specMessages.pdfFailed).toBe('Error generating PDF.');
  });
});
