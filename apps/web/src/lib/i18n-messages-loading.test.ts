import { describe, expect, it } from 'vitest';
import { frameMessages, messages } from '@clinica/shared';
import { SOURCE_LANGUAGE, i18n, i18nReady, preloadNamespaces, translateMessage } from './i18n.js';

// The shared message catalogue is not part of a public page's first load (decision 0015): in Spanish
// the frame shows `frameMessages` (bundled) and the whole catalogue arrives with the pages that show
// it; in another language it comes with the frame, because server answers are translated through it.
// A file of its own: the runtime is a module singleton, and this checks its state from the start.
describe('the message catalogue outside the first load', () => {
  it('starts in Spanish without the whole catalogue; another language brings it with the frame', async () => {
    await i18nReady;
    expect(i18n.language).toBe(SOURCE_LANGUAGE);
    expect(i18n.getResource(SOURCE_LANGUAGE, 'messages')).toBeUndefined();
    // A server answer in Spanish is shown as it came, with no catalogue needed.
    expect(translateMessage(messages.invalidCredentials)).toBe(messages.invalidCredentials);
    // Every frame message is a message of the one catalogue, with the same text.
    for (const [key, text] of Object.entries(frameMessages)) expect(messages[key as keyof typeof messages]).toBe(text);

    // Nothing asked for the catalogue: the change of language alone loads it (French and Spanish).
    await i18n.changeLanguage('fr');
    const fr = i18n.t('messages:invalidCredentials');
    expect(fr).not.toBe(messages.invalidCredentials);
    expect(translateMessage(messages.invalidCredentials)).toBe(fr);
    expect(i18n.t('messages:loading')).not.toBe(frameMessages.loading);
    await i18n.changeLanguage(SOURCE_LANGUAGE);
    expect(translateMessage(messages.invalidCredentials)).toBe(messages.invalidCredentials);
  });

  it('is brought in by a page that shows it', async () => {
    await preloadNamespaces(['messages']);
    expect(i18n.getResource(SOURCE_LANGUAGE, 'messages')).toEqual(messages);
  });
});
