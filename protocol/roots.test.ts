import { describe, expect, it } from 'vitest';
import { declaresRoots, rootProblem, rootsChange, rootsSummary } from './roots.js';

describe('roots', () => {
  it('notifies a handshake server only when listChanged was declared', () => {
    expect(rootsChange('handshake', { roots: { listChanged: true } }).send).toBe('notifications/roots/list_changed');
    expect(rootsChange('handshake', { roots: {} }).send).toBeUndefined();
    expect(rootsChange('handshake', {}).send).toBeUndefined();
  });

  it('sends nothing on the stateless flow, which has no list_changed for roots', () => {
    const change = rootsChange('stateless', { roots: { listChanged: true } });
    expect(change.send).toBeUndefined();
    expect(change.text).toContain('input_required');
  });

  it('summarises a table in one line', () => {
    expect(rootsSummary([])).toBe('no roots');
    expect(rootsSummary([{ uri: 'file:///a' }])).toBe('1 root (file:///a)');
    expect(rootsSummary(['a', 'b', 'c', 'd'].map((x) => ({ uri: `file:///${x}` })))).toBe(
      '4 roots (file:///a, file:///b, file:///c, and 1 more)',
    );
  });

  it('reads declarations and typed URIs', () => {
    expect(declaresRoots({ roots: {} })).toBe(true);
    expect(declaresRoots({ roots: true })).toBe(false);
    expect(rootProblem('', [])).toBe('type a URI');
    expect(rootProblem('/tmp/x', [])).toContain('scheme');
    expect(rootProblem('file:///x', [{ uri: 'file:///x' }])).toBe('already in the table');
    expect(rootProblem('file:///x', [])).toBeUndefined();
  });
});
