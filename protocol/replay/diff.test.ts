// The structural diff: where two answers part, and nothing where they do not.
import { describe, expect, it } from 'vitest';
import { diffJson, jsonEqual } from './diff.js';

describe('diffJson', () => {
  it('finds nothing between equal values written in another key order', () => {
    expect(diffJson({ a: 1, b: [1, { c: null }] }, { b: [1, { c: null }], a: 1 }).total).toBe(0);
    expect(jsonEqual({ x: 'é' }, { x: 'é' })).toBe(true);
  });

  it('names each changed leaf, each missing and each added member', () => {
    const { differences } = diffJson(
      { result: { content: [{ type: 'text', text: 'Echo: hi' }], gone: 1 } },
      { result: { content: [{ type: 'text', text: 'Echoed: hi' }], extra: true } },
    );
    expect(differences).toEqual([
      { kind: 'changed', path: ['result', 'content', 0, 'text'], recorded: 'Echo: hi', got: 'Echoed: hi' },
      { kind: 'missing', path: ['result', 'gone'], recorded: 1 },
      { kind: 'added', path: ['result', 'extra'], got: true },
    ]);
  });

  it('reports a change of type once, at the place it happens', () => {
    expect(diffJson({ a: { b: 1 } }, { a: [1] }).differences).toEqual([{ kind: 'changed', path: ['a'], recorded: { b: 1 }, got: [1] }]);
    expect(diffJson({ a: null }, { a: 0 }).total).toBe(1);
    expect(diffJson({ a: '1' }, { a: 1 }).total).toBe(1);
  });

  it('compares arrays index by index, extra and missing items included', () => {
    expect(diffJson([1, 2, 3], [1, 2]).differences).toEqual([{ kind: 'missing', path: [2], recorded: 3 }]);
    expect(diffJson([1], [1, { x: 1 }]).differences).toEqual([{ kind: 'added', path: [1], got: { x: 1 } }]);
  });

  it('does not take inherited names for members', () => {
    expect(diffJson({}, { constructor: 1 }).differences).toEqual([{ kind: 'added', path: ['constructor'], got: 1 }]);
    expect(diffJson({ toString: 'x' }, {}).total).toBe(1);
  });

  it('does not look into a place set aside, and stops collecting at the limit while counting on', () => {
    const seen: string[] = [];
    const diff = diffJson(
      { keep: 1, skip: { deep: 1 } },
      { keep: 2, skip: { deep: 2 } },
      {
        ignore: (path) => {
          seen.push(path.join('.'));
          return path[0] === 'skip';
        },
      },
    );
    expect(diff.differences.map((d) => d.path)).toEqual([['keep']]);
    expect(seen).not.toContain('skip.deep');
    const many = diffJson(
      Array.from({ length: 50 }, (_, i) => i),
      Array.from({ length: 50 }, (_, i) => -i - 1),
      { limit: 3 },
    );
    expect(many.differences).toHaveLength(3);
    expect(many.total).toBe(50);
  });
});
