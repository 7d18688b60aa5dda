import { describe, expect, it } from 'vitest';
import { connectionName, scriptName, serverInfoName } from './connectionName.js';

const config = (command: string, ...args: string[]) => ({ command, args, env: {} });

describe('connection names', () => {
  it('reads serverInfo: the title, else the name, plus the version', () => {
    expect(serverInfoName({ name: 'mcp-lens-demo', title: 'MCP Lens demo server', version: '0.1.0' })).toBe('MCP Lens demo server 0.1.0');
    expect(serverInfoName({ name: 'crash-fixture', version: '1.0.0' })).toBe('crash-fixture 1.0.0');
    expect(serverInfoName({ name: 'bare' })).toBe('bare');
    expect(serverInfoName({ title: '', name: 'untitled' })).toBe('untitled');
    expect(serverInfoName({ version: '1' })).toBeUndefined();
    expect(serverInfoName('not an object')).toBeUndefined();
    expect(serverInfoName(undefined)).toBeUndefined();
  });

  it('names a script by its file and a package runner by its package', () => {
    expect(scriptName(config('node', 'e2e/fixtures/crash.mjs'))).toBe('crash.mjs');
    expect(scriptName(config('/usr/bin/node', '--enable-source-maps', '/srv/app/dist/server.js', '--port=1'))).toBe('server.js');
    expect(scriptName(config('npx', '-y', '@upstash/context7-mcp'))).toBe('@upstash/context7-mcp');
    expect(scriptName(config('npx', '-y', '@upstash/context7-mcp@latest'))).toBe('@upstash/context7-mcp');
    expect(scriptName(config('npx', 'mcp-server-memory@1.2.3'))).toBe('mcp-server-memory');
    expect(scriptName(config('pnpm', 'dlx', '@modelcontextprotocol/server-everything', 'stdio'))).toBe(
      '@modelcontextprotocol/server-everything',
    );
    expect(scriptName(config('uvx', 'mcp-server-git', '--repository', '.'))).toBe('mcp-server-git');
    expect(scriptName(config('python3', '-m', 'weather_server'))).toBe('weather_server');
    expect(scriptName(config('python3', 'server.py'))).toBe('server.py');
    expect(scriptName(config('deno', 'run', '-A', 'main.ts'))).toBe('main.ts');
    expect(scriptName(config('C:\\tools\\node.exe', 'C:\\srv\\server.js'))).toBe('server.js');
    expect(scriptName(config('/usr/local/bin/mcp-server-git', '--repository', '.'))).toBe('mcp-server-git');
    expect(scriptName(config('node'))).toBe('node');
  });

  it('prefers serverInfo, then the label, then the script, then the id', () => {
    const demo = { conn: 'c1', label: 'MCP Lens demo server', config: config('node', '/x/demo/server.js') };
    expect(connectionName(demo)).toBe('MCP Lens demo server');
    const known = {
      flow: 'stateless' as const,
      protocolVersion: '2026-07-28',
      serverInfo: { name: 'd', title: 'MCP Lens demo server', version: '0.1.0' },
    };
    expect(connectionName({ ...demo, connected: known })).toBe('MCP Lens demo server 0.1.0');
    expect(connectionName({ conn: 'c2', label: 'compare handshake', connected: known })).toBe(
      'MCP Lens demo server 0.1.0 (compare handshake)',
    );
    expect(connectionName({ conn: 'c3', config: config('node', 'e2e/fixtures/hang.mjs') })).toBe('hang.mjs');
    expect(connectionName({ conn: 'c4' })).toBe('c4');
  });
});
