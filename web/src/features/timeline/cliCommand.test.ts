import { describe, expect, it } from 'vitest';
import { cliCommand, shellQuote } from './cliCommand.js';

const config = { command: 'node', args: ['demo/server.js'] };

describe('copy as CLI', () => {
  it('builds a tools/call with the exact arguments, the flow and the server', () => {
    const built = cliCommand({
      request: {
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'echo', arguments: { text: 'hi' }, _meta: { progressToken: 3 } },
      },
      config,
      flow: 'stateless',
      protocolVersion: '2026-07-28',
    });
    expect(built).toEqual({
      ok: true,
      argv: [
        'mcp-lens',
        'call',
        '--flow',
        'stateless',
        '--protocol-version',
        '2026-07-28',
        '--method',
        'tools/call',
        '--tool-name',
        'echo',
        '--tool-args-json',
        '{"text":"hi"}',
        '--',
        'node',
        'demo/server.js',
      ],
      line: `mcp-lens call --flow stateless --protocol-version 2026-07-28 --method tools/call --tool-name echo --tool-args-json '{"text":"hi"}' -- node demo/server.js`,
    });
  });

  it('uses the options the CLI has for resources and prompts, and params-json for the rest', () => {
    const line = (request: unknown): string => {
      const built = cliCommand({ request, config });
      if (!built.ok) throw new Error(built.reason);
      return built.line;
    };
    expect(line({ id: 1, method: 'resources/read', params: { uri: 'demo://a b' } })).toContain(`--uri 'demo://a b'`);
    expect(line({ id: 1, method: 'prompts/get', params: { name: 'p', arguments: { n: 'x=y', k: 2 } } })).toContain(
      '--prompt-name p --prompt-arg n=x=y --prompt-arg k=2',
    );
    expect(line({ id: 1, method: 'tools/list', params: { cursor: 'abc', _meta: {} } })).toContain(`--params-json '{"cursor":"abc"}'`);
    expect(line({ id: 1, method: 'ping', params: { _meta: { x: 1 } } })).toBe(
      'mcp-lens call --flow auto --method ping -- node demo/server.js',
    );
  });

  it('refuses what cannot be sent again, and says why', () => {
    expect(cliCommand({ request: { method: 'notifications/initialized' }, config })).toMatchObject({ ok: false });
    expect(cliCommand({ request: 'not json', config })).toMatchObject({ ok: false });
    expect(cliCommand({ request: { id: 1, method: 'tools/call', params: {} }, config })).toMatchObject({ ok: false });
    expect(
      cliCommand({ request: { id: 1, method: 'prompts/get', params: { name: 'p', arguments: { 'a=b': '1' } } }, config }),
    ).toMatchObject({
      ok: false,
    });
  });

  it('passes env keys on from the user’s shell and starts in the server’s directory', () => {
    const built = cliCommand({
      request: { id: 1, method: 'ping' },
      config: { command: 'srv', args: [], env: { API_KEY: '[redacted]', 'BAD KEY;rm': '[redacted]' }, cwd: "/tmp/it's here" },
    });
    expect(built.ok && built.line).toBe(
      `cd '/tmp/it'\\''s here' && API_KEY="\${API_KEY:?}" mcp-lens call --flow auto --method ping -- srv`,
    );
  });
});

describe('shell quoting', () => {
  it('leaves plain words bare and quotes everything else', () => {
    expect(shellQuote('tools/call')).toBe('tools/call');
    expect(shellQuote('--flow')).toBe('--flow');
    expect(shellQuote('')).toBe(`''`);
    expect(shellQuote('a b')).toBe(`'a b'`);
    expect(shellQuote(`it's`)).toBe(`'it'\\''s'`);
    for (const hostile of ['$(id)', '`id`', '~root', '#x', 'a;b', 'a|b', 'a&b', '*', '?', '!x', 'a\nb', '{a,b}', '=x y']) {
      expect(shellQuote(hostile)).toBe(`'${hostile}'`);
    }
  });
});
