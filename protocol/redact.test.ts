// Secrets out of server configs: every form a credential takes on a command line, and what is not one.
import { describe, expect, it } from 'vitest';
import {
  isCredentialName,
  maskHeaders,
  maskText,
  maskUrl,
  previewOf,
  REDACTED,
  redactArgs,
  redactConfig,
  redactConnectionConfig,
  redactHttpConfig,
  redactServerConfig,
} from './redact.js';

const R = REDACTED;
/** The args of `node server.js ...args`, redacted. */
const args = (...list: string[]): string[] => redactArgs(['server.js', ...list], 'node').slice(1);
const line = (command: string, ...rest: string[]): { command: string; args: string[] } => {
  const { config } = redactServerConfig({ command, args: rest, env: {} });
  return { command: config.command, args: config.args };
};

describe('flags with values', () => {
  it('--flag=value, in any spelling of a credential name', () => {
    expect(args('--token=abc', '--api-key=k', '--API_KEY=y', '--password=x', '--auth=a=b', '--authToken=t', '-api-key=g')).toEqual([
      `--token=${R}`,
      `--api-key=${R}`,
      `--API_KEY=${R}`,
      `--password=${R}`,
      `--auth=${R}`,
      `--authToken=${R}`,
      `-api-key=${R}`,
    ]);
  });

  it('--flag value, including a value that starts with a dash', () => {
    expect(args('--api-key', 'abc', '--client-secret', '-starts-with-dash', '--token', '--verbose')).toEqual([
      '--api-key',
      R,
      '--client-secret',
      R,
      '--token',
      '--verbose',
    ]);
  });

  it('-t, -k and -p take a secret value; -p with digits is a port', () => {
    expect(args('-t', 'sk-abc', '-k', 'key-1', '-p', 'hunter2', '-p', '8080', '-t=inline', '-p=9000')).toEqual([
      '-t',
      R,
      '-k',
      R,
      '-p',
      R,
      '-p',
      '8080',
      `-t=${R}`,
      '-p=9000',
    ]);
  });

  it('keeps a trailing credential flag that has no value', () => {
    expect(args('--token')).toEqual(['--token']);
    expect(args('-t')).toEqual(['-t']);
  });
});

describe('headers', () => {
  it('--header "Authorization: Bearer v" keeps the scheme and drops the credential', () => {
    expect(args('--header', 'Authorization: Bearer sk-123')).toEqual(['--header', `Authorization: Bearer ${R}`]);
    expect(args('--header=Authorization: Basic dXNlcjpwYXNz')).toEqual([`--header=Authorization: Basic ${R}`]);
  });

  it('-H "X-Api-Key: v", a cookie, and Authorization:Bearer v standalone', () => {
    expect(args('-H', 'X-Api-Key: abc123', '-H', 'Cookie: session=s3cr3t', 'Authorization:Bearer tok')).toEqual([
      '-H',
      `X-Api-Key: ${R}`,
      '-H',
      `Cookie: ${R}`,
      `Authorization:Bearer ${R}`,
    ]);
  });

  it('leaves harmless headers alone', () => {
    expect(args('-H', 'Content-Type: application/json', '--header', 'Accept: */*')).toEqual([
      '-H',
      'Content-Type: application/json',
      '--header',
      'Accept: */*',
    ]);
  });
});

describe('assignments', () => {
  it('env NAME=v cmd: every assignment, whatever its name, and the command after it is read too', () => {
    expect(line('env', 'API_KEY=sk-1', 'DEBUG=1', 'node', 'server.js', '--token', 't-2')).toEqual({
      command: 'env',
      args: [`API_KEY=${R}`, `DEBUG=${R}`, 'node', 'server.js', '--token', R],
    });
    expect(line('/usr/bin/env', '-i', '-u', 'HOME', 'A=b', 'srv').args).toEqual(['-i', '-u', 'HOME', `A=${R}`, 'srv']);
  });

  it('NAME=v before a command typed into the command field', () => {
    expect(line('API_KEY=sk-live-1 OTHER=x node', 'server.js').command).toBe(`API_KEY=${R} OTHER=${R} node`);
  });

  it('inside sh -c lines and env -S', () => {
    expect(line('sh', '-c', 'API_KEY=abc node server.js --token "t 2" -H "Authorization: Bearer zz"').args).toEqual([
      '-c',
      `API_KEY=${R} node server.js --token "${R}" -H "Authorization: Bearer ${R}"`,
    ]);
    expect(line('bash', '-lc', 'exec env TOKEN=abc srv').args).toEqual(['-lc', `exec env TOKEN=${R} srv`]);
    expect(line('env', '-S', 'KEY=v srv --password pw').args).toEqual(['-S', `KEY=${R} srv --password ${R}`]);
  });

  it('-e NAME=v and --env NAME=v (docker and the like), and token=v alone', () => {
    expect(line('docker', 'run', '-e', 'GITHUB_TOKEN=ghp_1', '--env', 'X=1', '--env=Y=2', 'img', 'token=abc', 'mode=fast').args).toEqual([
      'run',
      '-e',
      `GITHUB_TOKEN=${R}`,
      '--env',
      `X=${R}`,
      `--env=Y=${R}`,
      'img',
      `token=${R}`,
      'mode=fast',
    ]);
  });
});

describe('URLs and JSON', () => {
  it('the password in user:pass@, a lone user name, and credential query parameters', () => {
    expect(
      args(
        'https://me:pa55@example.com/x',
        'https://ghp_abc@github.com/o/r.git',
        'https://api.example.com/v1?token=t1&page=2&api_key=k2#access_token=a3',
        '--url=postgres://u:pw@db:5432/app',
      ),
    ).toEqual([
      `https://me:${R}@example.com/x`,
      `https://${R}@github.com/o/r.git`,
      `https://api.example.com/v1?token=${R}&page=2&api_key=${R}#access_token=${R}`,
      `--url=postgres://u:${R}@db:5432/app`,
    ]);
  });

  it('keeps a URL without credentials whole', () => {
    expect(args('https://example.com:8443/path?page=1&q=token')).toEqual(['https://example.com:8443/path?page=1&q=token']);
  });

  it('credential fields of JSON in an argument', () => {
    expect(args('--config', '{"apiKey":"sk-1","headers":{"Authorization":"Bearer x"},"name":"n"}')).toEqual([
      '--config',
      `{"apiKey":"${R}","headers":{"Authorization":"${R}"},"name":"n"}`,
    ]);
  });
});

describe('what is not a secret', () => {
  it('keeps switches, ports, quantities and names that only contain a credential word', () => {
    const kept = [
      '--port',
      '80',
      '-v',
      '--no-auth',
      '--verbose',
      '--tokenizer',
      'x',
      '--max-tokens',
      '4096',
      '--token-file',
      '/run/token',
      '--keyword',
      'k',
      'my-password',
      '--port=8080',
    ];
    expect(args(...kept)).toEqual(kept);
    expect(args()).toEqual([]);
  });

  it('judges names by whole words', () => {
    expect(['token', 'API_KEY', 'apiKey', 'x-api-key', 'client_secret', 'Authorization', 'PASSWD'].map(isCredentialName)).toEqual(
      Array(7).fill(true),
    );
    expect(['tokenizer', 'keyword', 'max-token', 'token-file', 'auth-type', 'port', 'monkey', ''].map(isCredentialName)).toEqual(
      Array(8).fill(false),
    );
  });
});

describe('redactServerConfig', () => {
  const config = {
    command: 'node',
    args: ['server.js', '--api-key', 'sk-live-0123456789', '--header', 'Authorization: Bearer tok-abcdefghij', '--name', 'my-own-secret'],
    env: { OPENAI_API_KEY: 'sk-env-0123456789', EMPTY: '' },
    cwd: '/home/me/my-own-secret',
    secrets: ['my-own-secret'],
  };

  it('redacts env values, arguments and marked values everywhere, and reports each with a short preview', () => {
    const { config: out, redactions } = redactServerConfig(config);
    expect(out).toEqual({
      command: 'node',
      args: ['server.js', '--api-key', R, '--header', `Authorization: Bearer ${R}`, '--name', R],
      env: { OPENAI_API_KEY: R, EMPTY: R },
      cwd: `/home/me/${R}`,
    });
    expect(JSON.stringify(out)).not.toMatch(/sk-|tok-|my-own/);
    expect(redactions.map(({ id, field, index, key, rule, preview }) => ({ id, field, index, key, rule, preview }))).toEqual([
      { id: 'args[2]#0', field: 'args', index: 2, key: undefined, rule: 'flag', preview: 'sk…' },
      { id: 'args[4]#0', field: 'args', index: 4, key: undefined, rule: 'header', preview: 'to…' },
      { id: 'args[6]#0', field: 'args', index: 6, key: undefined, rule: 'marked', preview: 'my…' },
      { id: 'env.OPENAI_API_KEY', field: 'env', index: undefined, key: 'OPENAI_API_KEY', rule: 'env', preview: 'sk…' },
      { id: 'env.EMPTY', field: 'env', index: undefined, key: 'EMPTY', rule: 'env', preview: '…' },
      { id: 'cwd#0', field: 'cwd', index: undefined, key: undefined, rule: 'marked', preview: 'my…' },
    ]);
    expect(redactions.map((r) => r.secret)).toEqual([
      'sk-live-0123456789',
      'tok-abcdefghij',
      'my-own-secret',
      'sk-env-0123456789',
      '',
      'my-own-secret',
    ]);
  });

  it('puts back exactly what `keep` names', () => {
    const { config: out } = redactServerConfig(config, { keep: new Set(['args[4]#0', 'env.EMPTY']) });
    expect(out.args).toEqual(['server.js', '--api-key', R, '--header', 'Authorization: Bearer tok-abcdefghij', '--name', R]);
    expect(out.env).toEqual({ OPENAI_API_KEY: R, EMPTY: '' });
  });

  it('is idempotent: a redacted config stays the same, its markers reported without a value', () => {
    const once = redactConfig(config);
    const again = redactServerConfig(once);
    expect(again.config).toEqual(once);
    expect(again.redactions.every((r) => r.secret === undefined && r.preview === '…')).toBe(true);
    expect(again.redactions.map((r) => r.id)).toEqual(['args[2]#0', 'args[4]#0', 'env.OPENAI_API_KEY', 'env.EMPTY']);
  });

  it('leaves out what the journaled config has no place for, and does not change its input', () => {
    const input = { ...config, inheritEnv: true, args: [...config.args] };
    const out = redactConfig(input);
    expect(Object.keys(out)).toEqual(['command', 'args', 'env', 'cwd']);
    expect(out.args).not.toBe(input.args);
    expect(input.args).toEqual(config.args);
    expect('cwd' in redactConfig({ command: 'x', args: [], env: {} })).toBe(false);
  });
});

describe('helpers', () => {
  it('previews at most two characters, none of a short value', () => {
    expect(previewOf('sk-0123456789')).toBe('sk…');
    expect(previewOf('short')).toBe('…');
    expect(previewOf('🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂')).toBe('🙂🙂…');
  });

  it('masks every occurrence, the longer value first', () => {
    expect(maskText('a sk-123 and sk-1234 and sk-123', ['sk-123', 'sk-1234', ''])).toEqual({ text: `a ${R} and ${R} and ${R}`, count: 3 });
    expect(maskText('nothing here', ['secret'])).toEqual({ text: 'nothing here', count: 0 });
  });
});

describe('redactHttpConfig, maskHeaders, maskUrl', () => {
  it('masks credential-named headers (the scheme stays), URL credentials and marked values, and lists each', () => {
    const { config, redactions } = redactHttpConfig({
      url: 'https://me:hunter22@example.com/mcp?api_key=k-123456&region=eu',
      headers: {
        Authorization: 'Bearer tok-abcdef123',
        'X-Api-Key': 'key-987654',
        'X-Tenant': 'acme-tenant-42',
        'Mcp-Session-Id': 'visible',
      },
      secrets: ['acme-tenant-42'],
      timeoutMs: 5000,
    });
    expect(config).toEqual({
      transport: 'http',
      url: `https://me:${REDACTED}@example.com/mcp?api_key=${REDACTED}&region=eu`,
      headers: { Authorization: `Bearer ${REDACTED}`, 'X-Api-Key': REDACTED, 'X-Tenant': REDACTED, 'Mcp-Session-Id': 'visible' },
      timeoutMs: 5000,
    });
    expect(redactions.map((r) => [r.id, r.rule])).toEqual([
      ['url#0', 'url'],
      ['url#1', 'url'],
      ['headers.Authorization#0', 'header'],
      ['headers.X-Api-Key#0', 'header'],
      ['headers.X-Tenant#0', 'marked'],
    ]);
    expect(JSON.stringify(config)).not.toMatch(/hunter22|k-123456|tok-abcdef123|key-987654|acme-tenant-42/);
  });

  it('keeps what the export dialog keeps, and reports markers already in place without redacting them twice', () => {
    const clear = { url: 'https://h/mcp', headers: { Authorization: 'Bearer tok-abcdef123' } };
    expect(redactHttpConfig(clear, { keep: new Set(['headers.Authorization#0']) }).config.headers.Authorization).toBe(
      'Bearer tok-abcdef123',
    );
    const again = redactHttpConfig(redactHttpConfig(clear).config);
    expect(again.config.headers.Authorization).toBe(`Bearer ${REDACTED}`);
    expect(again.redactions.map((r) => r.secret)).toEqual([undefined]);
  });

  it('masks recorded headers and URLs by the same rules, Set-Cookie and Cookie included', () => {
    expect(maskHeaders({ 'set-cookie': 'sid=abc123456; Path=/', cookie: 'a=b', 'content-type': 'application/json' })).toEqual({
      'set-cookie': REDACTED,
      cookie: REDACTED,
      'content-type': 'application/json',
    });
    expect(maskHeaders({ 'X-Custom': 'has my-long-secret inside' }, ['my-long-secret'])).toEqual({ 'X-Custom': `has ${REDACTED} inside` });
    expect(maskUrl('http://127.0.0.1:3000/mcp?token=abc')).toBe(`http://127.0.0.1:3000/mcp?token=${REDACTED}`);
  });

  it('redactConnectionConfig takes each transport by its own rules', () => {
    expect(redactConnectionConfig({ command: 'x', args: [], env: { K: 'v' } }).config).toEqual({
      command: 'x',
      args: [],
      env: { K: REDACTED },
    });
    expect(redactConnectionConfig({ transport: 'http', url: 'https://h/', headers: {} }).config).toEqual({
      transport: 'http',
      url: 'https://h/',
      headers: {},
    });
  });
});
