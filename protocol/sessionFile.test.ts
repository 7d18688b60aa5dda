// Session files: exact bytes through export and import, secrets kept out, clear refusals.
import { describe, expect, it } from 'vitest';

import { base64Encode, wireBytes } from './bytes.js';
import { isStdioConfig, type BridgeEvent, type LineEvent } from './envelope.js';
import { REDACTED, redactConfig } from './redact.js';
import { NOTE_TOPICS } from './noteTopics.js';
import { buildSessionFile, parseSessionFile, SESSION_FORMAT, SESSION_FORMAT_VERSION, type SessionFile } from './sessionFile.js';

const encoder = new TextEncoder();
const PRODUCER = { name: 'mcp-lens', version: '0.1.0' };

function recording(): BridgeEvent[] {
  let seq = 0;
  let t = 1_700_000_000_000;
  const ev = (event: Record<string, unknown>): BridgeEvent => ({ seq: seq++, t: (t += 1.25), ...event }) as BridgeEvent;
  const text = (stream: 'stdin' | 'stdout' | 'stderr', body: string, eol: '\n' | '\r\n' | ''): BridgeEvent =>
    ev({ conn: 'c1', kind: 'line', stream, text: body, eol, size: encoder.encode(body).length });
  const notUtf8 = new Uint8Array([0x7b, 0xff, 0xfe, 0x22, 0xc3, 0x28, 0x7d]);
  const config = redactConfig({
    command: 'node',
    args: ['server.js', '--token=tok-SECRET-1', '--api-key', 'key-SECRET-2', '--verbose'],
    env: { API_KEY: 'env-SECRET-3', PATH: '/usr/bin' },
    cwd: '/srv',
  });
  return [
    ev({ kind: 'notice', level: 'info', message: 'bridge listening' }),
    ev({ conn: 'c1', kind: 'note', topic: NOTE_TOPICS.connecting, data: { choice: 'auto' } }),
    ev({ conn: 'c1', kind: 'spawn', config, pid: 4242, label: 'demo' }),
    text(
      'stdin',
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"message":"héllo ☃ 😀 \\u0000"}}}',
      '\n',
    ),
    text('stderr', 'debug: got a call', '\n'),
    ev({ conn: 'c1', kind: 'line', stream: 'stdout', b64: base64Encode(notUtf8), eol: '\n', size: notUtf8.length }),
    text('stdout', '{"jsonrpc":"2.0","id":1,"result":{"content":[]}}', '\r\n'),
    text('stdout', '\uFEFF{"bom":true}\t ', '\n'),
    ev({ conn: 'c1', kind: 'note', topic: NOTE_TOPICS.connected, data: { outcome: { flow: 'handshake', protocolVersion: '2025-11-25' } } }),
    text('stdout', '{"jsonrpc":"2.0","method":"notifications/mess', ''),
    ev({ conn: 'c1', kind: 'exit', code: 1, signal: null, requested: false }),
  ];
}

const lines = (file: SessionFile): LineEvent[] => file.events.filter((e): e is LineEvent => e.kind === 'line');

describe('buildSessionFile and parseSessionFile', () => {
  it('round-trips every event, and every line byte for byte', () => {
    const events = recording();
    const built = buildSessionFile(events, PRODUCER, new Date('2026-12-01T10:00:00.000Z'));
    const text = JSON.stringify(built, null, 2);
    const parsed = parseSessionFile(text);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.file).toEqual(built);
    expect(parsed.file).toMatchObject({
      format: SESSION_FORMAT,
      version: SESSION_FORMAT_VERSION,
      createdAt: '2026-12-01T10:00:00.000Z',
      producer: PRODUCER,
    });

    const before = events.filter((e): e is LineEvent => e.kind === 'line');
    const after = lines(parsed.file);
    expect(after).toHaveLength(before.length);
    before.forEach((line, i) => {
      const round = after[i];
      expect(round?.seq).toBe(line.seq);
      expect(round?.eol).toBe(line.eol);
      expect(round && wireBytes(round)).toEqual(wireBytes(line));
    });
    // Spot checks of what the pipe carried.
    const crlf = after.find((l) => l.eol === '\r\n');
    expect(crlf && Array.from(wireBytes(crlf).slice(-2))).toEqual([0x0d, 0x0a]);
    const b64 = after.find((l) => l.b64 !== undefined);
    expect(b64 && Array.from(wireBytes(b64))).toEqual([0x7b, 0xff, 0xfe, 0x22, 0xc3, 0x28, 0x7d, 0x0a]);
    const cut = after.find((l) => l.eol === '');
    expect(cut && new TextDecoder().decode(wireBytes(cut))).toBe('{"jsonrpc":"2.0","method":"notifications/mess');
    const bom = after.find((l) => l.text?.startsWith('\uFEFF'));
    expect(bom && Array.from(wireBytes(bom).slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);

    // Everything but the spawn's arguments is exactly what was recorded.
    expect(parsed.file.events.filter((e) => e.kind !== 'spawn')).toEqual(events.filter((e) => e.kind !== 'spawn'));
  });

  it('describes each connection: redacted config, label, flow and protocol version', () => {
    const built = buildSessionFile(recording(), PRODUCER);
    expect(built.connections).toEqual([
      {
        conn: 'c1',
        label: 'demo',
        config: {
          command: 'node',
          args: ['server.js', `--token=${REDACTED}`, '--api-key', REDACTED, '--verbose'],
          env: { API_KEY: REDACTED, PATH: REDACTED },
          cwd: '/srv',
        },
        flow: 'handshake',
        protocolVersion: '2025-11-25',
      },
    ]);
    const spawn = built.events.find((e) => e.kind === 'spawn');
    expect(spawn && spawn.kind === 'spawn' ? spawn.config : undefined).toEqual(built.connections[0]?.config);
  });

  it('never carries env values or credential arguments', () => {
    const text = JSON.stringify(buildSessionFile(recording(), PRODUCER));
    expect(text).not.toContain('SECRET');
    expect(text).not.toContain('/usr/bin');
    expect(text).toContain('"API_KEY":"[redacted]"');
  });

  it('redacts env values even when a spawn event arrives with them (an old journal, a hand-edited import)', () => {
    const events: BridgeEvent[] = [
      { seq: 0, t: 0, conn: 'x', kind: 'spawn', config: { command: 'srv', args: [], env: { TOKEN: 'env-SECRET-4' } }, pid: 1 },
      {
        seq: 1,
        t: 1,
        conn: 'y',
        kind: 'spawn-error',
        config: { command: 'nope', args: [], env: { PASSWORD: 'env-SECRET-5' } },
        code: 'ENOENT',
        message: 'not found',
      },
    ];
    const built = buildSessionFile(events, PRODUCER);
    expect(JSON.stringify(built)).not.toContain('SECRET');
    expect(built.connections.map((c) => (isStdioConfig(c.config) ? c.config.env : undefined))).toEqual([
      { TOKEN: REDACTED },
      { PASSWORD: REDACTED },
    ]);
  });

  it('keeps the flow from connect.done only for a known connection and a known flow', () => {
    const config = { command: 'srv', args: [], env: {} };
    const built = buildSessionFile(
      [
        { seq: 0, t: 0, conn: 'ghost', kind: 'note', topic: NOTE_TOPICS.connected, data: { outcome: { flow: 'stateless' } } },
        { seq: 1, t: 1, conn: 'a', kind: 'spawn', config, pid: 1 },
        {
          seq: 2,
          t: 2,
          conn: 'a',
          kind: 'note',
          topic: NOTE_TOPICS.connected,
          data: { outcome: { flow: 'telepathy', protocolVersion: 'x' } },
        },
        { seq: 3, t: 3, conn: 'b', kind: 'spawn', config, pid: 2 },
        {
          seq: 4,
          t: 4,
          conn: 'b',
          kind: 'note',
          topic: NOTE_TOPICS.connected,
          data: { outcome: { flow: 'stateless', protocolVersion: '2026-07-28' } },
        },
        { seq: 5, t: 5, conn: 'b', kind: 'note', topic: NOTE_TOPICS.connected, data: null },
      ],
      PRODUCER,
    );
    expect(built.connections).toEqual([
      { conn: 'a', config },
      { conn: 'b', config, flow: 'stateless', protocolVersion: '2026-07-28' },
    ]);
    expect(built.events).toHaveLength(6);
  });
});

describe('parseSessionFile: refusals', () => {
  const valid = (): Record<string, unknown> =>
    JSON.parse(JSON.stringify(buildSessionFile(recording(), PRODUCER))) as Record<string, unknown>;

  it('refuses what is not JSON, saying where', () => {
    const parsed = parseSessionFile('{"format": "mcp-lens-session",');
    expect(parsed).toEqual({
      ok: false,
      error:
        'not JSON: the text ends where a property name should follow at line 1, column 31: the file looks cut off (saved or copied before it was whole?)',
    });
  });

  it('refuses another format, or none, saying what it seems to be', () => {
    expect(parseSessionFile('{"format":"har","version":1}')).toEqual({
      ok: false,
      error: 'a "har" file, not an MCP Lens session file (its "format" is not "mcp-lens-session")',
    });
    expect(parseSessionFile('{}')).toEqual({
      ok: false,
      error: 'not an MCP Lens session file (no "format": "mcp-lens-session"; an empty object)',
    });
    for (const text of ['null', '[]', '42']) {
      const parsed = parseSessionFile(text);
      expect(!parsed.ok && parsed.error).toMatch(/not (an MCP Lens|a) session file/);
    }
  });

  it('refuses a newer version, and names both', () => {
    const parsed = parseSessionFile(JSON.stringify({ ...valid(), version: 2, events: 'changed in version 2' }));
    expect(parsed).toEqual({ ok: false, error: 'written by a newer MCP Lens (format version 2); this one reads version 1' });
    const odd = parseSessionFile(JSON.stringify({ ...valid(), version: '1' }));
    expect(!odd.ok && odd.error).toBe('unknown session format version "1"; this MCP Lens reads version 1');
  });

  it('names the index, seq and kind of a bad event, and what that kind lacks', () => {
    const file = valid();
    const events = file.events as Record<string, unknown>[];
    const line = events.findIndex((e) => e.kind === 'line');
    const seq = events[line]?.seq as number;
    delete events[line]?.text;
    const parsed = parseSessionFile(JSON.stringify(file));
    expect(parsed).toEqual({
      ok: false,
      error: `invalid session file at events[${line}] (seq ${seq}), a line event: a line carries exactly one of text or b64`,
    });

    const other = valid();
    (other.events as Record<string, unknown>[])[0] = { seq: 3, t: 0, kind: 'line', stream: 'stdot', text: 'x', eol: '\n', size: 1 };
    const stream = parseSessionFile(JSON.stringify(other));
    expect(!stream.ok && stream.error).toMatch(/^invalid session file at events\[0\]\.stream \(seq 3\), a line event: Invalid option/);

    (other.events as Record<string, unknown>[])[0] = { seq: 3, t: 0, kind: 'telemetry' };
    const unknownKind = parseSessionFile(JSON.stringify(other));
    expect(!unknownKind.ok && unknownKind.error).toBe(
      'invalid session file at events[0] (seq 3): unknown event kind "telemetry" (this MCP Lens knows line, spawn, spawn-error, exit, stop, notice, note)',
    );
  });

  it('names the path of a bad connection', () => {
    const file = valid();
    (file.connections as Record<string, unknown>[])[0] = { conn: 'c1' };
    const parsed = parseSessionFile(JSON.stringify(file));
    expect(!parsed.ok && parsed.error).toMatch(/^invalid session file at connections\[0\]\.config: /);
  });
});
