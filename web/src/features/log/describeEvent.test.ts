import { describe, expect, it } from 'vitest';
import type { BridgeEvent } from '../../../../protocol/envelope.js';
import { clip, describeEvent } from './describeEvent.js';
import { matchesFilter, type LogFilter } from './filterEvents.js';

const line = (stream: 'stdin' | 'stdout' | 'stderr', text: string): BridgeEvent => ({
  seq: 1,
  t: 0,
  conn: 'c1',
  kind: 'line',
  stream,
  text,
  eol: '\n',
  size: text.length,
});

describe('describeEvent', () => {
  it('names JSON-RPC lines by what they are', () => {
    expect(describeEvent(line('stdin', '{"jsonrpc":"2.0","id":1,"method":"initialize"}')).badge).toBe('initialize #1');
    expect(describeEvent(line('stdout', '{"jsonrpc":"2.0","id":1,"result":{}}'))).toMatchObject({
      badge: 'result #1',
      arrow: '←',
      tone: 'in',
    });
    expect(describeEvent(line('stdout', '{"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"x"}}')).badge).toBe(
      'error #2 · -32601 Method not found',
    );
    expect(describeEvent(line('stdout', 'banner')).badge).toBe('not JSON');
    expect(describeEvent(line('stdout', '[1]')).badge).toBe('batch (not allowed)');
  });

  it('keeps stderr apart and shows bytes that are not UTF-8 escaped', () => {
    expect(describeEvent(line('stderr', 'log')).tone).toBe('stderr');
    const bad: BridgeEvent = { seq: 2, t: 0, conn: 'c1', kind: 'line', stream: 'stdout', b64: 'e//+fQ==', eol: '\n', size: 4 };
    expect(describeEvent(bad)).toMatchObject({ badge: 'invalid UTF-8 · 4 B', preview: '{\\xff\\xfe}' });
  });

  it('clips long previews', () => {
    expect(clip('x'.repeat(500), 10)).toBe(`${'x'.repeat(10)}…`);
  });
});

describe('matchesFilter', () => {
  const all: LogFilter = { text: '', conn: '', streams: { stdin: true, stdout: true, stderr: true, process: true, app: true } };
  it('filters by lane, connection and text', () => {
    const e = line('stdout', '{"jsonrpc":"2.0","method":"notifications/progress"}');
    expect(matchesFilter(e, all)).toBe(true);
    expect(matchesFilter(e, { ...all, streams: { ...all.streams, stdout: false } })).toBe(false);
    expect(matchesFilter(e, { ...all, conn: 'c2' })).toBe(false);
    expect(matchesFilter(e, { ...all, text: 'PROGRESS' })).toBe(true);
    expect(matchesFilter(e, { ...all, text: 'initialize' })).toBe(false);
  });
});
