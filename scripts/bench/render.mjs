// The client side of scripts/bench-render: makes the PNGs it uploads and
// sends the two request patterns, printing one JSON line of counts.
//   node bench-render.mjs png W H FILE      noisy RGB PNG (incompressible)
//   node bench-render.mjs tiny FILE         a small PNG (about 100 bytes)
//   node bench-render.mjs flood URL N       N concurrent renders, sizes all different
//   node bench-render.mjs sweep URL SECS C  C clients for SECS seconds, varied options
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const CRC = new Int32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});
const crc32 = (buf) => {
  let c = -1;
  for (const b of buf) c = CRC[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ -1) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};
const png = (w, h, rows, level) => {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

// Storage sends its errors as HTTP 400 with the real status in the body.
const statusOf = async (res) => {
  if (res.status !== 400) {
    await res.arrayBuffer();
    return String(res.status);
  }
  const body = await res.json().catch(() => ({}));
  return `${body.statusCode ?? '400'} ${body.message ?? ''}`.trim();
};

const [mode, ...args] = process.argv.slice(2);

if (mode === 'png') {
  const [w, h, file] = [Number(args[0]), Number(args[1]), args[2]];
  const rows = randomBytes((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) rows[y * (w * 3 + 1)] = 0;
  writeFileSync(file, png(w, h, rows, 1));
} else if (mode === 'tiny') {
  const [w, h] = [12, 8];
  const rows = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) rows.set([x * 20, y * 30, 90], y * (w * 3 + 1) + 1 + x * 3);
  writeFileSync(args[0], png(w, h, rows, 9));
} else if (mode === 'flood') {
  const [url, n] = [args[0], Number(args[1])];
  const status = {};
  await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const size = 700 + i * 13;
      let s;
      try {
        s = await statusOf(await fetch(`${url}?width=${size}&height=${size}`));
      } catch (e) {
        s = `failed (${e.cause?.code ?? e.message})`;
      }
      status[s] = (status[s] ?? 0) + 1;
    }),
  );
  console.log(JSON.stringify({ requests: n, status }));
} else if (mode === 'sweep') {
  const [url, secs, clients] = [args[0], Number(args[1]), Number(args[2])];
  const end = Date.now() + secs * 1000;
  const status = {};
  const urls = new Set();
  let requests = 0;
  // xorshift32: an LCG's low bits repeat within a few draws.
  let seed = 2463534242;
  const rnd = (n) => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) % n;
  };
  const resizes = ['cover', 'contain', 'fill'];
  const client = async () => {
    while (Date.now() < end) {
      const q = new URLSearchParams({ width: String(1 + rnd(2100)), quality: String(20 + rnd(81)) });
      if (rnd(2)) q.set('height', String(1 + rnd(2100)));
      q.set('resize', resizes[rnd(3)]);
      if (rnd(2)) q.set('format', 'origin');
      const u = `${url}?${q}`;
      urls.add(u);
      requests++;
      let s;
      try {
        s = await statusOf(await fetch(u));
      } catch (e) {
        s = `failed (${e.cause?.code ?? e.message})`;
      }
      status[s] = (status[s] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  console.log(JSON.stringify({ requests, distinct: urls.size, status }));
} else {
  console.error(`unknown mode ${mode}`);
  process.exit(2);
}
