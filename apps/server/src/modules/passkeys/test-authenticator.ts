import crypto from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import { sha256 } from '../../infra/token.js';

// A software authenticator for the API tests (decision 0026): a P-256 key per credential, the
// authenticator data built byte by byte as WebAuthn §6.1 lays it out, "none" attestation, and
// ES256 assertions. It does what a browser and a passkey do together, and can be told to lie
// (another origin, no user verification, an old counter) so the server's refusals can be shown.

const b64url = (b: Buffer | Uint8Array) => Buffer.from(b).toString('base64url');

interface Credential {
  id: Buffer;
  privateKey: crypto.KeyObject;
  rpId: string;
  userHandle: string;
  counter: number;
}

/** Flags of the authenticator data: user present, user verified, attested credential data. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface Lies {
  /** The origin the "browser" writes in clientDataJSON (default: the authenticator's origin). */
  origin?: string;
  /** Leave out user verification (a key without PIN or biometrics). */
  noUserVerification?: boolean;
  /** The signature counter to report instead of the next one (a cloned key). */
  counter?: number;
  /** A user handle to report instead of the credential's. */
  userHandle?: string;
  /** Sign over this challenge instead of the one in the options. */
  challenge?: string;
  /** Create a credential with this id (one another account already registered). */
  credentialId?: Buffer;
}

export class SoftAuthenticator {
  readonly credentials: Credential[] = [];
  constructor(readonly origin: string) {}

  private authData(rpId: string, flags: number, counter: number, attested?: Buffer) {
    const head = Buffer.alloc(37);
    sha256(rpId, 'buffer').copy(head, 0);
    head[32] = flags;
    head.writeUInt32BE(counter, 33);
    return attested ? Buffer.concat([head, attested]) : head;
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create(): a new discoverable P-256 credential for these options. */
  create(options: Record<string, unknown>, lies: Lies = {}) {
    const rp = options.rp as { id: string };
    const user = options.user as { id: string };
    const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
      ]),
    );
    const id = lies.credentialId ?? crypto.randomBytes(32);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, id, Buffer.from(cose)]);
    const flags = UP | AT | (lies.noUserVerification ? 0 : UV);
    const authData = this.authData(rp.id, flags, 0, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    this.credentials.push({ id, privateKey, rpId: rp.id, userHandle: user.id, counter: 0 });
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', lies.challenge ?? (options.challenge as string), lies.origin ?? this.origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get(): an assertion by a credential of this site (the last one by default). */
  get(options: Record<string, unknown>, lies: Lies = {}, credential = this.credentials.at(-1)) {
    if (!credential) throw new Error('no credential');
    credential.counter += 1;
    const flags = UP | (lies.noUserVerification ? 0 : UV);
    const authData = this.authData(options.rpId as string, flags, lies.counter ?? credential.counter);
    const clientDataJSON = this.clientData('webauthn.get', lies.challenge ?? (options.challenge as string), lies.origin ?? this.origin);
    // ES256: ECDSA over authenticatorData || SHA-256(clientDataJSON), DER-encoded.
    const signature = crypto.sign('sha256', Buffer.concat([authData, sha256(clientDataJSON, 'buffer')]), credential.privateKey);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: lies.userHandle ?? credential.userHandle,
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }
}
