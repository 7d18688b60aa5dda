import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { choiceUiSchema, withChoiceArrays } from './choiceFields.js';

const schema = {
  type: 'object',
  properties: {
    plain: { type: 'array', items: { type: 'string' } },
    many: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
    titled: { type: 'array', items: { anyOf: [{ const: 'f1', title: 'Tuna' }] } },
    set: { type: 'array', uniqueItems: false, items: { enum: ['x'] } },
    pet: { type: 'string', enum: ['p1', 'p2'], enumNames: ['Cats', 'Dogs'] },
    odd: { type: 'string', enum: ['p1', 'p2'], enumNames: ['Cats'] },
  },
};

describe('withChoiceArrays', () => {
  it('marks arrays of choices as sets, and leaves the rest (and a stated uniqueItems) alone', () => {
    const out = withChoiceArrays(schema).properties as Record<string, Record<string, unknown>>;
    expect(out.many?.uniqueItems).toBe(true);
    expect(out.titled?.uniqueItems).toBe(true);
    expect(out.plain?.uniqueItems).toBeUndefined();
    expect(out.set?.uniqueItems).toBe(false);
  });

  it('returns the same schema when there is nothing to mark', () => {
    const none = { type: 'object', properties: { s: { type: 'string' } } };
    expect(withChoiceArrays(none)).toBe(none);
  });
});

describe('choiceUiSchema', () => {
  it('draws multi-selects as checkboxes and labels a select from enumNames of the right length', () => {
    expect(choiceUiSchema(schema as RJSFSchema, { 'ui:order': ['*'] })).toEqual({
      'ui:order': ['*'],
      many: { 'ui:widget': 'checkboxes' },
      titled: { 'ui:widget': 'checkboxes' },
      set: { 'ui:widget': 'checkboxes' },
      pet: { 'ui:enumNames': ['Cats', 'Dogs'] },
    });
  });
});
