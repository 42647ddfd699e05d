import { describe, expect, it } from 'vitest';
import { messages } from './messages.js';
import { MIN_PASSWORD_SCORE, passwordUserInputs } from './password-rule.js';
import { passwordStrength, weakPasswordMessage } from './password-strength.js';

describe('the password-strength rule (issue 18, item 7)', () => {
  it('refuses the passwords an attacker tries first, with the catalogue message', () => {
    for (const weak of ['12345678', 'password', 'contraseña', 'qwertyuiop', 'panama2026', 'secreto123']) {
      expect(passwordStrength(weak).strongEnough, weak).toBe(false);
      expect(weakPasswordMessage(weak), weak).toBe(messages.passwordTooWeak);
    }
  });

  it('accepts long passphrases and mixed passwords', () => {
    for (const strong of ['Sol-de-Panama-2026', 'tres gatos azules bailan', 'secreto-seguro-1', 'Tr3s-Gatos-Azules!']) {
      expect(passwordStrength(strong).score, strong).toBeGreaterThanOrEqual(MIN_PASSWORD_SCORE);
      expect(weakPasswordMessage(strong), strong).toBeNull();
    }
  });

  it('counts the person’s own name and e-mail as known words', () => {
    const owner = { nombre: 'Maricarmen', apellido: 'Valderrama', correo: 'maricarmen.valderrama@example.com' };
    const password = 'maricarmenvalderrama';
    expect(passwordStrength(password).strongEnough).toBe(true);
    expect(passwordStrength(password, owner).strongEnough).toBe(false);
    expect(passwordUserInputs(owner)).toEqual(
      expect.arrayContaining(['maricarmen', 'valderrama', 'maricarmen.valderrama@example.com', 'maricarmen.valderrama', 'example']),
    );
  });
});
