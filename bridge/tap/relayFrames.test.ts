import { describe, expect, it } from 'vitest';
import { RelayFrames, type RelayFrame } from './relayFrames.js';

function frame(type: number, ns: bigint, bytes: Buffer): Buffer {
  const head = Buffer.alloc(13);
  head[0] = type;
  head.writeUInt32LE(bytes.length, 1);
  head.writeBigUInt64LE(ns, 5);
  return Buffer.concat([head, bytes]);
}

const wire = Buffer.concat([
  frame(0x50, 1n, Buffer.from('4242')),
  frame(0, 2n, Buffer.from('{"jsonrpc":"2.0","id":1}\n')),
  frame(1, 3n, Buffer.alloc(0)),
  frame(2, 4n, Buffer.from([0xff, 0xfe, 0x0a])),
  frame(0x58, 5n, Buffer.from('code 0')),
]);
const expected = [
  { type: 0x50, ns: 1n, bytes: '4242' },
  { type: 0, ns: 2n, bytes: '{"jsonrpc":"2.0","id":1}\n' },
  { type: 1, ns: 3n, bytes: '' },
  { type: 2, ns: 4n, bytes: 'fffe0a' },
  { type: 0x58, ns: 5n, bytes: 'code 0' },
];
const shown = (f: RelayFrame): { type: number; ns: bigint; bytes: string } => ({
  type: f.type,
  ns: f.ns,
  bytes: f.type === 2 ? f.bytes.toString('hex') : f.bytes.toString('latin1'),
});

describe('the C relay’s frames', () => {
  it('come out whole however the reads split them: at every byte, and byte by byte', () => {
    for (let cut = 0; cut <= wire.length; cut++) {
      const got: RelayFrame[] = [];
      const frames = new RelayFrames((f) => got.push(f));
      frames.push(wire.subarray(0, cut));
      frames.push(wire.subarray(cut));
      expect(got.map(shown), `cut at ${cut}`).toEqual(expected);
    }
    const got: RelayFrame[] = [];
    const frames = new RelayFrames((f) => got.push(f));
    for (let i = 0; i < wire.length; i++) frames.push(wire.subarray(i, i + 1));
    expect(got.map(shown)).toEqual(expected);
  });

  it('a frame of 8 MiB in 64 KiB reads is one frame, its bytes exact', () => {
    const big = Buffer.alloc(8 * 1024 * 1024, 0x61);
    big[big.length - 1] = 0x0a;
    const bytes = frame(1, 7n, big);
    const got: RelayFrame[] = [];
    const frames = new RelayFrames((f) => got.push(f));
    for (let at = 0; at < bytes.length; at += 65536) frames.push(bytes.subarray(at, at + 65536));
    expect(got).toHaveLength(1);
    expect(got[0]?.bytes.equals(big)).toBe(true);
  });
});
