// Opening a recorded session from a file: session files and journals open, anything else is
// refused with what it is and where it goes wrong, and export -> open -> export changes nothing.
import { describe, expect, it } from 'vitest';
import type { BridgeEvent } from './envelope.js';
import { NOTE_TOPICS } from './noteTopics.js';
import { buildSessionFile } from './sessionFile.js';
import { openSessionText } from './sessionOpen.js';

const PRODUCER = { name: 'mcp-lens', version: '0.1.0' };

function recording(): BridgeEvent[] {
  let seq = 0;
  const ev = (event: Record<string, unknown>): BridgeEvent => ({ seq: seq++, t: 1_700_000_000_000 + seq * 1.5, ...event }) as BridgeEvent;
  const config = { command: 'node', args: ['server.js', '--token=[redacted]'], env: { API_KEY: '[redacted]' }, cwd: '/srv' };
  return [
    ev({ kind: 'notice', level: 'info', message: 'bridge listening' }),
    ev({ conn: 'c1', kind: 'note', topic: NOTE_TOPICS.connecting, data: { choice: 'auto', capabilities: {} } }),
    ev({ conn: 'c1', kind: 'spawn', config, pid: 4242, label: 'demo' }),
    ev({ conn: 'c1', kind: 'line', stream: 'stdin', text: '{"jsonrpc":"2.0","id":1,"method":"server/discover"}', eol: '\n', size: 51 }),
    ev({ conn: 'c1', kind: 'line', stream: 'stdout', b64: 'e/8=', eol: '\r\n', size: 2 }),
    ev({ conn: 'c1', kind: 'note', topic: NOTE_TOPICS.connected, data: { outcome: { flow: 'stateless', protocolVersion: '2026-07-28' } } }),
    ev({ conn: 'c1', kind: 'stop', step: 'close-stdin', reason: 'user' }),
    ev({ conn: 'c1', kind: 'exit', code: 0, signal: null, requested: true }),
  ];
}

const exported = (): string => JSON.stringify(buildSessionFile(recording(), PRODUCER, new Date('2026-12-01T00:00:00Z')), null, 2);

function refused(text: string): string {
  const opened = openSessionText(text);
  if (opened.ok) throw new Error('opened what it should have refused');
  return opened.error;
}

describe('openSessionText: what opens', () => {
  it('opens a session file, pretty or on one line, with or without a byte order mark', () => {
    for (const text of [exported(), JSON.stringify(JSON.parse(exported())), `\uFEFF${exported()}`]) {
      const opened = openSessionText(text);
      expect(opened.ok && opened.from).toBe('session');
      expect(opened.ok && opened.events).toEqual(recording());
    }
  });

  it('opens a bridge journal, reporting its damaged lines and keeping the rest', () => {
    const lines = recording().map((e) => JSON.stringify(e));
    const journal = `${lines.join('\n')}\n`;
    const opened = openSessionText(journal);
    expect(opened).toEqual({ ok: true, from: 'journal', events: recording(), problems: [] });

    const damaged = `${lines.slice(0, 3).join('\n')}\n{"seq":3,"oops"\n${lines.slice(4).join('\n')}\n${lines[0]?.slice(0, 20)}`;
    const partly = openSessionText(damaged);
    if (!partly.ok) throw new Error(partly.error);
    expect(partly.events).toHaveLength(lines.length - 1);
    expect(partly.problems).toEqual(['line 4 is not JSON', `line ${lines.length + 1} is cut off (the bridge stopped mid-write)`]);
  });

  it('round trip: export, open, export again gives the same events and the same file', () => {
    const first = exported();
    const opened = openSessionText(first);
    if (!opened.ok) throw new Error(opened.error);
    const again = JSON.stringify(buildSessionFile(opened.events, PRODUCER, new Date('2026-12-01T00:00:00Z')), null, 2);
    expect(again).toBe(first);
    const reopened = openSessionText(again);
    expect(reopened.ok && reopened.events).toEqual(opened.events);
  });
});

describe('openSessionText: what is refused, and how it is said', () => {
  it('an empty file', () => {
    for (const text of ['', '  \n\t', '\uFEFF']) expect(refused(text)).toBe('the file is empty');
  });

  it('a truncated file: where it ends', () => {
    const whole = exported();
    const cut = whole.slice(0, whole.indexOf('"stdout"') + 4);
    const lines = cut.split('\n');
    expect(refused(cut)).toBe(
      `not JSON: the text ends inside a string at line ${lines.length}, column ${(lines.at(-1)?.length ?? 0) + 1}: the file looks cut off (saved or copied before it was whole?)`,
    );
  });

  it('a hand-edited file with a mistake: the line and column of it', () => {
    const broken = exported().replace('"size": 51', '"size": 51,');
    const lines = broken.split('\n');
    const at = lines.findIndex((l) => l.includes('"size": 51,'));
    const column = (lines[at + 1]?.indexOf('}') ?? 0) + 1;
    expect(refused(broken)).toBe(`not JSON: '}' after a comma (JSON allows no trailing comma) at line ${at + 2}, column ${column}`);
  });

  it('a newer format version', () => {
    const newer = { ...(JSON.parse(exported()) as object), version: 2 };
    expect(refused(JSON.stringify(newer))).toBe('written by a newer MCP Lens (format version 2); this one reads version 1');
  });

  it("another tool's file: a HAR, a request history, a JSON-RPC message, any array or object", () => {
    const har = { log: { version: '1.2', creator: { name: 'Firefox', version: '140' }, entries: [] } };
    expect(refused(JSON.stringify(har))).toMatch(/^a HAR file \(a browser's HTTP archive from Firefox\), not an MCP Lens session file; /);
    const history = [{ request: '{"method":"tools/list"}', response: '{"result":{}}' }];
    expect(refused(JSON.stringify(history))).toMatch(/^a JSON array of 1 item with request and response entries .*MCP Inspector/);
    expect(refused('{"jsonrpc":"2.0","id":1,"result":{}}')).toMatch(/^a single JSON-RPC message, not a session file/);
    expect(refused('[1,2,3]')).toMatch(/^a JSON array of 3 items, not an MCP Lens session file; MCP Lens opens its session files/);
    expect(refused('{"name":"x","items":[]}')).toBe(
      'not an MCP Lens session file (no "format": "mcp-lens-session"; an object with "name", "items")',
    );
    expect(refused('"just a string"')).toMatch(/^a single JSON string/);
  });

  it('a journal none of whose lines is an event', () => {
    expect(refused('{"seq":0,"t":1,"kind":"mystery"}\n{"seq":1}\n')).toMatch(
      /^a journal \(one event a line\), but none of its lines could be read: line 1: /,
    );
  });

  it('something that is not text at all', () => {
    expect(refused('\u0089PNG\r\n\u001a\n\u0000\u0000')).toMatch(/^not JSON: .* at line 1, column 1$/);
  });
});
