// The Replay form: the recordings of an opened session, the server prefilled from the recorded
// spawn, a value the file left redacted refused until typed, and each ignore path checked, its
// line named.
import { describe, expect, it } from 'vitest';
import type { BridgeEvent } from '../../../../protocol/envelope.js';
import { NOTE_TOPICS } from '../../../../protocol/noteTopics.js';
import { EventScript } from '../../../../protocol/timeline/testing.js';
import { parseIgnore, prefill, readFields, readSource, redactedLeft } from './replayForm.js';

function session(): BridgeEvent[] {
  const s = new EventScript();
  s.push({
    conn: 'c1',
    kind: 'spawn',
    config: { command: 'node', args: ['server.js', '--token', '[redacted]'], env: { API_KEY: '[redacted]' } },
    pid: 1,
    label: 'demo',
  });
  s.note('c1', NOTE_TOPICS.connected, { outcome: { flow: 'handshake', protocolVersion: '2025-11-25' } });
  s.request('c1', 0, 'initialize', { capabilities: {} }).result('c1', 0, { serverInfo: { name: 'demo', version: '1' } });
  s.request('c1', 1, 'tools/call', { name: 'echo', arguments: { message: 'hi' } }).result('c1', 1, { content: [] });
  s.push({ conn: 'idle', kind: 'spawn', config: { command: 'other', args: [], env: {} }, pid: 2 });
  s.push({ conn: 'c2', kind: 'spawn', config: { command: 'python', args: ['s.py'], env: {}, cwd: '/srv' }, pid: 3 });
  s.request('c2', 1, 'tools/list').result('c2', 1, { tools: [] });
  return s.events;
}

describe('the Replay form', () => {
  const source = readSource('s.mcplens.json', session());

  it('offers the connections with something to replay, prefilled from the first one recorded', () => {
    expect(source.recordings.map((r) => [r.conn, r.calls.length, r.flow])).toEqual([
      ['c1', 1, 'handshake'],
      ['c2', 1, undefined],
    ]);
    expect(prefill(source)).toEqual({
      conn: '',
      flow: 'recorded',
      ignore: '',
      command: 'node',
      args: 'server.js\n--token\n[redacted]',
      env: 'API_KEY=[redacted]',
      cwd: '',
      inheritEnv: false,
    });
    expect(redactedLeft(prefill(source))).toEqual({ env: ['API_KEY'], args: true });
  });

  it('refuses a value left redacted, names each bad ignore path by its line, and plans once all is well', () => {
    const fields = prefill(source);
    const refused = readFields({ ...fields, ignore: '$.result.content[0].text\n\nresult.x\n$.a[?(@.b)]' }, source);
    expect(refused.plan).toBeUndefined();
    expect(refused.errors).toEqual([
      'env API_KEY still reads [redacted]: the session does not carry its value; type it, or remove the line',
      'Set aside: line 3: a path starts with $ (like $.result.content[0].text), got result.x',
      expect.stringMatching(/^Set aside: line 4: only \[n\], \[\*\] and \["name"\] are supported/),
    ]);

    const { plan, errors } = readFields(
      { ...fields, env: 'API_KEY=sk-1\nMCP_LENS_DEMO_VARIANT=changed', flow: 'stateless', ignore: ' $..version \n' },
      source,
    );
    expect(errors).toEqual([]);
    expect(plan?.recordings.map((r) => r.conn)).toEqual(['c1', 'c2']);
    expect(plan?.config).toEqual({
      command: 'node',
      args: ['server.js', '--token', '[redacted]'],
      env: { API_KEY: 'sk-1', MCP_LENS_DEMO_VARIANT: 'changed' },
    });
    expect(plan?.flow).toBe('stateless');
    expect(plan?.ignore.map((p) => p.source)).toEqual(['$..version']);
  });

  it('replays one connection when one is picked, each in its recorded flow by default', () => {
    const { plan } = readFields({ ...prefill(source), conn: 'c2', env: '' }, source);
    expect(plan?.recordings.map((r) => r.conn)).toEqual(['c2']);
    expect(plan?.flow).toBeUndefined();
    expect(readFields({ ...prefill(source), conn: 'gone', env: '' }, source).errors).toEqual(['no recorded connection gone']);
    expect(readFields({ ...prefill(source), command: ' ', env: '' }, source).errors).toEqual(['a command is required']);
  });

  it('says when a session has nothing to replay', () => {
    const empty = readSource('empty.json', new EventScript().notice('hello').events);
    expect(empty.recordings).toEqual([]);
    expect(prefill(empty).command).toBe('');
    expect(readFields({ ...prefill(empty), command: 'node' }, empty).errors).toEqual(['this session has no recorded requests to replay']);
  });

  it('reads ignore paths one per line, blank lines skipped', () => {
    expect(parseIgnore('').paths).toEqual([]);
    expect(parseIgnore('$.a\n\n  $["b c"]  ').paths.map((p) => p.source)).toEqual(['$.a', '$["b c"]']);
  });
});
