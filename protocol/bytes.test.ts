import { describe, it, expect } from 'vitest';
import { base64Decode, base64Encode, describeBytes, lineBytes, utf8DecodeStrict, utf8Encode, wireBytes } from './bytes.js';

const u8 = (...values: number[]): Uint8Array => new Uint8Array(values);

describe('utf8Encode / utf8DecodeStrict', () => {
  it('round-trips text with multi-byte characters', () => {
    const text = 'café 🙂 日本語';
    const bytes = utf8Encode(text);
    expect(bytes.length).toBe(20);
    expect(utf8DecodeStrict(bytes)).toBe(text);
  });

  it('gives undefined for bytes that are not UTF-8', () => {
    expect(utf8DecodeStrict(u8(0x7b, 0xff, 0xfe, 0x7d))).toBeUndefined();
    expect(utf8DecodeStrict(u8(0xe2, 0x82))).toBeUndefined(); // truncated
    expect(utf8DecodeStrict(u8(0x80))).toBeUndefined(); // lone continuation
    expect(utf8DecodeStrict(u8(0xc0, 0xaf))).toBeUndefined(); // overlong
    expect(utf8DecodeStrict(u8(0xed, 0xa0, 0x80))).toBeUndefined(); // surrogate
  });

  it('keeps a leading BOM, so the text encodes back to the exact bytes', () => {
    const bytes = u8(0xef, 0xbb, 0xbf, 0x41);
    const text = utf8DecodeStrict(bytes);
    expect(text).toBe('\ufeffA');
    expect([...utf8Encode(text ?? '')]).toEqual([...bytes]);
  });

  it('decodes the empty line', () => {
    expect(utf8DecodeStrict(u8())).toBe('');
  });
});

describe('base64', () => {
  it('round-trips every byte value', () => {
    const all = new Uint8Array(256).map((_, i) => i);
    const b64 = base64Encode(all);
    expect([...base64Decode(b64)]).toEqual([...all]);
  });

  it('matches known encodings', () => {
    expect(base64Encode(u8())).toBe('');
    expect(base64Encode(u8(0x7b, 0xff, 0xfe, 0x7d))).toBe('e//+fQ==');
    expect([...base64Decode('e//+fQ==')]).toEqual([0x7b, 0xff, 0xfe, 0x7d]);
  });

  it('handles inputs longer than one encoding step (0x8000 bytes)', () => {
    const big = new Uint8Array(100_003).map((_, i) => (i * 31) % 256);
    const back = base64Decode(base64Encode(big));
    expect(back.length).toBe(big.length);
    expect(back.every((v, i) => v === big[i])).toBe(true);
  });
});

describe('lineBytes / wireBytes', () => {
  it('turns a text line into its UTF-8 bytes', () => {
    expect([...lineBytes({ text: 'é' })]).toEqual([0xc3, 0xa9]);
  });

  it('turns a b64 line into its bytes', () => {
    expect([...lineBytes({ b64: 'e//+fQ==' })]).toEqual([0x7b, 0xff, 0xfe, 0x7d]);
  });

  it('adds the terminator the line had on the wire', () => {
    expect([...wireBytes({ text: 'a', eol: '\n' })]).toEqual([0x61, 0x0a]);
    expect([...wireBytes({ text: 'a', eol: '\r\n' })]).toEqual([0x61, 0x0d, 0x0a]);
    expect([...wireBytes({ text: 'a', eol: '' })]).toEqual([0x61]);
    expect([...wireBytes({ b64: '/w==', eol: '\r\n' })]).toEqual([0xff, 0x0d, 0x0a]);
    expect([...wireBytes({ text: '', eol: '\n' })]).toEqual([0x0a]);
  });
});

describe('describeBytes', () => {
  it('leaves valid UTF-8 as it is', () => {
    expect(describeBytes(utf8Encode('café 🙂'))).toBe('café 🙂');
  });

  it('shows each bad byte as \\xNN and keeps the valid runs around it', () => {
    expect(describeBytes(u8(0x7b, 0xff, 0xfe, 0x7d))).toBe('{\\xff\\xfe}');
    expect(describeBytes(u8(0x80, 0x61))).toBe('\\x80a');
    expect(describeBytes(u8(0x61, 0xe2, 0x82))).toBe('a\\xe2\\x82');
    expect(describeBytes(u8(0x61, 0xe2, 0x82, 0x62))).toBe('a\\xe2\\x82b');
  });

  it('rejects overlong forms, surrogates and code points above U+10FFFF', () => {
    expect(describeBytes(u8(0xc0, 0xaf))).toBe('\\xc0\\xaf');
    expect(describeBytes(u8(0xe0, 0x80, 0xaf))).toBe('\\xe0\\x80\\xaf');
    expect(describeBytes(u8(0xed, 0xa0, 0x80))).toBe('\\xed\\xa0\\x80');
    expect(describeBytes(u8(0xf4, 0x90, 0x80, 0x80))).toBe('\\xf4\\x90\\x80\\x80');
  });

  it('keeps a valid character right after a bad byte', () => {
    expect(describeBytes(u8(0xff, 0xc3, 0xa9))).toBe('\\xffé');
  });
});
