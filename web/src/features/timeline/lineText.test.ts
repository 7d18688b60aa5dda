import { describe, expect, it } from 'vitest';
import { byteSegments, textSegments, visibleJsonString } from './lineText.js';

const joined = (segments: { text: string; escape: boolean }[]): string => segments.map((s) => (s.escape ? `[${s.text}]` : s.text)).join('');

describe('the exact line, made visible', () => {
  it('leaves ordinary text, tabs and non-ASCII alone', () => {
    expect(textSegments('{"a":"café 🙂\tx"}')).toEqual([{ text: '{"a":"café 🙂\tx"}', escape: false }]);
    expect(textSegments('')).toEqual([]);
  });

  it('marks control, bidi and zero-width characters as escapes', () => {
    expect(joined(textSegments('a\u0000b\u001b[31m\r'))).toBe('a[\\u0000]b[\\u001b][31m[\\u000d]');
    expect(joined(textSegments('user\u202Egnp.exe'))).toBe('user[\\u202e]gnp.exe');
    expect(joined(textSegments('zero\u200Bwidth\uFEFF'))).toBe('zero[\\u200b]width[\\ufeff]');
  });

  it('marks lone surrogates but keeps pairs', () => {
    expect(joined(textSegments('x\uD800y'))).toBe('x[\\ud800]y');
    expect(joined(textSegments('x\uDC00'))).toBe('x[\\udc00]');
    expect(joined(textSegments('😀'))).toBe('😀');
  });

  it('shows each invalid UTF-8 byte as \\xNN between the valid runs', () => {
    const bytes = new Uint8Array([0x6f, 0x6b, 0xff, 0xc3, 0xa9, 0xc3, 0x28, 0xe2, 0x82, 0x00]);
    expect(joined(byteSegments(bytes))).toBe('ok[\\xff]é[\\xc3]([\\xe2][\\x82][\\u0000]');
  });

  it('tells a literal backslash-x from an escape', () => {
    const segments = byteSegments(new TextEncoder().encode('\\xff'));
    expect(segments).toEqual([{ text: '\\xff', escape: false }]);
  });

  it('quotes JSON strings with the invisible escaped', () => {
    expect(visibleJsonString('a\u202Eb\n')).toBe('"a\\u202eb\\n"');
  });
});
