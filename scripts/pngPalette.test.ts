import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { toPalette } from './pngPalette.mjs';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** An RGB PNG of these pixels (0xRRGGBB), each row with the Sub filter, as an encoder may choose. */
function rgbPng(width: number, height: number, pixel: (x: number, y: number) => number): Buffer {
  const rows = Buffer.alloc(height * (width * 3 + 1));
  for (let y = 0; y < height; y++) {
    const line = y * (width * 3 + 1);
    rows[line] = 1;
    let prev = [0, 0, 0];
    for (let x = 0; x < width; x++) {
      const p = pixel(x, y);
      const rgb = [(p >> 16) & 0xff, (p >> 8) & 0xff, p & 0xff];
      rgb.forEach((v, i) => (rows[line + 1 + x * 3 + i] = (v - (prev[i] ?? 0)) & 0xff));
      prev = rgb;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

function read(png: Buffer): { type: string; data: Buffer }[] {
  const out = [];
  for (let off = 8; off < png.length;) {
    const length = png.readUInt32BE(off);
    out.push({ type: png.toString('latin1', off + 4, off + 8), data: png.subarray(off + 8, off + 8 + length) });
    off += 12 + length;
  }
  return out;
}

describe('toPalette', () => {
  // A light background, dark text, and 400 one-off shades (antialiased edges): 402 colours.
  const [background, text] = [0xf4f5f7, 0x1b1f24];
  const png = rgbPng(40, 20, (x, y) => (y < 10 ? (x % 3 === 0 ? text : background) : 0x202020 + (y - 10) * 40 + x));

  it('keeps the frequent colours exactly and maps every pixel to one of at most 256', () => {
    const out = read(toPalette(png));
    const ihdr = out.find((c) => c.type === 'IHDR')?.data;
    expect([ihdr?.readUInt32BE(0), ihdr?.readUInt32BE(4), ihdr?.[8], ihdr?.[9]]).toEqual([40, 20, 8, 3]);
    const plte = out.find((c) => c.type === 'PLTE')?.data ?? Buffer.alloc(0);
    const palette = Array.from({ length: plte.length / 3 }, (_, i) => plte.readUIntBE(i * 3, 3));
    expect(palette).toHaveLength(256);
    expect(palette.slice(0, 2)).toEqual([background, text]);
    const rows = zlib.inflateSync(Buffer.concat(out.filter((c) => c.type === 'IDAT').map((c) => c.data)));
    expect(rows).toHaveLength(20 * 41);
    // The first row as drawn: text every third pixel on the background.
    const first = [...rows.subarray(1, 41)].map((i) => palette[i]);
    expect(first).toEqual(Array.from({ length: 40 }, (_, x) => (x % 3 === 0 ? text : background)));
  });

  it('refuses what it does not read', () => {
    expect(() => toPalette(Buffer.from('not a png'))).toThrow('not a PNG');
  });
});
