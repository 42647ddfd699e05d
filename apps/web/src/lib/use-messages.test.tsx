// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@clinica/shared';
import { SOURCE_LANGUAGE, i18n, i18nReady, useMessages } from './i18n.js';

// A file of its own: happy-dom's navigator makes the runtime start in English, and the runtime is a
// module singleton; the test waits for that start before choosing each language itself.
describe('useMessages', () => {
  it('gives the whole catalogue: in Spanish the shared texts themselves, in English each one translated', async () => {
    await i18nReady;
    await i18n.changeLanguage(SOURCE_LANGUAGE);
    await i18n.loadNamespaces('messages');
    const es = renderHook(() => useMessages()).result.current;
    expect(es).toEqual(messages);
    expect(es.invalidCredentials).toBe('Correo o contraseña incorrectos.');
    await i18n.changeLanguage('en');
    await i18n.loadNamespaces('messages');
    const en = renderHook(() => useMessages()).result.current;
    expect(Object.keys(en).sort()).toEqual(Object.keys(messages).sort());
    expect(en.invalidCredentials).toBe(i18n.t('messages:invalidCredentials'));
    expect(en.invalidCredentials).not.toBe(messages.invalidCredentials);
  });
});
