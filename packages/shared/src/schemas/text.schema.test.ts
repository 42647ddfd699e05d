import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { patientRegistrationSchema, requiredText } from './auth.schema.js';
import { chatClientFrameSchema } from './chat.schema.js';
import { suggestionSchema } from './suggestions.schema.js';
import { isCleanText, safeMultilineText, safeText } from './text.schema.js';

describe('the shared text field', () => {
  it('refuses C0 and C1 control characters and lone surrogates with the catalogue message', () => {
    for (const bad of [
      'a\u0000b',
      'a\u0001',
      '\u001b[31m',
      'x\u007f',
      'x\u0085',
      'x\u009f',
      'a\ud800',
      '\udfffb',
      'a\nb',
      'a\tb',
    ]) {
      const r = safeText().safeParse(bad);
      expect(r.success, JSON.stringify(bad)).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(messages.textInvalid);
    }
  });

  it('keeps line breaks and tabs only in multi-line fields', () => {
    expect(safeMultilineText().parse('Dolor de cabeza\r\ndesde ayer\t(leve)')).toBe(
      'Dolor de cabeza\r\ndesde ayer\t(leve)',
    );
    expect(safeMultilineText().safeParse('a\u0000b').success).toBe(false);
    expect(safeMultilineText().safeParse('a\u000bb').success).toBe(false);
    expect(isCleanText('línea\nlínea', true)).toBe(true);
    expect(isCleanText('línea\nlínea')).toBe(false);
  });

  it('accepts emoji (surrogate pairs) and normalises to NFC, limits counting the normalised text', () => {
    expect(safeText().parse('🙂 ok')).toBe('🙂 ok');
    const nfd = 'Jose\u0301';
    expect(safeText().parse(nfd)).toBe('José');
    expect(requiredText(4).parse(nfd)).toBe('José');
  });

  it('is what the forms and the chat frame use', () => {
    // A chat message carries the id the page made for it (decision 0033).
    const CID = '6f1c2a9e-3b4d-4c5e-8f7a-1b2c3d4e5f60';
    const reg = patientRegistrationSchema.safeParse({ nombre: 'Ana\u0000' });
    expect(reg.error?.issues.find((i) => i.path[0] === 'nombre')?.message).toBe(messages.textInvalid);
    expect(suggestionSchema.parse({ sugerencia: 'Me\u0301s horarios\nlos sábados' }).sugerencia).toBe(
      'Més horarios\nlos sábados',
    );
    expect(chatClientFrameSchema.safeParse({ type: 'send', cid: CID, texto: 'hola\u0000' }).error?.issues[0]?.message).toBe(
      messages.textInvalid,
    );
    expect(chatClientFrameSchema.parse({ type: 'send', cid: CID, texto: 'hola\nqué tal' }).texto).toBe('hola\nqué tal');
  });
});
