import { describe, it, expect } from 'vitest';
import type { BridgeEvent } from './envelope.js';
import { NOTE_TOPICS, SessionModel } from './session.js';

const config = { command: 'node', args: ['server.js'], env: {} };
let seq = 0;
const ev = (event: Record<string, unknown>): BridgeEvent => ({ seq: seq++, t: seq, ...event }) as BridgeEvent;
const line = (conn: string, stream: 'stdin' | 'stdout' | 'stderr', text = '{}'): BridgeEvent =>
  ev({ kind: 'line', conn, stream, text, eol: '\n', size: text.length });

describe('SessionModel', () => {
  it('starts empty', () => {
    const model = new SessionModel();
    expect(model.lastSeq).toBe(-1);
    expect(model.events).toEqual([]);
    expect(model.conns.size).toBe(0);
  });

  it('follows a connection from spawn to exit, counting lines per stream', () => {
    seq = 0;
    const model = new SessionModel();
    model.apply(ev({ kind: 'spawn', conn: 'a', config, pid: 123, label: 'demo' }));
    expect(model.conns.get('a')).toMatchObject({ status: 'running', pid: 123, label: 'demo', config });
    model.apply(line('a', 'stdin'));
    model.apply(line('a', 'stdout'));
    model.apply(line('a', 'stdout'));
    model.apply(line('a', 'stderr'));
    model.apply(ev({ kind: 'stop', conn: 'a', step: 'close-stdin' }));
    model.apply(ev({ kind: 'exit', conn: 'a', code: 0, signal: null, requested: true }));
    expect(model.conns.get('a')).toMatchObject({
      status: 'exited',
      stdinLines: 1,
      stdoutLines: 2,
      stderrLines: 1,
      exit: { code: 0, signal: null, requested: true },
    });
    expect(model.lastSeq).toBe(6);
    expect(model.events).toHaveLength(7);
  });

  it('clears the previous exit when the connection is spawned again', () => {
    seq = 0;
    const model = new SessionModel();
    model.apply(ev({ kind: 'spawn', conn: 'a', config, pid: 1 }));
    model.apply(ev({ kind: 'exit', conn: 'a', code: 3, signal: null, requested: false }));
    model.apply(ev({ kind: 'spawn', conn: 'a', config, pid: 2 }));
    const info = model.conns.get('a');
    expect(info).toMatchObject({ status: 'running', pid: 2 });
    expect(info?.exit).toBeUndefined();
  });

  it('records a spawn error', () => {
    seq = 0;
    const model = new SessionModel();
    model.apply(ev({ kind: 'spawn-error', conn: 'b', config, code: 'ENOENT', message: 'command not found: nope (ENOENT)' }));
    expect(model.conns.get('b')).toMatchObject({ status: 'failed', spawnError: 'command not found: nope (ENOENT)' });
  });

  it('ignores events it has already seen (replay overlapping live frames)', () => {
    seq = 0;
    const model = new SessionModel();
    const first = line('a', 'stdout');
    const second = line('a', 'stdout');
    model.apply(first);
    model.apply(second);
    const version = model.version;
    model.apply(first);
    model.apply(second);
    expect(model.events).toHaveLength(2);
    expect(model.conns.get('a')?.stdoutLines).toBe(2);
    expect(model.version).toBe(version);
  });

  it('keeps bridge-wide events without making a connection', () => {
    seq = 0;
    const model = new SessionModel();
    model.apply(ev({ kind: 'notice', level: 'info', message: 'bridge listening' }));
    expect(model.events).toHaveLength(1);
    expect(model.conns.size).toBe(0);
  });

  it('rebuilds the connect story from notes', () => {
    seq = 0;
    const model = new SessionModel();
    model.apply(ev({ kind: 'spawn', conn: 'a', config, pid: 1 }));
    model.apply(ev({ kind: 'note', conn: 'a', topic: NOTE_TOPICS.connecting, data: { choice: 'auto' } }));
    model.apply(ev({ kind: 'note', conn: 'a', topic: NOTE_TOPICS.step, data: { text: 'probing' } }));
    model.apply(ev({ kind: 'note', conn: 'a', topic: NOTE_TOPICS.step, data: { text: 'falling back' } }));
    model.apply(ev({ kind: 'note', conn: 'a', topic: NOTE_TOPICS.failed, data: { reason: 'no answer' } }));
    expect(model.conns.get('a')).toMatchObject({ choice: 'auto', steps: ['probing', 'falling back'], connectError: 'no answer' });

    // A new attempt starts the story again.
    model.apply(ev({ kind: 'note', conn: 'a', topic: NOTE_TOPICS.connecting, data: { choice: 'handshake' } }));
    const outcome = { flow: 'handshake', protocolVersion: '2025-11-25' };
    model.apply(ev({ kind: 'note', conn: 'a', topic: NOTE_TOPICS.connected, data: { outcome } }));
    const info = model.conns.get('a');
    expect(info).toMatchObject({ choice: 'handshake', steps: [], connected: outcome });
    expect(info?.connectError).toBeUndefined();
  });

  it('ignores malformed and unknown notes', () => {
    seq = 0;
    const model = new SessionModel();
    model.apply(ev({ kind: 'note', conn: 'a', topic: NOTE_TOPICS.step, data: 'not an object' }));
    model.apply(ev({ kind: 'note', conn: 'a', topic: NOTE_TOPICS.connecting, data: { choice: 'telepathy' } }));
    model.apply(ev({ kind: 'note', conn: 'a', topic: 'someone.else', data: { text: 'x' } }));
    const info = model.conns.get('a');
    expect(info?.steps).toEqual([]);
    expect(info?.choice).toBeUndefined();
    expect(info?.status).toBe('starting');
  });

  it('bumps its version on every new event', () => {
    seq = 0;
    const model = new SessionModel();
    model.apply(line('a', 'stdout'));
    model.apply(line('b', 'stderr'));
    expect(model.version).toBe(2);
    expect([...model.conns.keys()]).toEqual(['a', 'b']);
  });
});
