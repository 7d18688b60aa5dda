// Rewrites a screenshot (8-bit RGB or RGBA PNG, as Chromium writes them) as a PNG of at most 256
// colours, so the review's pictures stay small in the repository. A screen of the app is mostly
// flat colours: the most frequent ones are kept exactly, and each other colour (the edges of
// antialiased text) becomes the nearest kept one, which the eye does not tell apart at 1:1.
import zlib from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunks(png) {
  if (!png.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG');
  const out = [];
  for (let off = 8; off < png.length;) {
    const length = png.readUInt32BE(off);
    out.push({ type: png.toString('latin1', off + 4, off + 8), data: png.subarray(off + 8, off + 8 + length) });
    off += 12 + length;
  }
  return out;
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** The image's pixels as packed 0xRRGGBB numbers, the row filters undone. */
function pixels(png) {
  const all = chunks(png);
  const ihdr = all.find((c) => c.type === 'IHDR')?.data;
  if (!ihdr) throw new Error('a PNG without IHDR');
  const [width, height, depth, colourType, , , interlace] = [
    ihdr.readUInt32BE(0),
    ihdr.readUInt32BE(4),
    ihdr[8],
    ihdr[9],
    ihdr[10],
    ihdr[11],
    ihdr[12],
  ];
  if (depth !== 8 || (colourType !== 2 && colourType !== 6) || interlace !== 0) throw new Error('only 8-bit RGB or RGBA, not interlaced');
  const bpp = colourType === 6 ? 4 : 3;
  const stride = width * bpp;
  const raw = zlib.inflateSync(Buffer.concat(all.filter((c) => c.type === 'IDAT').map((c) => c.data)));
  const bytes = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = y * (stride + 1) + 1;
    const row = y * stride;
    for (let x = 0; x < stride; x++) {
      const a = x >= bpp ? bytes[row + x - bpp] : 0;
      const b = y > 0 ? bytes[row - stride + x] : 0;
      const c = x >= bpp && y > 0 ? bytes[row - stride + x - bpp] : 0;
      let v = raw[line + x];
      if (filter === 1) v += a;
      else if (filter === 2) v += b;
      else if (filter === 3) v += (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      bytes[row + x] = v & 0xff;
    }
  }
  const out = new Uint32Array(width * height);
  for (let i = 0; i < out.length; i++) out[i] = (bytes[i * bpp] << 16) | (bytes[i * bpp + 1] << 8) | bytes[i * bpp + 2];
  return { width, height, pixels: out };
}

function distance(p, q) {
  const dr = ((p >> 16) & 0xff) - ((q >> 16) & 0xff);
  const dg = ((p >> 8) & 0xff) - ((q >> 8) & 0xff);
  const db = (p & 0xff) - (q & 0xff);
  return 2 * dr * dr + 4 * dg * dg + 3 * db * db;
}

/** The PNG again, with a palette of its 256 most frequent colours. */
export function toPalette(png) {
  const { width, height, pixels: px } = pixels(png);
  const counts = new Map();
  for (const p of px) counts.set(p, (counts.get(p) ?? 0) + 1);
  const palette = [...counts.entries()]
    .sort((x, y) => y[1] - x[1] || x[0] - y[0])
    .slice(0, 256)
    .map(([colour]) => colour);
  const index = new Map(palette.map((colour, i) => [colour, i]));
  for (const colour of counts.keys()) {
    if (index.has(colour)) continue;
    let best = 0;
    for (let i = 1; i < palette.length; i++) if (distance(colour, palette[i]) < distance(colour, palette[best])) best = i;
    index.set(colour, best);
  }
  const rows = Buffer.alloc(height * (width + 1));
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) rows[y * (width + 1) + 1 + x] = index.get(px[y * width + x]);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 3;
  const plte = Buffer.alloc(palette.length * 3);
  palette.forEach((c, i) => plte.writeUIntBE(c, i * 3, 3));
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('PLTE', plte),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
