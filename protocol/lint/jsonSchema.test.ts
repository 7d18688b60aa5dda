// The outputSchema checker: Ajv by dialect, and the zod fallback used where code generation is
// forbidden (the app's CSP).
import { describe, expect, it } from 'vitest';

import { schemaCheck, type Engine } from './jsonSchema.js';
import { isBase64 } from './schemas.js';

const ORDER = {
  type: 'object',
  properties: { orderId: { type: 'string' }, total: { type: 'number', minimum: 0 } },
  required: ['orderId', 'total'],
  additionalProperties: false,
};

function problems(schema: unknown, value: unknown, engine?: Engine): string[] {
  const check = schemaCheck(schema, engine);
  if (!check.ok) throw new Error(check.reason);
  return check.validate(value);
}

describe.each<Engine>(['ajv', 'zod'])('schemaCheck with %s', (engine) => {
  it('accepts conforming values and explains the others', () => {
    expect(problems(ORDER, { orderId: 'O-1', total: 3 }, engine)).toEqual([]);
    expect(problems(ORDER, { orderId: 'O-1', total: -1 }, engine).join(' ')).toMatch(/total/);
    expect(problems(ORDER, { orderId: 'O-1' }, engine)).not.toEqual([]);
    expect(problems(ORDER, { orderId: 'O-1', total: 1, extra: true }, engine)).not.toEqual([]);
  });

  it('follows local $refs', () => {
    const schema = { type: 'object', properties: { n: { $ref: '#/$defs/count' } }, $defs: { count: { type: 'integer' } } };
    expect(problems(schema, { n: 2 }, engine)).toEqual([]);
    expect(problems(schema, { n: 2.5 }, engine)).not.toEqual([]);
    const tree = { type: 'object', properties: { name: { type: 'string' }, child: { $ref: '#' } } };
    expect(problems(tree, { name: 'a', child: { name: 'b' } }, engine)).toEqual([]);
    expect(problems(tree, { name: 'a', child: { name: 'b', child: { name: 3 } } }, engine).join(' ')).toMatch(/child.child.name/);
  });

  it('never fetches a remote $ref: the schema is reported as unusable', () => {
    const check = schemaCheck({ type: 'object', properties: { a: { $ref: 'https://example.com/a.json' } } }, engine);
    expect(check).toMatchObject({ ok: false, invalid: true });
  });

  it('reads draft-07 schemas', () => {
    const schema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { a: { type: 'string' } },
      required: ['a'],
    };
    expect(problems(schema, { a: 'x' }, engine)).toEqual([]);
    expect(problems(schema, {}, engine)).not.toEqual([]);
  });
});

describe('schemaCheck with ajv', () => {
  it('compiles a schema once', () => {
    expect(schemaCheck({ ...ORDER })).toBe(schemaCheck({ ...ORDER }));
  });

  it('lets two schemas use the same $id', () => {
    expect(problems({ $id: 'https://example.com/same.json', type: 'string' }, 'a')).toEqual([]);
    expect(problems({ $id: 'https://example.com/same.json', type: 'number' }, 1)).toEqual([]);
  });

  it('reports an invalid schema as the schema fault, an unknown dialect as ours', () => {
    expect(schemaCheck({ type: 'obj' })).toMatchObject({ ok: false, invalid: true });
    expect(schemaCheck({ $schema: 'https://example.com/my-dialect', type: 'object' })).toMatchObject({ ok: false, invalid: false });
  });

  it('supports 2020-12 keywords', () => {
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'array',
      prefixItems: [{ type: 'string' }],
      items: false,
    };
    expect(problems(schema, ['a'])).toEqual([]);
    expect(problems(schema, ['a', 'b'])).not.toEqual([]);
  });
});

describe('patterns a server wrote', () => {
  // 40 `a` and a `!` against ^(a+)+$ is 2^40 backtracking steps: hours on a backtracking engine,
  // so this deadline (far above what the linear engine needs) is what fails without RE2.
  const blowUp = `${'a'.repeat(40)}!`;

  it('run in linear time: a nested quantifier on a hostile text answers at once', { timeout: 60_000 }, () => {
    const schema = { type: 'object', properties: { code: { type: 'string', pattern: '^(a+)+$' } } };
    expect(problems(schema, { code: blowUp }).join(' ')).toMatch(/\/code must match pattern/);
    expect(problems(schema, { code: 'aaaa' })).toEqual([]);
    const keyed = { type: 'object', patternProperties: { '^(a+)+$': { type: 'number' } } };
    expect(problems(keyed, { [blowUp]: 'not checked against the number', aaa: 1 })).toEqual([]);
    expect(problems(keyed, { aaa: 'x' })).not.toEqual([]);
  });

  it('keep ECMAScript meaning for what RE2 runs: classes, anchors, Unicode, named groups', () => {
    const string = (pattern: string) => ({ type: 'string', pattern });
    expect(problems(string('^\\d{3}-\\w+$'), '123-abc')).toEqual([]);
    expect(problems(string('^\\d{3}-\\w+$'), '12-abc')).not.toEqual([]);
    expect(problems(string('b'), 'abc')).toEqual([]);
    expect(problems(string('^\\p{Lu}'), 'Édith')).toEqual([]);
    expect(problems(string('^(?<year>\\d{4})$'), '2026')).toEqual([]);
    expect(problems(string('^a$'), 'a\n')).not.toEqual([]);
  });

  it('that need lookaround or a backreference are named as unchecked, and not run', { timeout: 60_000 }, () => {
    const schema = {
      type: 'object',
      properties: { a: { type: 'string', pattern: '^(?=(a+)+$)' }, b: { type: 'string', pattern: '^(x)\\1$' } },
    };
    const check = schemaCheck(schema);
    if (!check.ok) throw new Error(check.reason);
    expect(check.validate({ a: blowUp, b: 'xy' })).toEqual([]);
    expect(check.unchecked).toEqual([
      { pattern: '^(?=(a+)+$)', reason: 'it uses lookaround' },
      { pattern: '^(x)\\1$', reason: 'it uses a backreference' },
    ]);
  });

  it('that are not ECMAScript patterns make the schema unusable, as its fault', () => {
    expect(schemaCheck({ type: 'string', pattern: '(' })).toMatchObject({ ok: false, invalid: true });
  });

  it('are left out by the zod fallback, and named; a property called "pattern" is kept', () => {
    const schema = {
      type: 'object',
      properties: { pattern: { type: 'string', pattern: '^(a+)+$' } },
      required: ['pattern'],
    };
    const check = schemaCheck(schema, 'zod');
    if (!check.ok) throw new Error(check.reason);
    expect(check.validate({ pattern: blowUp })).toEqual([]);
    expect(check.validate({})).not.toEqual([]);
    expect(check.unchecked.map((u) => u.pattern)).toEqual(['^(a+)+$']);
  });
});

describe('isBase64', () => {
  it('accepts padded and unpadded base64, nothing else', () => {
    for (const ok of ['', 'AA==', 'AAA=', 'AAAA', 'AA', 'AAA', 'a+/9']) expect(isBase64(ok)).toBe(true);
    for (const bad of ['A', 'AAAAA', 'A===', 'AA=A', 'not base64!', 'AA-_']) expect(isBase64(bad)).toBe(false);
  });
});
