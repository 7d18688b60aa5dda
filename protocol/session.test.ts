import { EventScript } from './timeline/testing.js';
import { describe, it, expect } from 'vitest';
import type { BridgeEvent } from './envelope.js';
import { SessionModel } from './session.js';
import { NOTE_TOPICS } from './noteTopics.js';

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

  it('keeps who asked for a stop, and a removal, until the connection runs again', () => {
    seq = 0;
    const model = new SessionModel();
    model.apply(ev({ kind: 'spawn', conn: 'a', config, pid: 1 }));
    model.apply(ev({ kind: 'stop', conn: 'a', step: 'close-stdin', reason: 'idle' }));
    model.apply(ev({ kind: 'exit', conn: 'a', code: 0, signal: null, requested: true }));
    expect(model.conns.get('a')).toMatchObject({ status: 'exited', stopReason: 'idle' });
    expect(model.conns.get('a')?.removed).toBeUndefined();
    model.apply(ev({ kind: 'note', conn: 'a', topic: NOTE_TOPICS.removed, data: {} }));
    expect(model.conns.get('a')).toMatchObject({ removed: true });
    // The events stay: removal only takes the card off the list.
    expect(model.events).toHaveLength(4);
    model.apply(ev({ kind: 'spawn', conn: 'a', config, pid: 2 }));
    expect(model.conns.get('a')?.stopReason).toBeUndefined();
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

describe('SessionModel: exchanges, messages and findings', () => {
  const J = '2.0';
  /** A transcript on connection c1, 10 ms apart from t = 1000. */
  const transcript = (): {
    events: BridgeEvent[];
    send: (v: unknown) => number;
    recv: (v: unknown) => number;
    push: (e: Record<string, unknown>) => number;
  } => {
    const events: BridgeEvent[] = [];
    const push = (event: Record<string, unknown>): number => {
      const n = events.length;
      events.push({ seq: n, t: 1_000 + 10 * n, conn: 'c1', ...event } as BridgeEvent);
      return n;
    };
    const write = (stream: 'stdin' | 'stdout' | 'stderr', value: unknown): number => {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      return push({ kind: 'line', stream, text, eol: '\n', size: new TextEncoder().encode(text).length });
    };
    return { events, push, send: (v) => write('stdin', v), recv: (v) => write('stdout', v) };
  };

  const handshake = () => {
    const t = transcript();
    t.push({ kind: 'spawn', config, pid: 7 });
    t.push({ kind: 'line', stream: 'stderr', text: 'ready', eol: '\n', size: 5 });
    const init = t.send({
      jsonrpc: J,
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'mcp-lens', version: '0.1.0' } },
    });
    const initResult = t.recv({
      jsonrpc: J,
      id: 0,
      result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } },
    });
    const initialized = t.send({ jsonrpc: J, method: 'notifications/initialized' });
    const list = t.send({ jsonrpc: J, id: 1, method: 'tools/list' });
    t.push({ kind: 'note', topic: NOTE_TOPICS.step, data: { text: 'listing tools' } });
    const listResult = t.recv({
      jsonrpc: J,
      id: 1,
      result: { tools: [{ name: 'echo', inputSchema: { type: 'object', properties: { message: { type: 'string' } } } }] },
    });
    return { t, seqs: { init, initResult, initialized, list, listResult } };
  };

  it('pairs a handshake into exchanges with latency, reads messages by seq, and finds nothing wrong', () => {
    const { t, seqs } = handshake();
    const model = new SessionModel();
    for (const event of t.events) model.apply(event);

    expect(model.exchanges.get('c1', 'client', 0)).toMatchObject({
      method: 'initialize',
      status: 'result',
      requestSeq: seqs.init,
      responseSeq: seqs.initResult,
      latencyMs: 10,
    });
    expect(model.exchanges.get('c1', 'client', 1)).toMatchObject({
      method: 'tools/list',
      status: 'result',
      requestSeq: seqs.list,
      responseSeq: seqs.listResult,
      latencyMs: 20,
    });
    expect(model.exchanges.exchanges.size).toBe(2);
    expect(model.exchanges.pending('c1')).toEqual([]);

    // Only stdin and stdout lines are messages, each under its own seq.
    expect([...model.messages.keys()]).toEqual([seqs.init, seqs.initResult, seqs.initialized, seqs.list, seqs.listResult]);
    expect(model.messages.get(seqs.init)).toMatchObject({
      seq: seqs.init,
      from: 'client',
      classified: { kind: 'request', method: 'initialize' },
      pairing: { kind: 'request' },
    });
    expect(model.messages.get(seqs.initResult)).toMatchObject({
      from: 'server',
      classified: { kind: 'result', id: 0 },
      pairing: { kind: 'response' },
    });
    expect(model.messages.get(seqs.initialized)?.pairing).toEqual({ kind: 'notification' });

    expect(model.findings).toEqual([]);
    expect(model.conns.get('c1')).toMatchObject({
      status: 'running',
      stdinLines: 3,
      stdoutLines: 2,
      stderrLines: 1,
      steps: ['listing tools'],
    });
  });

  it('flags a stdout line that is not JSON', () => {
    const { t } = handshake();
    const junk = t.recv('Server started on stdio');
    const model = new SessionModel();
    for (const event of t.events) model.apply(event);
    expect(model.findings).toHaveLength(1);
    expect(model.findings[0]).toMatchObject({ rule: 'stdout-non-json', conn: 'c1', seq: junk });
    expect(model.messages.get(junk)).toMatchObject({ classified: { kind: 'non-json' }, pairing: { kind: 'none' } });
  });

  it('without lint (the page, whose timeline worker lints) pairs and reads the same but keeps no findings', () => {
    const { t } = handshake();
    const junk = t.recv('Server started on stdio');
    const model = new SessionModel({ lint: false });
    for (const event of t.events) model.apply(event);
    expect(model.findings).toEqual([]);
    expect(model.findingsBySeq.size).toBe(0);
    expect(model.messages.get(junk)).toMatchObject({ classified: { kind: 'non-json' } });
    expect(model.conns.get('c1')?.stdoutLines).toBeGreaterThan(0);
  });

  it('ignores events at or below lastSeq, so a replay overlapping live frames changes nothing', () => {
    const { t } = handshake();
    t.recv('not json');
    t.send({ jsonrpc: J, id: 2, method: 'tools/call', params: { name: 'echo', arguments: { message: 'x' } } });
    const model = new SessionModel();
    const half = Math.floor(t.events.length / 2);
    for (const event of t.events.slice(0, half + 2)) model.apply(event);
    // Reconnected: the replay starts before what was already seen.
    for (const event of t.events.slice(half)) model.apply(event);
    // And a stale frame arrives late.
    const stale = t.events[1];
    if (stale) model.apply(stale);

    const fresh = new SessionModel();
    for (const event of t.events) fresh.apply(event);
    expect(model.events).toEqual(t.events);
    expect(model.lastSeq).toBe(t.events.length - 1);
    expect(model.version).toBe(t.events.length);
    expect([...model.messages.keys()]).toEqual([...fresh.messages.keys()]);
    expect([...model.exchanges.exchanges.values()]).toEqual([...fresh.exchanges.exchanges.values()]);
    expect(model.findings).toEqual(fresh.findings);
    expect(model.findings.filter((f) => f.rule === 'stdout-non-json')).toHaveLength(1);
    expect(model.exchanges.pending('c1').map((e) => e.id)).toEqual([2]);
    expect(model.conns.get('c1')).toEqual(fresh.conns.get('c1'));
  });

  it('orphans what was pending when the server exits', () => {
    const t = transcript();
    t.push({ kind: 'spawn', config, pid: 7 });
    t.send({
      jsonrpc: J,
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'mcp-lens', version: '0.1.0' } },
    });
    t.push({ kind: 'exit', code: 1, signal: null, requested: false });
    const model = new SessionModel();
    for (const event of t.events) model.apply(event);
    expect(model.exchanges.exchanges.size).toBe(1);
    expect([...model.exchanges.exchanges.values()][0]?.status).toBe('orphaned');
    expect(model.conns.get('c1')?.status).toBe('exited');
  });
});

describe('a light fold of an old backlog', () => {
  it('keeps what the connections need and nothing else', () => {
    const s = new EventScript().spawn('c1');
    s.note('c1', NOTE_TOPICS.connecting, { choice: 'handshake' });
    s.request('c1', 7, 'tools/call', { name: 'echo' }).result('c1', 7, { content: [] });
    s.notify('c1', 'stdout', 'notifications/tools/list_changed');
    s.line('c1', 'stderr', 'hi');
    const light = new SessionModel();
    const full = new SessionModel();
    for (const event of s.events) {
      light.apply(event, true);
      full.apply(event);
    }
    expect(light.conns.get('c1')).toEqual(full.conns.get('c1'));
    expect(light.conns.get('c1')).toMatchObject({ status: 'running', maxClientId: 7, stderrLines: 1 });
    expect(light.conns.get('c1')?.listChanged.tools).toBeGreaterThan(0);
    expect(light.events).toEqual([]);
    expect(light.messages.size).toBe(0);
    expect(light.notes).toHaveLength(1);
    expect([light.lastSeq, light.count]).toEqual([full.lastSeq, s.events.length]);
    // Nothing is folded twice.
    expect(light.apply(s.events[0]!)).toBe(false);
  });
});

describe('log and progress notifications', () => {
  it('are read for the connection drivers (lastMessage) but not kept in messages', () => {
    const s = new EventScript()
      .request('c', 1, 'tools/call', { name: 'slow', _meta: { progressToken: 'p' } })
      .notify('c', 'stdout', 'notifications/progress', { progressToken: 'p', progress: 1 })
      .notify('c', 'stdout', 'notifications/message', { level: 'info', data: 'hello' })
      .notify('c', 'stdout', 'notifications/resources/updated', { uri: 'memo://a' });
    const model = new SessionModel({ lint: false });
    const seen: Array<string | undefined> = [];
    for (const event of s.events) {
      model.apply(event);
      const c = model.lastMessage?.classified;
      seen.push(c && 'method' in c ? c.method : undefined);
    }
    expect(seen).toEqual(['tools/call', 'notifications/progress', 'notifications/message', 'notifications/resources/updated']);
    expect([...model.messages.keys()]).toEqual([0, 3]);
  });
});
