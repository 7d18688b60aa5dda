import { describe, expect, it } from 'vitest';
import { withDefaults } from './formDefaults.js';

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    line: { type: 'string', default: 'It was a dark and stormy night.' },
    n: { type: 'integer', default: 42 },
    pick: { type: 'string', enum: ['a', 'b'], default: 'b' },
    many: { type: 'array', items: { type: 'string', enum: ['x', 'y'] }, default: ['x'] },
    hero: {
      type: 'string',
      oneOf: [
        { const: 'h1', title: 'One' },
        { const: 'h2', title: 'Two' },
      ],
    },
    nested: { type: 'object', properties: { deep: { type: 'string' } } },
    list: { type: 'array', items: { type: 'string' }, minItems: 1 },
  },
  required: ['name'],
};

describe('withDefaults', () => {
  it('fills every declared default, optional fields too, and a const; it makes up nothing else', () => {
    // A select of titled choices is a oneOf of consts: it starts on its first, shown and sent.
    expect(withDefaults(schema, {})).toEqual({ line: 'It was a dark and stormy night.', n: 42, pick: 'b', many: ['x'], hero: 'h1' });
  });

  it("keeps the value's own entries over the defaults", () => {
    expect(withDefaults(schema, { name: 'Ada', n: 7 })).toEqual({
      name: 'Ada',
      line: 'It was a dark and stormy night.',
      n: 7,
      pick: 'b',
      many: ['x'],
      hero: 'h1',
    });
  });

  it('takes a schema-less tool as an empty object', () => {
    expect(withDefaults(undefined, {})).toEqual({});
  });
});
