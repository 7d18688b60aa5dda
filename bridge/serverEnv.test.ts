// The server's environment: the safe list by default, everything on request, the bridge's token never.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BridgeEvent, LineEvent, ServerConfig } from '../protocol/envelope.js';
import { ProcessHost } from './processHost.js';
import { serverEnv } from './serverEnv.js';
import { runLens } from './testing/runCli.js';

describe('serverEnv', () => {
  const parent = {
    PATH: '/usr/bin:/bin',
    HOME: '/home/me',
    USER: 'me',
    TERM: 'xterm',
    SHELL: '/bin/bash',
    LOGNAME: 'me',
    AWS_SECRET_ACCESS_KEY: 'aws-secret',
    NODE_OPTIONS: '--inspect',
    MCP_LENS_TOKEN: 'bridge-token',
    UNSET: undefined,
  };

  it('hands over only the safe list, plus what the config sets (which wins)', () => {
    expect(serverEnv(parent, { env: { API_KEY: 'mine', TERM: 'dumb' } }, { platform: 'linux' })).toEqual({
      PATH: '/usr/bin:/bin',
      HOME: '/home/me',
      USER: 'me',
      TERM: 'dumb',
      SHELL: '/bin/bash',
      LOGNAME: 'me',
      API_KEY: 'mine',
    });
  });

  it('skips exported shell functions in the safe list', () => {
    expect(serverEnv({ PATH: '/bin', SHELL: '() { echo pwned; }' }, { env: {} }, { platform: 'linux' })).toEqual({ PATH: '/bin' });
  });

  it('inherits everything but the bridge token and what is withheld, when asked', () => {
    const env = serverEnv(parent, { env: {}, inheritEnv: true }, { platform: 'linux', withhold: ['NODE_OPTIONS'] });
    expect(env).toMatchObject({ AWS_SECRET_ACCESS_KEY: 'aws-secret', PATH: '/usr/bin:/bin' });
    expect(Object.keys(env)).not.toContain('MCP_LENS_TOKEN');
    expect(Object.keys(env)).not.toContain('NODE_OPTIONS');
    expect(Object.keys(env)).not.toContain('UNSET');
  });

  it("on Windows, the SDK's list, whatever the names' case", () => {
    const windows = {
      Path: 'C:\\Windows',
      SystemRoot: 'C:\\Windows',
      USERPROFILE: 'C:\\Users\\me',
      TEMP: 'C:\\Temp',
      HOME: 'x',
      Mcp_Lens_Token: 't',
    };
    expect(serverEnv(windows, { env: {} }, { platform: 'win32' })).toEqual({
      Path: 'C:\\Windows',
      SystemRoot: 'C:\\Windows',
      USERPROFILE: 'C:\\Users\\me',
      TEMP: 'C:\\Temp',
    });
    expect(Object.keys(serverEnv(windows, { env: {}, inheritEnv: true }, { platform: 'win32' }))).not.toContain('Mcp_Lens_Token');
  });
});

describe('a real child started by the process host', () => {
  const SECRET = 'parent-only-secret-7f3a';
  const saved = { secret: process.env.LENS_PARENT_SECRET, token: process.env.MCP_LENS_TOKEN };
  beforeAll(() => {
    process.env.LENS_PARENT_SECRET = SECRET;
    process.env.MCP_LENS_TOKEN = 'bridge-token-e2e';
  });
  afterAll(() => {
    for (const [key, value] of [
      ['LENS_PARENT_SECRET', saved.secret],
      ['MCP_LENS_TOKEN', saved.token],
    ] as const) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });

  /** The environment the child saw, as it printed it. */
  async function childEnv(config: Partial<ServerConfig>): Promise<Record<string, string>> {
    const events: BridgeEvent[] = [];
    let done: () => void = () => {};
    const exited = new Promise<void>((resolve) => (done = resolve));
    const host = new ProcessHost({
      record: (event) => {
        events.push({ ...event, seq: events.length, t: 0 } as BridgeEvent);
        if (event.kind === 'exit' || event.kind === 'spawn-error') done();
      },
      withholdEnv: ['MCP_LENS_TOKEN'],
    });
    host.spawn('env', {
      command: process.execPath,
      args: ['-e', "process.stdout.write(JSON.stringify(process.env) + '\\n')"],
      env: {},
      ...config,
    });
    await exited;
    await host.shutdown();
    const line = events.find((e): e is LineEvent => e.kind === 'line' && e.stream === 'stdout');
    return JSON.parse(line?.text ?? 'null') as Record<string, string>;
  }

  it('sees PATH and what the config sets, not the parent secret nor the bridge token', async () => {
    const env = await childEnv({ env: { MINE: 'set-by-user' } });
    expect(env.PATH).toBe(process.env.PATH);
    expect(env.MINE).toBe('set-by-user');
    expect(env.LENS_PARENT_SECRET).toBeUndefined();
    expect(env.MCP_LENS_TOKEN).toBeUndefined();
  });

  it('sees the parent secret with inheritEnv, and still not the bridge token', async () => {
    const env = await childEnv({ inheritEnv: true });
    expect(env.LENS_PARENT_SECRET).toBe(SECRET);
    expect(env.PATH).toBe(process.env.PATH);
    expect(env.MCP_LENS_TOKEN).toBeUndefined();
  });

  it('mcp-lens call hands the server the parent secret only with --inherit-env', async () => {
    // A "server" that says what it saw on stderr and leaves: the transcript and the reason carry it.
    const server = ['node', '-e', "console.error('seen:' + (process.env.LENS_PARENT_SECRET ?? 'absent'))"];
    const plain = await runLens(['call', '--method', 'tools/list', '--flow', 'handshake', '--', ...server]);
    const inherit = await runLens(['call', '--inherit-env', '--method', 'tools/list', '--flow', 'handshake', '--', ...server]);
    expect([plain.code, inherit.code]).toEqual([3, 3]);
    expect(plain.stderr).toContain('seen:absent');
    expect(inherit.stderr).toContain(`seen:${SECRET}`);
  });
});
