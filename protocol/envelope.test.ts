import { describe, it, expect } from 'vitest';
import { bridgeFrameSchema, clientCommandSchema, parseBridgeEvent, serverConfigSchema } from './envelope.js';
import { REDACTED, redactConfig } from './redact.js';

describe('redactConfig', () => {
  it('keeps env keys and drops every value', () => {
    const config = serverConfigSchema.parse({
      command: 'node',
      args: ['server.js', '--flag'],
      env: { API_KEY: 'sk-very-secret', EMPTY: '' },
      cwd: '/tmp',
    });
    const redacted = redactConfig(config);
    expect(redacted).toEqual({
      command: 'node',
      args: ['server.js', '--flag'],
      env: { API_KEY: REDACTED, EMPTY: REDACTED },
      cwd: '/tmp',
    });
    expect(JSON.stringify(redacted)).not.toContain('sk-very-secret');
  });

  it('does not share the args array and leaves cwd out when absent', () => {
    const config = serverConfigSchema.parse({ command: 'x', args: ['a'] });
    const redacted = redactConfig(config);
    expect(redacted.args).not.toBe(config.args);
    expect('cwd' in redacted).toBe(false);
    expect(redacted.env).toEqual({});
  });
});

describe('parseBridgeEvent', () => {
  const line = { seq: 3, t: 1000.5, conn: 'c1', kind: 'line', stream: 'stdout', eol: '\n', size: 2 };

  it('accepts a line with text, and one with b64', () => {
    expect(parseBridgeEvent({ ...line, text: 'hi' })).toMatchObject({ ok: true, event: { kind: 'line', text: 'hi' } });
    expect(parseBridgeEvent({ ...line, b64: '//4=' }).ok).toBe(true);
  });

  it('rejects a line with both text and b64', () => {
    const result = parseBridgeEvent({ ...line, text: 'hi', b64: 'aGk=' });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toContain('exactly one of text or b64');
  });

  it('rejects a line with neither text nor b64', () => {
    expect(parseBridgeEvent(line).ok).toBe(false);
  });

  it('rejects an unknown eol, a negative seq and an unknown kind', () => {
    expect(parseBridgeEvent({ ...line, text: 'x', eol: '\r' }).ok).toBe(false);
    expect(parseBridgeEvent({ ...line, text: 'x', seq: -1 }).ok).toBe(false);
    expect(parseBridgeEvent({ seq: 0, t: 0, kind: 'mystery' }).ok).toBe(false);
    expect(parseBridgeEvent('not an object').ok).toBe(false);
  });

  it('accepts every other kind of event', () => {
    const config = { command: 'node', args: [], env: { K: REDACTED } };
    const events = [
      { seq: 0, t: 1, conn: 'c', kind: 'spawn', config, pid: 42, label: 'demo' },
      { seq: 1, t: 2, conn: 'c', kind: 'spawn-error', config, code: 'ENOENT', message: 'command not found' },
      { seq: 2, t: 3, conn: 'c', kind: 'exit', code: 3, signal: null, requested: false },
      { seq: 3, t: 4, conn: 'c', kind: 'exit', code: null, signal: 'SIGKILL', requested: true },
      { seq: 4, t: 5, conn: 'c', kind: 'stop', step: 'sigterm' },
      { seq: 5, t: 6, kind: 'notice', level: 'info', message: 'bridge started' },
      { seq: 6, t: 7, kind: 'note', topic: 'connect.start', data: { choice: 'auto' } },
    ];
    for (const event of events) expect(parseBridgeEvent(event)).toMatchObject({ ok: true, event });
  });
});

describe('clientCommandSchema', () => {
  it('defaults attach to everything (-1) and refuses below -1', () => {
    expect(clientCommandSchema.parse({ type: 'attach' })).toEqual({ type: 'attach', after: -1 });
    expect(clientCommandSchema.parse({ type: 'attach', after: 41 })).toEqual({ type: 'attach', after: 41 });
    expect(clientCommandSchema.safeParse({ type: 'attach', after: -2 }).success).toBe(false);
  });

  it('fills spawn config defaults and refuses an empty command', () => {
    expect(clientCommandSchema.parse({ type: 'spawn', conn: 'c1', config: { command: 'node' } })).toEqual({
      type: 'spawn',
      conn: 'c1',
      config: { command: 'node', args: [], env: {} },
    });
    expect(clientCommandSchema.safeParse({ type: 'spawn', conn: 'c1', config: { command: '' } }).success).toBe(false);
    expect(clientCommandSchema.safeParse({ type: 'spawn', conn: '', config: { command: 'x' } }).success).toBe(false);
  });

  it('needs exactly one of text or b64 on send', () => {
    expect(clientCommandSchema.safeParse({ type: 'send', conn: 'c', text: '{}' }).success).toBe(true);
    expect(clientCommandSchema.safeParse({ type: 'send', conn: 'c', b64: '/w==' }).success).toBe(true);
    expect(clientCommandSchema.safeParse({ type: 'send', conn: 'c' }).success).toBe(false);
    expect(clientCommandSchema.safeParse({ type: 'send', conn: 'c', text: 'a', b64: 'YQ==' }).success).toBe(false);
  });

  it('refuses unknown command types', () => {
    expect(clientCommandSchema.safeParse({ type: 'exec', command: 'rm -rf ~' }).success).toBe(false);
  });
});

describe('bridgeFrameSchema', () => {
  it('reads the three frames', () => {
    const welcome = {
      type: 'welcome',
      session: 's',
      lastSeq: -1,
      defaultServer: { command: 'node', args: ['x'], env: {}, label: 'demo' },
      version: '0.1.0',
    };
    expect(bridgeFrameSchema.parse(welcome)).toEqual(welcome);
    expect(bridgeFrameSchema.parse({ type: 'events', events: [{ anything: true }] }).type).toBe('events');
    expect(bridgeFrameSchema.parse({ type: 'rejected', message: 'no' }).type).toBe('rejected');
    expect(bridgeFrameSchema.safeParse({ type: 'other' }).success).toBe(false);
  });
});
