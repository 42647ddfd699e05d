import crypto from 'node:crypto';
import fs from 'node:fs';
import forge from 'node-forge';
import { SignPdf } from '@signpdf/signpdf';
import { plainAddPlaceholder } from '@signpdf/placeholder-plain';
import { SUBFILTER_ETSI_CADES_DETACHED, Signer } from '@signpdf/utils';
import { sha256 } from '../../infra/token.js';

/**
 * The clinic's digital signature on every medical document (issue 22, item 10; decision 0042):
 * a PAdES baseline (B-B) signature, so any PDF reader shows whether the file was altered after
 * the clinic issued it.
 *
 * @signpdf places the signature dictionary (/SubFilter ETSI.CAdES.detached, /ByteRange, /M) and
 * fills /Contents; the CMS it carries is built here because @signpdf's P12Signer (node-forge's
 * PKCS#7) cannot add the ESS signing-certificate-v2 attribute PAdES requires, and it decodes the
 * PKCS#12 file and signs in pure JavaScript on every document (tens of milliseconds). Here the
 * PKCS#12 is decoded once at start-up and the RSA signature is Node's (OpenSSL).
 */

/** Marks the demo certificate; production refuses a certificate carrying it. */
export const DEMO_CERTIFICATE_MARK = 'Certificado de demostración - sin validez';

export interface SigningIdentity {
  key: crypto.KeyObject;
  /** The signing certificate first, then the rest of its chain (DER). */
  chain: Buffer[];
  /** Parsed signing certificate, for its issuer and serial number. */
  certificate: forge.pki.Certificate;
  demo: boolean;
}

const oids = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha256WithRSA: '1.2.840.113549.1.1.11',
};

const { asn1 } = forge;
const seq = (items: forge.asn1.Asn1[]) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, items);
const set = (items: forge.asn1.Asn1[]) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SET, true, items);
const oid = (id: string) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(id).getBytes());
const octets = (bytes: Buffer) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, bytes.toString('binary'));
const int = (n: number) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(n).getBytes());
const nul = () => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.NULL, false, '');
const der = (node: forge.asn1.Asn1) => Buffer.from(asn1.toDer(node).getBytes(), 'binary');
const fromDer = (bytes: Buffer) => asn1.fromDer(forge.util.createBuffer(bytes.toString('binary')));
const attribute = (type: string, value: forge.asn1.Asn1) => seq([oid(type), set([value])]);
/** DER sorts the members of a SET OF by their encodings (X.690 11.6). */
const sortedForSet = (nodes: forge.asn1.Asn1[]) =>
  nodes.map((n) => ({ n, d: der(n) })).sort((a, b) => Buffer.compare(a.d, b.d)).map((x) => x.n);

/** A CAdES-BES detached signature (RFC 5652 SignedData; ETSI EN 319 122-1 attributes) of `content`. */
export function cadesDetached(identity: SigningIdentity, content: Buffer): Buffer {
  const signingCert = identity.chain[0]!;
  const certHash = sha256(signingCert, 'buffer');
  const digest = sha256(content, 'buffer');
  // PAdES B-B: content-type, message-digest and signing-certificate-v2; no signing-time (the
  // time is the signature dictionary's /M).
  const attrs = sortedForSet([
    attribute(oids.contentType, oid(oids.data)),
    attribute(oids.messageDigest, octets(digest)),
    // SigningCertificateV2 { certs: [ESSCertIDv2 { hashAlgorithm: sha256 (the default, omitted), certHash }] }
    attribute(oids.signingCertificateV2, seq([seq([seq([octets(certHash)])])])),
  ]);
  // The signature covers the attributes encoded as a SET OF (RFC 5652 5.4), stored as [0] IMPLICIT.
  const signature = crypto.sign('sha256', der(set(attrs)), identity.key);
  const cert = identity.certificate;
  const issuerAndSerial = seq([
    forge.pki.distinguishedNameToAsn1(cert.issuer),
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, forge.util.hexToBytes(cert.serialNumber)),
  ]);
  const signerInfo = seq([
    int(1),
    issuerAndSerial,
    seq([oid(oids.sha256), nul()]),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, attrs),
    seq([oid(oids.sha256WithRSA), nul()]),
    octets(signature),
  ]);
  const signedData = seq([
    int(1),
    set([seq([oid(oids.sha256), nul()])]),
    seq([oid(oids.data)]),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, identity.chain.map(fromDer)),
    set([signerInfo]),
  ]);
  return der(seq([oid(oids.signedData), asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [signedData])]));
}

/** @signpdf's signer interface over the identity above. */
class CadesSigner extends Signer {
  constructor(private readonly identity: SigningIdentity) {
    super();
  }
  override sign(pdfBuffer: Buffer): Promise<Buffer> {
    return Promise.resolve(cadesDetached(this.identity, pdfBuffer));
  }
}

/** PKCS#12 bag types (RFC 7292). */
const BAGS = { key: '1.2.840.113549.1.12.10.1.1', shroudedKey: '1.2.840.113549.1.12.10.1.2', cert: '1.2.840.113549.1.12.10.1.3' };

const isDemoCertificate = (cert: forge.pki.Certificate) =>
  cert.subject.attributes.some((a) => typeof a.value === 'string' && forge.util.decodeUtf8(a.value) === DEMO_CERTIFICATE_MARK);

/**
 * Reads a PKCS#12 file (certificate, its chain and private key). Throws a Spanish message for
 * the operator when it cannot be used: wrong password, no key, no certificate for the key,
 * expired, or (in production) the demo certificate.
 */
export function readPkcs12(p12: Buffer, password: string, opts: { production: boolean; now: Date }): SigningIdentity {
  let parsed: forge.pkcs12.Pkcs12Pfx;
  try {
    parsed = forge.pkcs12.pkcs12FromAsn1(fromDer(p12), false, password);
  } catch {
    throw new Error('DOCUMENT_SIGNING_P12: no se pudo leer el archivo PKCS#12 (¿contraseña DOCUMENT_SIGNING_P12_PASSWORD correcta?)');
  }
  const bags = (type: string) => parsed.getBags({ bagType: type })[type] ?? [];
  const keyBag = bags(BAGS.shroudedKey)[0] ?? bags(BAGS.key)[0];
  if (!keyBag?.key) throw new Error('DOCUMENT_SIGNING_P12: el archivo no contiene la clave privada');
  const key = crypto.createPrivateKey(forge.pki.privateKeyToPem(keyBag.key));
  const publicDer = crypto.createPublicKey(key).export({ type: 'spki', format: 'der' });
  const certs = bags(BAGS.cert)
    .map((b) => b.cert)
    .filter((c): c is forge.pki.Certificate => c !== undefined && c !== null);
  const spkiOf = (c: forge.pki.Certificate) => der(forge.pki.publicKeyToAsn1(c.publicKey));
  const own = certs.find((c) => spkiOf(c).equals(publicDer));
  if (!own) throw new Error('DOCUMENT_SIGNING_P12: ningún certificado del archivo corresponde a la clave privada');
  if (opts.now < own.validity.notBefore || opts.now > own.validity.notAfter) {
    throw new Error('DOCUMENT_SIGNING_P12: el certificado no está vigente');
  }
  const demo = isDemoCertificate(own);
  if (demo && opts.production) {
    throw new Error('DOCUMENT_SIGNING_P12: en producción no se permite el certificado de demostración');
  }
  const toDer = (c: forge.pki.Certificate) => der(forge.pki.certificateToAsn1(c));
  return { key, certificate: own, chain: [own, ...certs.filter((c) => c !== own)].map(toDer), demo };
}

const demoIdentities = new Map<string, SigningIdentity>();

/**
 * A self-signed demo certificate for the clinic (made once per process: the demo and the tests
 * need no files). Its subject says it has no validity, and production refuses it.
 */
export function demoIdentity(clinicName: string, now: Date): SigningIdentity {
  const cached = demoIdentities.get(clinicName);
  if (cached) return cached;
  const identity = selfSignedIdentity(clinicName, now, { demo: true });
  demoIdentities.set(clinicName, identity);
  return identity;
}

/** A self-signed certificate and key (the demo's; the tests' stand-in for a real certificate). */
export function selfSignedIdentity(commonName: string, now: Date, opts: { demo: boolean }): SigningIdentity {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = `01${crypto.randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(now.getTime() - 24 * 3600_000);
  cert.validity.notAfter = new Date(now.getTime() + 5 * 365 * 24 * 3600_000);
  // forge takes UTF-8 as a binary string; its default string type for these names is UTF8String.
  const utf8 = forge.util.encodeUtf8;
  const name = [
    { name: 'commonName', value: utf8(commonName) },
    { name: 'organizationName', value: utf8(commonName) },
    ...(opts.demo ? [{ name: 'organizationalUnitName', value: utf8(DEMO_CERTIFICATE_MARK) }] : []),
    { name: 'countryName', value: 'PA' },
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()), forge.md.sha256.create());
  return { key: privateKey, certificate: cert, chain: [der(forge.pki.certificateToAsn1(cert))], demo: opts.demo };
}

/** A PKCS#12 file of an identity (the tests give it back to readPkcs12). */
export function toPkcs12(identity: SigningIdentity, password: string): Buffer {
  const key = forge.pki.privateKeyFromPem(identity.key.export({ type: 'pkcs8', format: 'pem' }).toString());
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [identity.certificate], password, { algorithm: '3des' });
  return der(p12);
}

export interface DocumentSigner {
  /** The PDF with the clinic's signature over every byte but the signature itself. */
  sign(pdf: Buffer, info: { signingTime: Date; reason: string; location: string }): Promise<Buffer>;
  demo: boolean;
}

/** Room for the CMS in /Contents: the chain, the signature and the attributes, with a margin. */
const signatureLength = (identity: SigningIdentity) =>
  Math.ceil((identity.chain.reduce((n, c) => n + c.length, 0) + 1536) / 512) * 512;

export function documentSigner(identity: SigningIdentity, clinic: { name: string; contact: string }): DocumentSigner {
  const signer = new CadesSigner(identity);
  const pdfSigner = new SignPdf();
  const length = signatureLength(identity);
  return {
    demo: identity.demo,
    async sign(pdf, info) {
      const withPlaceholder = plainAddPlaceholder({
        pdfBuffer: pdf,
        reason: info.reason,
        contactInfo: clinic.contact,
        name: clinic.name,
        location: info.location,
        signingTime: info.signingTime,
        signatureLength: length,
        subFilter: SUBFILTER_ETSI_CADES_DETACHED,
      });
      return pdfSigner.sign(withPlaceholder, signer, info.signingTime);
    },
  };
}

/**
 * The signer of this server: the configured PKCS#12 file, or (outside production, where the
 * configuration requires the file) the demo certificate. Start-up fails with the reason when the
 * file cannot be used.
 */
export function signerFromConfig(
  config: { production: boolean; documentSigning?: { p12Path: string; password: string }; clinic: { name: string; phone: string } },
  now: Date,
): DocumentSigner {
  let identity: SigningIdentity;
  if (config.documentSigning) {
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(config.documentSigning.p12Path);
    } catch {
      throw new Error(`DOCUMENT_SIGNING_P12: no se pudo leer ${config.documentSigning.p12Path}`);
    }
    identity = readPkcs12(bytes, config.documentSigning.password, { production: config.production, now });
  } else if (config.production) {
    throw new Error('En producción DOCUMENT_SIGNING_P12 es obligatorio');
  } else {
    identity = demoIdentity(config.clinic.name, now);
  }
  return documentSigner(identity, { name: config.clinic.name, contact: config.clinic.phone });
}
