/**
 * A WebAuthn authenticator in software (ES256, attestation "none"), so server tests can run
 * both ceremonies without a browser: it answers the options the service puts in its nodes
 * exactly as the browser script would post the result. Its sign count can be wound back to
 * play a cloned authenticator.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

type Cbor = number | string | Uint8Array | Cbor[] | Map<Cbor, Cbor> | { [key: string]: Cbor };

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  const b = Buffer.alloc(3);
  b[0] = (major << 5) | 25;
  b.writeUInt16BE(length, 1);
  return b;
}

/** The few CBOR types attestation objects and COSE keys use. */
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export interface SoftwareKey {
  id: Buffer;
  privateKey: KeyObject;
  userHandle: Buffer;
  signCount: number;
}

export class SoftwareAuthenticator {
  readonly keys: SoftwareKey[] = [];
  /** Whether the authenticator says it verified the user (PIN, biometrics). */
  userVerified = true;

  constructor(readonly origin: string) {}

  private flags(attested: boolean): number {
    return 0x01 | (this.userVerified ? 0x04 : 0) | (attested ? 0x40 : 0);
  }

  /** `navigator.credentials.create` for `{publicKey}` options as the service sends them. */
  create(options: { publicKey: any }): string {
    const pk = options.publicKey;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const key: SoftwareKey = { id: randomBytes(16), privateKey, userHandle: Buffer.from(pk.user.id, 'base64url'), signCount: 0 };
    this.keys.push(key);
    const count = Buffer.alloc(4);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(key.id.length);
    const authData = Buffer.concat([sha256(pk.rp.id), Buffer.from([this.flags(true)]), count, Buffer.alloc(16), length, key.id, cose]);
    const clientData = JSON.stringify({ type: 'webauthn.create', challenge: pk.challenge, origin: this.origin, crossOrigin: false });
    return JSON.stringify({
      id: b64url(key.id),
      rawId: b64url(key.id),
      type: 'public-key',
      response: { attestationObject: b64url(cbor({ fmt: 'none', attStmt: {}, authData })), clientDataJSON: b64url(Buffer.from(clientData)), transports: ['internal'] },
      clientExtensionResults: {},
    });
  }

  /** `navigator.credentials.get`: signs with `key` (default: the newest), counting up. */
  get(options: { publicKey: any }, key: SoftwareKey = this.keys[this.keys.length - 1]!): string {
    const pk = options.publicKey;
    key.signCount += 1;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(key.signCount);
    const authData = Buffer.concat([sha256(pk.rpId), Buffer.from([this.flags(false)]), count]);
    const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: pk.challenge, origin: this.origin, crossOrigin: false }));
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), key.privateKey);
    return JSON.stringify({
      id: b64url(key.id),
      rawId: b64url(key.id),
      type: 'public-key',
      response: { authenticatorData: b64url(authData), clientDataJSON: b64url(clientData), signature: b64url(signature), userHandle: b64url(key.userHandle) },
      clientExtensionResults: {},
    });
  }
}
