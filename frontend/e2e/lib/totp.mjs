// An authenticator app for the tests: RFC 6238 codes (SHA-1, 6 digits, 30 s, GoTrue's
// defaults) from the secret the admin shows, computed with node:crypto. The server
// refuses a code of a time step it already accepted for the factor, as an app never
// shows one twice; `nextCode` gives the next step's code, waiting for the clock to
// reach it when the app would not show it yet.
import { createHmac } from 'node:crypto';

const STEP_MS = 30_000;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export const stepNow = () => Math.floor(Date.now() / STEP_MS);

export function codeAt(secret, step) {
  let bits = '';
  for (const ch of secret.replace(/[\s=]+/g, '').toUpperCase()) bits += ALPHABET.indexOf(ch).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g).map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1] & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/**
 * A fresh app for `secret`: `next()` answers { code, step } for a step after the last
 * one used (the current one, or the one after it, which the server still accepts).
 */
export function authenticator(secret) {
  let last = -Infinity;
  return {
    async next() {
      const step = Math.max(last + 1, stepNow());
      // Accepted up to one step ahead; further, wait as a person waits for the app's next code.
      while (step > stepNow() + 1) await new Promise((resolve) => setTimeout(resolve, 250));
      last = step;
      return { code: codeAt(secret, step), step };
    },
    /** A code that is wrong now (none of the steps the server accepts). */
    wrong() {
      const near = [-1, 0, 1].map((d) => codeAt(secret, stepNow() + d));
      let n = 0;
      while (near.includes(String(n).padStart(6, '0'))) n += 1;
      return String(n).padStart(6, '0');
    },
  };
}
