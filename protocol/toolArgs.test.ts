// `--tool-arg k=v` typed by the tool's inputSchema.
import { describe, expect, it } from 'vitest';

import { typeToolArgs } from './toolArgs.js';

const SCHEMA = {
  type: 'object',
  properties: {
    n: { type: 'number' },
    i: { type: 'integer' },
    b: { type: 'boolean' },
    s: { type: 'string' },
    nullableString: { type: ['string', 'null'] },
    nullableNumber: { type: ['number', 'null'] },
    nullableBool: { type: ['boolean', 'null'] },
    o: { type: 'object', properties: { a: { type: 'number' } } },
    a: { type: 'array', items: { type: 'string' } },
    level: { enum: ['low', 'high'] },
    size: { enum: [1, 2, 3] },
    maybe: { enum: [true, false, null] },
    mixed: { enum: [1, 'one'] },
    anything: {},
  },
};

const typed = (...pairs: string[]): unknown => {
  const result = typeToolArgs(pairs, SCHEMA);
  if (!result.ok) throw new Error(result.error);
  return result.args;
};
const failure = (...pairs: string[]): string => {
  const result = typeToolArgs(pairs, SCHEMA);
  if (result.ok) throw new Error(`expected an error, got ${JSON.stringify(result.args)}`);
  return result.error;
};

describe('typeToolArgs', () => {
  it('types numbers, integers and booleans', () => {
    expect(typed('n=42', 'i=7', 'b=true')).toEqual({ n: 42, i: 7, b: true });
    expect(typed('n=-1.5', 'i=-3', 'b=false')).toEqual({ n: -1.5, i: -3, b: false });
    expect(typed('n=1e3', 'i=2.0')).toEqual({ n: 1000, i: 2 });
  });

  it('keeps "42" a string where the schema says string', () => {
    expect(typed('s=42', 's2=true')).toEqual({ s: '42', s2: 'true' });
    expect(typed('s=')).toEqual({ s: '' });
    expect(typed('s=null')).toEqual({ s: 'null' });
  });

  it('takes null only for nullable non-string types', () => {
    expect(typed('nullableString=null', 'nullableNumber=null', 'nullableBool=null')).toEqual({
      nullableString: 'null',
      nullableNumber: null,
      nullableBool: null,
    });
    expect(typed('nullableString=42', 'nullableNumber=42', 'nullableBool=true')).toEqual({
      nullableString: '42',
      nullableNumber: 42,
      nullableBool: true,
    });
    expect(failure('n=null')).toBe('--tool-arg n: "null" is not a number');
  });

  it('parses objects and arrays as JSON', () => {
    expect(typed('o={"a":1,"b":[true,null]}', 'a=["x","y"]')).toEqual({ o: { a: 1, b: [true, null] }, a: ['x', 'y'] });
  });

  it('types enums by their values', () => {
    expect(typed('level=high', 'size=2', 'maybe=false', 'mixed=1')).toEqual({ level: 'high', size: 2, maybe: false, mixed: '1' });
    expect(typed('maybe=null')).toEqual({ maybe: null });
  });

  it('leaves keys the schema does not type as strings, and keeps "=" in values', () => {
    expect(typed('anything=42', 'unknown=true', 'expr=a=b=c')).toEqual({ anything: '42', unknown: 'true', expr: 'a=b=c' });
    expect(typeToolArgs(['n=42'], undefined)).toEqual({ ok: true, args: { n: '42' } });
    expect(typeToolArgs(['n=42'], { type: 'object' })).toEqual({ ok: true, args: { n: '42' } });
    expect(typeToolArgs([], SCHEMA)).toEqual({ ok: true, args: {} });
  });

  it('lets a later pair override an earlier one', () => {
    expect(typed('n=1', 'n=2')).toEqual({ n: 2 });
  });

  it('refuses what does not fit the type', () => {
    expect(failure('n=abc')).toBe('--tool-arg n: "abc" is not a number');
    expect(failure('n=')).toBe('--tool-arg n: "" is not a number');
    expect(failure('n=Infinity')).toBe('--tool-arg n: "Infinity" is not a number');
    expect(failure('i=1.5')).toBe('--tool-arg i: "1.5" is not an integer');
    expect(failure('b=yes')).toBe('--tool-arg b: "yes" is not true or false');
    expect(failure('b=TRUE')).toBe('--tool-arg b: "TRUE" is not true or false');
    expect(failure('o={a:1}')).toBe('--tool-arg o: "{a:1}" is not JSON (objects and arrays are given as JSON)');
    expect(failure('a=[1,')).toContain('is not JSON');
  });

  it('stops at the first bad pair', () => {
    expect(failure('n=1', 'i=x', 'b=nope')).toBe('--tool-arg i: "x" is not a number');
  });

  it('refuses a pair without a key', () => {
    expect(failure('novalue')).toBe('--tool-arg expects key=value, got "novalue"');
    expect(failure('=5')).toBe('--tool-arg expects key=value, got "=5"');
  });
});
