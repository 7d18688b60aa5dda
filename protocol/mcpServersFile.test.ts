import { describe, expect, it } from 'vitest';
import { formatConfigProblem, readServersFile, type ImportedServer, type ServersFileRead } from './mcpServersFile.js';
import { redactServerConfig, REDACTED } from './redact.js';

function servers(read: ServersFileRead): ImportedServer[] {
  if (!read.ok) throw new Error(read.problems.map(formatConfigProblem).join('\n'));
  return read.servers;
}

function only(read: ServersFileRead): ImportedServer {
  const [server, ...rest] = servers(read);
  expect(rest).toEqual([]);
  if (!server) throw new Error('no server');
  return server;
}

describe('readServersFile: the shapes', () => {
  it("reads Claude Desktop's mcpServers: command, args, env, with where each entry is", () => {
    const text = `{
  "mcpServers": {
    "filesystem": {
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-filesystem", "/home/me/Desktop"]
    },
    "github": {
      "command": "docker",
      "args": ["run", "-i", "--rm", "-e", "GITHUB_PERSONAL_ACCESS_TOKEN", "ghcr.io/github/github-mcp-server"],
      "env": { "GITHUB_PERSONAL_ACCESS_TOKEN": "ghp_abcdefghijklmnop" }
    }
  }
}`;
    const read = readServersFile(text);
    expect(read.ok && read.shape).toBe('mcpServers');
    const [fs, github] = servers(read);
    expect(fs).toMatchObject({
      name: 'filesystem',
      line: 3,
      column: 5,
      transport: 'stdio',
      config: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/home/me/Desktop'], env: {} },
      notes: [],
    });
    expect(fs?.config).not.toHaveProperty('secrets');
    expect(github).toMatchObject({
      name: 'github',
      line: 7,
      transport: 'stdio',
      config: { command: 'docker', env: { GITHUB_PERSONAL_ACCESS_TOKEN: 'ghp_abcdefghijklmnop' }, secrets: ['ghp_abcdefghijklmnop'] },
    });
  });

  it("reads Cursor's remote entries (url and headers, no type) beside stdio ones, with cwd", () => {
    const server = servers(
      readServersFile(
        JSON.stringify({
          mcpServers: {
            local: { command: 'node', args: ['server.js'], cwd: '/srv/mcp' },
            remote: { url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer sk-live-1234567890', 'X-Team': 'blue' } },
          },
        }),
      ),
    );
    expect(server[0]).toMatchObject({ transport: 'stdio', config: { command: 'node', args: ['server.js'], cwd: '/srv/mcp' } });
    expect(server[1]).toMatchObject({
      name: 'remote',
      transport: 'http',
      remoteType: 'http',
      config: {
        transport: 'http',
        url: 'https://mcp.example.com/mcp',
        headers: { Authorization: 'Bearer sk-live-1234567890', 'X-Team': 'blue' },
        // The token without its scheme; a short value under a plain name is not marked.
        secrets: ['sk-live-1234567890'],
      },
    });
  });

  it("reads VS Code's mcp.json: servers, type, comments, trailing commas, inputs, with notes for what it leaves as written", () => {
    const text = `// .vscode/mcp.json
{
  "inputs": [{ "type": "promptString", "id": "api-key", "description": "API key", "password": true }],
  "servers": {
    /* a local one */
    "demo": {
      "type": "stdio",
      "command": "node",
      "args": ["\${workspaceFolder}/server.js",], // trailing comma
      "env": { "API_KEY": "\${input:api-key}", "LOG_LEVEL": "debug", "RETRIES": 3 },
      "envFile": "\${workspaceFolder}/.env",
    },
    "remote": { "type": "http", "url": "https://api.example.com/mcp", "headers": { "Authorization": "Bearer \${input:api-key}" } },
    "legacy": { "type": "sse", "url": "http://127.0.0.1:3001/sse" },
  },
}`;
    const read = readServersFile(text);
    expect(read.ok && read.shape).toBe('servers');
    const [demo, remote, legacy] = servers(read);
    expect(demo).toMatchObject({
      name: 'demo',
      line: 6,
      transport: 'stdio',
      config: {
        command: 'node',
        args: ['${workspaceFolder}/server.js'],
        env: { API_KEY: '${input:api-key}', LOG_LEVEL: 'debug', RETRIES: '3' },
      },
    });
    // A placeholder is no secret; a short value under a plain name is not marked.
    expect(demo?.config).not.toHaveProperty('secrets');
    expect(demo?.notes).toEqual([
      'envFile is not read: copy its variables into the environment',
      'args[0] holds ${workspaceFolder}, which the tool that reads this file fills in; MCP Lens sends it as written: replace it',
      'env.API_KEY holds ${input:api-key}, which the tool that reads this file fills in; MCP Lens sends it as written: replace it',
    ]);
    expect(remote).toMatchObject({ transport: 'http', remoteType: 'http', config: { url: 'https://api.example.com/mcp' } });
    expect(remote?.notes).toHaveLength(1);
    expect(legacy).toMatchObject({ transport: 'http', remoteType: 'sse' });
    expect(legacy?.notes[0]).toContain('deprecated HTTP+SSE transport');
  });

  it("reads VS Code's settings.json (mcp.servers), a bare server map, streamable-http and Windsurf's serverUrl", () => {
    const settings = readServersFile('{"editor.fontSize": 14, "mcp": {"servers": {"a": {"command": "a"}}}}');
    expect(settings.ok && settings.shape).toBe('mcp.servers');
    expect(only(settings).name).toBe('a');

    const bare = readServersFile('{"one": {"command": "node", "args": ["x.js"]}, "two": {"serverUrl": "http://127.0.0.1:9/mcp"}}');
    expect(bare.ok && bare.shape).toBe('bare');
    expect(servers(bare).map((s) => [s.name, s.transport])).toEqual([
      ['one', 'stdio'],
      ['two', 'http'],
    ]);
    expect(only(readServersFile('{"mcpServers": {"r": {"type": "streamable-http", "url": "http://localhost:3000/mcp"}}}'))).toMatchObject({
      transport: 'http',
      remoteType: 'http',
    });
  });

  it('marks env values that are long or under a credential name, and says when an entry is disabled', () => {
    const server = only(
      readServersFile(
        JSON.stringify({
          mcpServers: {
            s: { command: 'srv', disabled: true, env: { DEBUG: '1', PAT: 'abc', REGION: 'eu-west-1-long', EMPTY: '', NODE_ENV: 'dev' } },
          },
        }),
      ),
    );
    expect(server.transport === 'stdio' && server.config.secrets).toEqual(['abc', 'eu-west-1-long']);
    expect(server.notes).toEqual(['disabled in this file']);
  });

  it('the marked values are masked where they appear elsewhere in the config (protocol/redact.ts)', () => {
    const server = only(
      readServersFile(
        JSON.stringify({
          mcpServers: {
            s: { command: 'sh', args: ['-c', 'serve --creds=tok_0123456789abcdef'], env: { SERVICE_CREDS: 'tok_0123456789abcdef' } },
          },
        }),
      ),
    );
    if (server.transport !== 'stdio') throw new Error('not stdio');
    const { config } = redactServerConfig(server.config);
    expect(config.args[1]).toBe(`serve --creds=${REDACTED}`);
    expect(config.env.SERVICE_CREDS).toBe(REDACTED);
  });
});

describe('readServersFile: problems, each with its line and column', () => {
  it('names a syntax error where it is (comments and trailing commas allowed, other mistakes not)', () => {
    const read = readServersFile('{\n  "mcpServers": {\n    "a": { "command": "x" }\n    "b": {}\n  }\n}');
    expect(read.ok).toBe(false);
    expect(read.problems).toEqual([{ line: 4, column: 5, where: '', message: `'"' where ',' or '}' should be` }]);
    expect(formatConfigProblem(read.problems[0] ?? { line: 0, column: 0, where: '', message: '' })).toBe(
      `line 4, column 5: '"' where ',' or '}' should be`,
    );
    expect(readServersFile('').problems[0]?.message).toContain('empty');
  });

  it('a file without a server list, or with an empty one, or that is not an object', () => {
    expect(readServersFile('{"editor.fontSize": 14}')).toMatchObject({
      ok: false,
      problems: [{ line: 1, column: 1, message: expect.stringContaining('mcpServers') }],
    });
    expect(readServersFile('{\n "mcpServers": {}\n}')).toMatchObject({
      ok: false,
      problems: [{ line: 2, column: 2, where: 'mcpServers', message: 'lists no servers' }],
    });
    expect(readServersFile('{"mcpServers": []}')).toMatchObject({
      ok: false,
      problems: [{ where: 'mcpServers', message: 'must be an object of servers by name' }],
    });
    expect(readServersFile('[1]').ok).toBe(false);
  });

  it('a bad entry is named with its place; the good ones stay usable', () => {
    const text = `{
  "mcpServers": {
    "good": { "command": "node" },
    "bad-args": { "command": "node", "args": "server.js" },
    "bad-item": { "command": "node", "args": ["a", 2] },
    "both": { "command": "node", "url": "http://x/mcp" },
    "neither": { "args": [] },
    "odd-type": { "type": "websocket", "url": "ws://x" },
    "bad-url": { "url": "ftp://x/mcp" },
    "bad-env": { "command": "x", "env": { "A": {"nested": true} } },
    "not-object": "node server.js"
  }
}`;
    const read = readServersFile(text);
    if (!read.ok) throw new Error('the file as a whole is fine');
    expect(read.servers.map((s) => s.name)).toEqual(['good']);
    expect(read.problems.map(formatConfigProblem)).toEqual([
      'line 4, column 38: mcpServers.bad-args.args: must be an array of strings',
      'line 5, column 52: mcpServers.bad-item.args[1]: must be a string',
      'line 6, column 5: mcpServers.both: has both a command and a url: say which it is with "type" ("stdio" or "http")',
      'line 7, column 5: mcpServers.neither: needs a "command" (a server MCP Lens starts) or a "url" (a remote server)',
      'line 8, column 19: mcpServers.odd-type.type: must be "stdio", "http", "streamable-http" or "sse"',
      'line 9, column 18: mcpServers.bad-url.url: must be an http:// or https:// URL',
      'line 10, column 43: mcpServers.bad-env.env.A: must be a string',
      'line 11, column 5: mcpServers.not-object: must be an object (command and args, or url)',
    ]);
    expect(read.problems.map((p) => p.server)).toEqual([
      'bad-args',
      'bad-item',
      'both',
      'neither',
      'odd-type',
      'bad-url',
      'bad-env',
      'not-object',
    ]);
  });

  it('a name in both mcpServers and servers is refused the second time', () => {
    const read = readServersFile('{"mcpServers": {"a": {"command": "x"}}, "servers": {"a": {"command": "y"}}}');
    expect(read.ok && read.servers.map((s) => s.transport === 'stdio' && s.config.command)).toEqual(['x']);
    expect(read.problems).toMatchObject([{ where: 'servers.a', message: 'a server of this name is listed already' }]);
  });
});
