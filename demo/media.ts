// Tiny media payloads for the `media` demo tool, generated in code so the
// repository carries no binary fixtures: a 16x16 RGBA PNG (a lens-like ring)
// and a 0.25 s, 440 Hz sine tone as 8 kHz mono 8-bit PCM WAV.

import { deflateSync } from 'node:zlib';

const CRC_TABLE: Uint32Array = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) {
      c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    }
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (IEEE 802.3), as used by PNG chunks. */
export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length, 0);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData), 0);
  return Buffer.concat([length, typeAndData, crc]);
}

/** Encodes a 16x16 RGBA PNG showing a blue ring on a transparent background. */
export function makePng(size = 16): Buffer {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0); // width
  ihdr.writeUInt32BE(size, 4); // height
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(6, 9); // colour type: truecolour with alpha
  ihdr.writeUInt8(0, 10); // compression: deflate
  ihdr.writeUInt8(0, 11); // filter method
  ihdr.writeUInt8(0, 12); // interlace: none

  const rowLength = 1 + size * 4; // filter byte + RGBA pixels
  const raw = Buffer.alloc(rowLength * size);
  const centre = (size - 1) / 2;
  const outer = size / 2 - 0.5;
  const inner = outer - 3;
  for (let y = 0; y < size; y++) {
    const row = y * rowLength;
    raw[row] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const distance = Math.hypot(x - centre, y - centre);
      const offset = row + 1 + x * 4;
      if (distance <= outer && distance >= inner) {
        raw[offset] = 0x25; // R
        raw[offset + 1] = 0x63; // G
        raw[offset + 2] = 0xeb; // B
        raw[offset + 3] = 0xff; // A
      } else if (distance < inner) {
        raw[offset] = 0xdb;
        raw[offset + 1] = 0xea;
        raw[offset + 2] = 0xfe;
        raw[offset + 3] = 0x80; // translucent glass
      }
      // else: fully transparent (already zero)
    }
  }

  return Buffer.concat([signature, pngChunk('IHDR', ihdr), pngChunk('IDAT', deflateSync(raw)), pngChunk('IEND', Buffer.alloc(0))]);
}

/** Encodes a mono 8-bit PCM WAV of a sine tone (defaults: 440 Hz, 0.25 s, 8 kHz). */
export function makeWav(frequencyHz = 440, durationSec = 0.25, sampleRate = 8000): Buffer {
  const sampleCount = Math.round(durationSec * sampleRate);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + sampleCount, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate, 28); // byte rate = rate * channels * 1 byte
  header.writeUInt16LE(1, 32); // block align
  header.writeUInt16LE(8, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(sampleCount, 40);

  const samples = Buffer.alloc(sampleCount);
  const fade = Math.min(200, Math.floor(sampleCount / 4)); // short fade in/out, no clicks
  for (let i = 0; i < sampleCount; i++) {
    const envelope = Math.min(1, i / fade, (sampleCount - 1 - i) / fade);
    const value = Math.sin((2 * Math.PI * frequencyHz * i) / sampleRate) * 100 * envelope;
    samples[i] = 128 + Math.round(value); // 8-bit PCM is unsigned, centred on 128
  }
  return Buffer.concat([header, samples]);
}

/** Base64 payloads computed once per process. */
export const DEMO_PNG_BASE64: string = makePng().toString('base64');
export const DEMO_WAV_BASE64: string = makeWav().toString('base64');
