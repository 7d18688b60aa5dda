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

describe('isBase64', () => {
  it('accepts padded and unpadded base64, nothing else', () => {
    for (const ok of ['', 'AA==', 'AAA=', 'AAAA', 'AA', 'AAA', 'a+/9']) expect(isBase64(ok)).toBe(true);
    for (const bad of ['A', 'AAAAA', 'A===', 'AA=A', 'not base64!', 'AA-_']) expect(isBase64(bad)).toBe(false);
  });
});
