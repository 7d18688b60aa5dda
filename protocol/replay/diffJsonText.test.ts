// Differences inside JSON written out as text, and how two long values that part late are shown.
import { describe, expect, it } from 'vitest';
import { diffJson } from './diff.js';
import { formatPath } from './jsonPath.js';
import { clipPair } from './report.js';
import { ignoreRule } from './volatile.js';

const info = (pid: number, name = 'demo'): string => JSON.stringify({ name, padding: 'x'.repeat(300), pid }, null, 2);

describe('a difference inside JSON text', () => {
  it('is found at its path into the text, with both values', () => {
    const diff = diffJson({ result: { text: info(1) } }, { result: { text: info(2) } });
    expect(diff.differences).toEqual([{ kind: 'changed', path: ['result', 'text', 'pid'], recorded: 1, got: 2 }]);
    expect(formatPath(diff.differences[0]?.path ?? [])).toBe('$.result.text.pid');
  });

  it('is set aside when it is a process id, by default and not with strict', () => {
    const a = { result: { text: info(101) } };
    const b = { result: { text: info(202) } };
    expect(diffJson(a, b, { ignore: ignoreRule() }).total).toBe(0);
    expect(diffJson(a, b, { ignore: ignoreRule({ strict: true }) }).total).toBe(1);
    // A "pid" that is no process id (a string, say) is compared.
    expect(diffJson({ pid: 'a' }, { pid: 'b' }, { ignore: ignoreRule() }).total).toBe(1);
  });

  it('stays a text difference when either side is not JSON, or is JSON of another shape', () => {
    expect(diffJson({ t: '{"a":1}' }, { t: '{"a":1' }).differences[0]?.path).toEqual(['t']);
    expect(diffJson({ t: '"x"' }, { t: '"y"' }).differences[0]?.path).toEqual(['t']);
    expect(diffJson({ t: '{"a":1}' }, { t: '[1]' }).differences[0]).toMatchObject({ path: ['t'], recorded: { a: 1 }, got: [1] });
  });
});

describe('clipPair', () => {
  it('shows two long texts that share their start around where they part', () => {
    const start = 'same '.repeat(100);
    const [a, b] = clipPair(`${start}recorded end`, `${start}new end`, 80);
    expect(a).toContain('recorded end');
    expect(b).toContain('new end');
    expect(a).toMatch(/^…/);
  });

  it('leaves short values whole', () => {
    expect(clipPair(1, 'two', 80)).toEqual(['1', '"two"']);
  });
});
