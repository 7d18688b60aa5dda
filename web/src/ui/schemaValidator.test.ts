import { describe, expect, it } from 'vitest';
import { checkArguments, formSchema } from './schemaValidator.js';

// The demo's create_order inputSchema, trimmed to the parts these cases touch.
const order = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {
    customer: {
      type: 'object',
      properties: { name: { type: 'string', minLength: 1 }, email: { type: 'string', format: 'email' } },
      required: ['name'],
    },
    items: {
      type: 'array',
      items: { type: 'object', properties: { quantity: { type: 'integer', minimum: 1, maximum: 99 } } },
    },
    priority: { type: 'string', enum: ['low', 'normal', 'high'] },
  },
  required: ['customer'],
};

describe('checkArguments', () => {
  it('passes arguments that match', () => {
    expect(checkArguments(order, { customer: { name: 'Ada', email: 'ada@example.com' }, items: [{ quantity: 2 }] })).toEqual({
      ok: true,
      problems: [],
    });
  });

  it('names each field that breaks the schema: a bad email, a number above its maximum, an unknown enum value', () => {
    const check = checkArguments(order, {
      customer: { name: 'Ada', email: 'not-an-email' },
      items: [{ quantity: 150 }],
      priority: 'urgent',
    });
    expect(check).toEqual({
      ok: true,
      problems: [
        '/customer/email must match format "email"',
        '/items/0/quantity must be <= 99',
        '/priority must be equal to one of the allowed values ("low", "normal", "high")',
      ],
    });
  });

  it('reports a missing required property at the object that lacks it', () => {
    expect(checkArguments(order, {})).toEqual({ ok: true, problems: ["(root) must have required property 'customer'"] });
  });

  it('says when the schema cannot be used instead of blocking on it', () => {
    const check = checkArguments({ type: 'object', properties: { x: { $ref: 'https://example.com/x.json' } } }, { x: 1 });
    expect(check.ok).toBe(false);
  });

  it('takes a schema-less tool as an empty object, and gives the same form schema for the same schema', () => {
    expect(checkArguments(undefined, {})).toEqual({ ok: true, problems: [] });
    expect(formSchema(order)).toBe(formSchema(order));
    expect(formSchema(order)).not.toHaveProperty('$schema');
  });
});
