import { describe, expect, it } from 'vitest';
import { sameOriginCheck } from './same-origin.js';

const req = (headers: { origin?: string; host?: string }) => ({ headers });

describe('sameOriginCheck: state-changing calls and the chat socket', () => {
  it('with PUBLIC_ORIGIN, only that origin passes, however it is written', () => {
    const same = sameOriginCheck('https://clinica.example.pa/');
    expect(same(req({ origin: 'https://clinica.example.pa', host: 'anything' }))).toBe(true);
    expect(same(req({ origin: 'https://clinica.example.pa:443', host: 'x' }))).toBe(true);
    expect(same(req({ origin: 'http://clinica.example.pa', host: 'clinica.example.pa' }))).toBe(false);
    expect(same(req({ origin: 'https://evil.example', host: 'clinica.example.pa' }))).toBe(false);
    expect(same(req({ origin: 'https://clinica.example.pa.evil.example', host: 'clinica.example.pa' }))).toBe(false);
  });

  it('without PUBLIC_ORIGIN, the origin must name the Host the request came to', () => {
    const same = sameOriginCheck(undefined);
    expect(same(req({ origin: 'http://localhost:3000', host: 'localhost:3000' }))).toBe(true);
    expect(same(req({ origin: 'https://x.pa', host: 'x.pa:443' }))).toBe(true);
    expect(same(req({ origin: 'http://localhost:3001', host: 'localhost:3000' }))).toBe(false);
    expect(same(req({ origin: 'http://evil.example', host: 'localhost:3000' }))).toBe(false);
    expect(same(req({ origin: 'http://localhost:3000' }))).toBe(false);
  });

  it('lets a request without Origin through (no browser cross-site call lacks it) and refuses what does not parse', () => {
    const same = sameOriginCheck(undefined);
    expect(same(req({ host: 'localhost:3000' }))).toBe(true);
    expect(same(req({ origin: 'null', host: 'localhost:3000' }))).toBe(false);
    expect(same(req({ origin: 'not a url', host: 'localhost:3000' }))).toBe(false);
    expect(sameOriginCheck('https://x.pa')(req({ origin: 'null' }))).toBe(false);
  });
});
