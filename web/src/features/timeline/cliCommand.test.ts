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
      needs: [],
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

  it('hands env keys on from the user’s shell by name and starts in the server’s directory', () => {
    const built = cliCommand({
      request: { id: 1, method: 'ping' },
      config: { command: 'srv', args: [], env: { API_KEY: '[redacted]', 'BAD KEY;rm': '[redacted]' }, cwd: "/tmp/it's here" },
    });
    expect(built.ok && built.line).toBe(`cd '/tmp/it'\\''s here' && mcp-lens call --flow auto --method ping --pass-env API_KEY -- srv`);
    expect(built.ok && built.needs).toEqual(['API_KEY']);
  });

  it('carries the env values this tab knows that are not secret, and names the rest', () => {
    const built = cliCommand({
      request: { id: 1, method: 'ping' },
      config: { command: 'srv', args: [], env: { GREETING: '[redacted]', API_KEY: '[redacted]', MARKED: '[redacted]', GH: '[redacted]' } },
      clear: {
        command: 'srv',
        args: [],
        env: { GREETING: 'hello there', API_KEY: 'sk-1', MARKED: 'abc-secret', GH: 'ghp_0123456789abcdefABCDEF' },
        secrets: ['abc-secret'],
      },
      cli: ['node', '/opt/my lens/bin.js'],
      serverCwd: '/srv',
    });
    expect(built.ok && built.line).toBe(
      `cd /srv && node '/opt/my lens/bin.js' call --flow auto --method ping --env 'GREETING=hello there' --pass-env API_KEY --pass-env MARKED --pass-env GH -- srv`,
    );
  });

  it('reads a masked argument, URL part or header from a named variable, never sending the marker', () => {
    const stdio = cliCommand({
      request: { id: 1, method: 'ping' },
      config: { command: 'srv', args: ['--token', '[redacted]', '--api-key=[redacted]', 'plain'] },
    });
    expect(stdio.ok && stdio.line).toBe(
      'mcp-lens call --flow auto --method ping -- srv --token "${TOKEN:?set TOKEN to argument 2}" --api-key="${API_KEY:?set API_KEY to argument 3}" plain',
    );
    expect(stdio.ok && stdio.needs).toEqual(['TOKEN', 'API_KEY']);
    const http = cliCommand({
      request: { id: 1, method: 'ping' },
      config: { transport: 'http', url: 'https://h/mcp?key=[redacted]', headers: { 'X-Api-Key': '[redacted]' } },
    });
    expect(http.ok && http.line).toContain(`--url 'https://h/mcp?key='"\${URL:?set URL to a value in the URL}"`);
    expect(http.ok && http.line).toContain(`--header 'X-Api-Key: '"\${X_API_KEY:?set X_API_KEY to the X-Api-Key header}"`);
  });

  it('answers the server’s elicitation as the row did', () => {
    const built = cliCommand({
      request: { id: 1, method: 'tools/call', params: { name: 'confirm', arguments: {} } },
      config,
      elicit: { action: 'accept', content: { confirm: true, who: 'Ada' }, differing: false },
    });
    expect(built.ok && built.line).toContain(`--elicit accept --elicit-content '{"confirm":true,"who":"Ada"}'`);
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
