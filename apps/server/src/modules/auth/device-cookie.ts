import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { newToken } from '../../infra/token.js';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"; issue 18): a
 * browser that has signed in to an account carries a signed cookie saying so, and its wrong
 * passwords are counted apart from everybody else's. A stranger's wrong passwords lock the
 * account for unknown browsers only; the owner's browser still gets in.
 *
 * One httpOnly cookie holds up to MAX_ENTRIES logins (a browser signed in as patient, doctor...),
 * each `tag.nonce`: the tag is a keyed hash of the e-mail (the cookie never shows the address),
 * the nonce names this browser's own failure counter. The whole value is signed by
 * @fastify/cookie with COOKIE_SECRET, so a forged or edited cookie is simply not a device cookie.
 */
const MAX_ENTRIES = 5;
/** How long a browser stays known without signing in again. */
export const DEVICE_COOKIE_MAX_AGE_S = 180 * 24 * 60 * 60;
const NONCE = /^[\w-]{22}$/;

export function deviceCookies(opts: { production: boolean; secret: string }) {
  const name = opts.production ? '__Host-device' : 'device';
  const tagOf = (email: string) =>
    crypto.createHmac('sha256', opts.secret).update(`device-login\0${email}`).digest('base64url').slice(0, 16);

  /** The entries of a valid cookie (an unsigned, edited or malformed one has none). */
  const entries = (request: FastifyRequest): { tag: string; nonce: string }[] => {
    const raw = request.cookies[name];
    if (!raw || raw.length > 1000) return [];
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value) return [];
    return unsigned.value
      .split('~')
      .slice(0, MAX_ENTRIES)
      .map((e) => {
        const [tag = '', nonce = ''] = e.split('.');
        return { tag, nonce };
      })
      .filter((e) => e.tag.length === 16 && NONCE.test(e.nonce));
  };

  return {
    name,
    /** This browser's nonce for this login (the e-mail as the login form normalised it), or null. */
    nonceFor(request: FastifyRequest, email: string): string | null {
      const tag = tagOf(email);
      return entries(request).find((e) => e.tag === tag)?.nonce ?? null;
    },
    /** After a sign-in: this browser is known for this login, with a fresh nonce (its counter starts clean). */
    remember(request: FastifyRequest, reply: FastifyReply, email: string) {
      const tag = tagOf(email);
      const nonce = newToken(16);
      const kept = entries(request).filter((e) => e.tag !== tag);
      const value = [{ tag, nonce }, ...kept]
        .slice(0, MAX_ENTRIES)
        .map((e) => `${e.tag}.${e.nonce}`)
        .join('~');
      reply.setCookie(name, value, {
        signed: true,
        path: '/',
        httpOnly: true,
        sameSite: 'strict',
        secure: opts.production,
        maxAge: DEVICE_COOKIE_MAX_AGE_S,
      });
    },
  };
}
export type DeviceCookies = ReturnType<typeof deviceCookies>;
