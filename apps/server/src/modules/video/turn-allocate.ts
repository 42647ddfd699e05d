import crypto from 'node:crypto';
import dgram from 'node:dgram';

/**
 * A minimal TURN client (RFC 5766 Allocate over UDP, RFC 5389 long-term credentials) for the
 * tests: proves that coturn relays for the server's credentials and refuses others. Not a test
 * file itself; nothing in the product uses it (browsers speak TURN themselves).
 */

const MAGIC = 0x2112a442;
const ALLOCATE = 0x0003;
const ALLOCATE_OK = 0x0103;
const ALLOCATE_ERROR = 0x0113;
const ATTR = { USERNAME: 0x0006, MESSAGE_INTEGRITY: 0x0008, ERROR_CODE: 0x0009, REALM: 0x0014, NONCE: 0x0015, XOR_RELAYED_ADDRESS: 0x0016, REQUESTED_TRANSPORT: 0x0019 };

function attribute(type: number, value: Buffer) {
  const pad = (4 - (value.length % 4)) % 4;
  const head = Buffer.alloc(4);
  head.writeUInt16BE(type, 0);
  head.writeUInt16BE(value.length, 2);
  return Buffer.concat([head, value, Buffer.alloc(pad)]);
}

/** A STUN message; with `key`, MESSAGE-INTEGRITY over it (the length counting that attribute). */
function message(type: number, id: Buffer, attrs: Buffer[], key?: Buffer) {
  const body = Buffer.concat(attrs);
  const header = Buffer.alloc(20);
  header.writeUInt16BE(type, 0);
  header.writeUInt16BE(body.length + (key ? 24 : 0), 2);
  header.writeUInt32BE(MAGIC, 4);
  id.copy(header, 8);
  const unsigned = Buffer.concat([header, body]);
  if (!key) return unsigned;
  const hmac = crypto.createHmac('sha1', key).update(unsigned).digest();
  return Buffer.concat([unsigned, attribute(ATTR.MESSAGE_INTEGRITY, hmac)]);
}

function parse(buf: Buffer) {
  const type = buf.readUInt16BE(0);
  const attrs = new Map<number, Buffer>();
  for (let at = 20; at + 4 <= buf.length; ) {
    const t = buf.readUInt16BE(at);
    const len = buf.readUInt16BE(at + 2);
    attrs.set(t, buf.subarray(at + 4, at + 4 + len));
    at += 4 + len + ((4 - (len % 4)) % 4);
  }
  return { type, attrs };
}

function exchange(socket: dgram.Socket, port: number, msg: Buffer) {
  return new Promise<ReturnType<typeof parse>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('coturn did not answer within 3 s')), 3000);
    socket.once('message', (data) => {
      clearTimeout(timer);
      resolve(parse(data));
    });
    socket.send(msg, port, '127.0.0.1');
  });
}

export type AllocateResult = { ok: true; relayed: { address: string; port: number } } | { ok: false; code: number };

/** Allocate on coturn at 127.0.0.1:`port` with TURN REST credentials; the relayed address or the error code. */
export async function turnAllocate(port: number, username: string, credential: string): Promise<AllocateResult> {
  const socket = dgram.createSocket('udp4');
  try {
    const transport = attribute(ATTR.REQUESTED_TRANSPORT, Buffer.from([17, 0, 0, 0]));
    // First without credentials: the server answers 401 with its realm and a nonce.
    const challenge = await exchange(socket, port, message(ALLOCATE, crypto.randomBytes(12), [transport]));
    const realm = challenge.attrs.get(ATTR.REALM);
    const nonce = challenge.attrs.get(ATTR.NONCE);
    if (challenge.type !== ALLOCATE_ERROR || !realm || !nonce) throw new Error('no 401 challenge from coturn');
    const key = crypto.createHash('md5').update(`${username}:${realm.toString()}:${credential}`).digest();
    const answer = await exchange(
      socket,
      port,
      message(
        ALLOCATE,
        crypto.randomBytes(12),
        [transport, attribute(ATTR.USERNAME, Buffer.from(username)), attribute(ATTR.REALM, realm), attribute(ATTR.NONCE, nonce)],
        key,
      ),
    );
    if (answer.type === ALLOCATE_OK) {
      const xor = answer.attrs.get(ATTR.XOR_RELAYED_ADDRESS)!;
      const relayPort = xor.readUInt16BE(2) ^ (MAGIC >>> 16);
      const ip = (xor.readUInt32BE(4) ^ MAGIC) >>> 0;
      return { ok: true, relayed: { address: [ip >>> 24, (ip >>> 16) & 255, (ip >>> 8) & 255, ip & 255].join('.'), port: relayPort } };
    }
    const error = answer.attrs.get(ATTR.ERROR_CODE);
    return { ok: false, code: error ? error[2]! * 100 + error[3]! : 0 };
  } finally {
    socket.close();
  }
}
