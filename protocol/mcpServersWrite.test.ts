import { describe, expect, it } from 'vitest';
import { readServersFile } from './mcpServersFile.js';
import { writeServersFile } from './mcpServersWrite.js';
import { redactConnectionConfig } from './redact.js';

describe('writeServersFile', () => {
  it('writes stdio and http servers that Import reads back, secrets redacted and counted', () => {
    const stdio = redactConnectionConfig({
      command: 'node',
      args: ['server.js', '--api-key', 'sk-live-123456'],
      env: { TOKEN: 'abcdefghijkl' },
      cwd: '/srv',
    }).config;
    const http = redactConnectionConfig({
      transport: 'http',
      url: 'https://mcp.example.com/mcp?token=xyz',
      headers: { Authorization: 'Bearer abc' },
    }).config;
    const written = writeServersFile([
      { name: 'My Server 1.0', config: stdio },
      { name: 'remote', config: http },
    ]);
    expect(written.names).toEqual(['My-Server-1.0', 'remote']);
    expect(written.redacted).toBe(4);
    expect(written.text).not.toMatch(/sk-live|abcdefghijkl|xyz|Bearer abc/);
    const read = readServersFile(written.text);
    if (!read.ok) throw new Error('unreadable');
    expect(read.shape).toBe('mcpServers');
    const [first, second] = read.servers;
    expect(first?.transport === 'stdio' && first.config).toMatchObject({
      command: 'node',
      args: ['server.js', '--api-key', '[redacted]'],
      env: { TOKEN: '[redacted]' },
      cwd: '/srv',
    });
    expect(second?.transport === 'http' && second.config.headers).toEqual({ Authorization: 'Bearer [redacted]' });
  });

  it('writes a server connected twice once, and keeps names unique', () => {
    const a = redactConnectionConfig({ command: 'node', args: ['a.js'], env: {} }).config;
    const b = redactConnectionConfig({ command: 'node', args: ['b.js'], env: {} }).config;
    const written = writeServersFile([
      { name: 'x', config: a },
      { name: 'x', config: a },
      { name: 'x', config: b },
      { name: '???', config: redactConnectionConfig({ command: 'c', args: [], env: {} }).config },
    ]);
    expect(written.names).toEqual(['x', 'x-2', 'server']);
    expect(written.redacted).toBe(0);
    expect(JSON.parse(written.text)).toEqual({
      mcpServers: {
        x: { command: 'node', args: ['a.js'] },
        'x-2': { command: 'node', args: ['b.js'] },
        server: { command: 'c', args: [] },
      },
    });
  });
});
