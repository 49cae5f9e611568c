// A software WebAuthn authenticator over node:crypto, so supabase-js's
// passkey and webauthn-factor calls run in Node unchanged: P-256 keys (ES256),
// "none" attestation, authenticator data with the UP/UV/BE/AT flags, a
// credential store, and `navigator.credentials.{create,get}` returning
// objects shaped as a browser's PublicKeyCredential (binary fields as
// ArrayBuffers). It signs what a browser's authenticator would sign, so the
// server checks real signatures; knobs let a test play a cloned
// authenticator, another origin or a tampered signature.
import { createHash, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';

export const b64url = (bytes) => Buffer.from(bytes).toString('base64url');
const toBuffer = (v) => (v instanceof ArrayBuffer ? Buffer.from(new Uint8Array(v)) : Buffer.from(v.buffer, v.byteOffset, v.byteLength));
const toArrayBuffer = (buf) => buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength);
const sha256 = (data) => createHash('sha256').update(data).digest();

// The few CBOR shapes WebAuthn needs: maps, integers, byte and text strings.
function cborHead(major, n) {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}
export function cbor(value) {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === 'string') {
    const s = Buffer.from(value, 'utf8');
    return Buffer.concat([cborHead(3, s.length), s]);
  }
  if (Buffer.isBuffer(value)) return Buffer.concat([cborHead(2, value.length), value]);
  if (value instanceof Map) {
    const parts = [cborHead(5, value.size)];
    for (const [k, v] of value) parts.push(cbor(k), cbor(v));
    return Buffer.concat(parts);
  }
  throw new Error(`cbor: unsupported ${typeof value}`);
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

/** What `navigator.credentials` returns; supabase-js checks `instanceof PublicKeyCredential`. */
export class PublicKeyCredential {
  constructor({ rawId, response, authenticatorAttachment = 'platform' }) {
    this.id = b64url(rawId);
    this.rawId = toArrayBuffer(rawId);
    this.type = 'public-key';
    this.response = response;
    this.authenticatorAttachment = authenticatorAttachment;
  }
  getClientExtensionResults() {
    return {};
  }
  static isUserVerifyingPlatformAuthenticatorAvailable() {
    return Promise.resolve(true);
  }
}

export class SoftAuthenticator {
  /**
   * @param {object} opts
   * @param {string} opts.origin the page's origin the "browser" reports in clientDataJSON
   * @param {boolean} [opts.userVerified] whether the user verified (UV flag)
   * @param {boolean} [opts.synced] a synced passkey (BE and BS flags)
   * @param {Buffer} [opts.aaguid] 16 bytes; zeros as most "none" attestations
   */
  constructor({ origin, userVerified = true, synced = false, aaguid = Buffer.alloc(16) }) {
    this.origin = origin;
    this.userVerified = userVerified;
    this.synced = synced;
    this.aaguid = aaguid;
    /** credential id (base64url) -> { id, rpId, userHandle, privateKey, signCount } */
    this.credentials = new Map();
    /** The last assertion made, as supabase-js would send it, for replay tests. */
    this.lastAssertion = null;
    /** When set, the next assertion's counter is this (a cloned authenticator). */
    this.nextCounter = null;
  }

  flags(extra) {
    let f = FLAG_UP | extra;
    if (this.userVerified) f |= FLAG_UV;
    if (this.synced) f |= FLAG_BE | FLAG_BS;
    return f;
  }

  clientData(type, challenge) {
    return Buffer.from(JSON.stringify({ type, challenge: b64url(toBuffer(challenge)), origin: this.origin, crossOrigin: false }));
  }

  rpIdOf(publicKey) {
    return publicKey.rp?.id ?? publicKey.rpId ?? new URL(this.origin).hostname;
  }

  async create({ publicKey }) {
    const rpId = this.rpIdOf(publicKey);
    if (!publicKey.pubKeyCredParams.some((p) => p.alg === -7)) {
      throw Object.assign(new Error('no supported algorithm'), { name: 'NotSupportedError' });
    }
    for (const excluded of publicKey.excludeCredentials ?? []) {
      if (this.credentials.has(b64url(toBuffer(excluded.id)))) {
        throw Object.assign(new Error('credential already registered'), { name: 'InvalidStateError' });
      }
    }
    const { privateKey, publicKey: pub } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = pub.export({ format: 'jwk' });
    const coseKey = cbor(
      new Map([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x, 'base64url')],
        [-3, Buffer.from(jwk.y, 'base64url')],
      ]),
    );
    const id = randomBytes(32);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([sha256(rpId), Buffer.from([this.flags(FLAG_AT)]), Buffer.alloc(4), this.aaguid, idLength, id, coseKey]);
    const attestationObject = cbor(
      new Map([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    this.credentials.set(b64url(id), { id, rpId, userHandle: toBuffer(publicKey.user.id), privateKey, signCount: 0 });
    const clientDataJSON = this.clientData('webauthn.create', publicKey.challenge);
    return new PublicKeyCredential({
      rawId: id,
      response: {
        clientDataJSON: toArrayBuffer(clientDataJSON),
        attestationObject: toArrayBuffer(attestationObject),
        getTransports: () => ['internal'],
      },
    });
  }

  /** The stored credential `get` would use: one named in allowCredentials, else (discoverable) the newest for the rp id. */
  pick(publicKey) {
    const rpId = this.rpIdOf(publicKey);
    const allowed = (publicKey.allowCredentials ?? []).map((c) => b64url(toBuffer(c.id)));
    const candidates = [...this.credentials.entries()].filter(([id, c]) => c.rpId === rpId && (allowed.length === 0 || allowed.includes(id)));
    const chosen = candidates.at(-1);
    if (!chosen) throw Object.assign(new Error('no credential for this relying party'), { name: 'NotAllowedError' });
    return chosen[1];
  }

  async get({ publicKey }) {
    const cred = this.pick(publicKey);
    const counter = this.nextCounter ?? cred.signCount + 1;
    this.nextCounter = null;
    cred.signCount = Math.max(cred.signCount, counter);
    const counterBytes = Buffer.alloc(4);
    counterBytes.writeUInt32BE(counter);
    const authenticatorData = Buffer.concat([sha256(cred.rpId), Buffer.from([this.flags(0)]), counterBytes]);
    const clientDataJSON = this.clientData('webauthn.get', publicKey.challenge);
    const signature = createSign('sha256')
      .update(Buffer.concat([authenticatorData, sha256(clientDataJSON)]))
      .sign(cred.privateKey);
    const credential = new PublicKeyCredential({
      rawId: cred.id,
      response: {
        clientDataJSON: toArrayBuffer(clientDataJSON),
        authenticatorData: toArrayBuffer(authenticatorData),
        signature: toArrayBuffer(signature),
        userHandle: toArrayBuffer(cred.userHandle),
      },
    });
    this.lastAssertion = {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        userHandle: b64url(cred.userHandle),
      },
    };
    return credential;
  }
}

/**
 * Make this process look like a browser whose `navigator.credentials` is
 * served by `browser.authenticator` (switch it to play another device).
 * supabase-js asks for `window`, `document` and `PublicKeyCredential` before
 * any WebAuthn call. Clients made while this is installed should have
 * `persistSession: false`: a "browser" client with a persisted session opens
 * a BroadcastChannel, which keeps Node running.
 * Returns `{ authenticator, restore() }`.
 */
export function installBrowser(authenticator) {
  const saved = {};
  const set = (name, value) => {
    saved[name] = Object.getOwnPropertyDescriptor(globalThis, name);
    Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
  };
  const browser = {
    authenticator,
    restore() {
      for (const [name, descriptor] of Object.entries(saved)) {
        if (descriptor) Object.defineProperty(globalThis, name, descriptor);
        else delete globalThis[name];
      }
    },
  };
  const credentials = {
    create: (options) => browser.authenticator.create(options),
    get: (options) => browser.authenticator.get(options),
  };
  set('PublicKeyCredential', PublicKeyCredential);
  set('window', { PublicKeyCredential, location: new URL(`${authenticator.origin}/`) });
  set('document', { visibilityState: 'visible' });
  set('navigator', { credentials, userAgent: 'soft-authenticator' });
  return browser;
}
