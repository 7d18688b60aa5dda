// A process that is no MCP server: named at its first stdout line that is not JSON-RPC.
import { describe, it, expect } from 'vitest';
import { Connector, type ConnectAction } from './connect.js';
import { classifyText, classifyValue } from './jsonrpc.js';

const steps = (actions: ConnectAction[]): string[] => actions.flatMap((a) => (a.type === 'step' ? [a.text] : []));
const line = (connector: Connector, text: string): ConnectAction[] => connector.onMessage(classifyText(text), text);

describe('a process that does not speak JSON-RPC on stdout', () => {
  it('is named at its first line that is not JSON-RPC, and the time-out says what stdout held', () => {
    const c = new Connector('handshake', { nextId: () => 1 });
    c.start();
    const first = steps(line(c, 'Serving HTTP on 0.0.0.0 port 8000 \u001b[1m(http://0.0.0.0:8000/)\u001b[0m'));
    expect(first).toHaveLength(1);
    expect(first[0]).toContain('may not be an MCP server');
    expect(first[0]).toContain('"Serving HTTP on 0.0.0.0 port 8000 (http://0.0.0.0:8000/)"');
    // Named once, not per line.
    expect(steps(line(c, 'another line'))).toEqual([]);
    const failed = c.onTimeout().find((a) => a.type === 'failed');
    expect(failed).toMatchObject({ reason: expect.stringContaining('its stdout held no JSON-RPC, only "Serving HTTP') });
    expect(failed).toMatchObject({ reason: expect.stringContaining('and 1 more line') });
  });

  it("says nothing over HTTP, where an error page or an endpoint event is the transport's own", () => {
    const c = new Connector('handshake', { nextId: () => 1, transport: 'http' });
    c.start();
    expect(steps(line(c, '<html><body>404 Not Found</body></html>'))).toEqual([]);
    expect(steps(line(c, '/message?sessionId=abc'))).toEqual([]);
    const failed = c.onTimeout().find((a) => a.type === 'failed');
    expect(failed).not.toMatchObject({ reason: expect.stringContaining('stdout') });
  });

  it('names JSON that is not JSON-RPC (a JSON logger on stdout) too', () => {
    const c = new Connector('auto', { nextId: () => 1 });
    c.start();
    expect(steps(line(c, '{"level":"info","msg":"ready"}'))[0]).toContain('JSON, but missing "jsonrpc"');
  });

  it('says nothing of a stray line once the server has spoken JSON-RPC, and still opens', () => {
    const c = new Connector('handshake', { nextId: () => 1 });
    c.start();
    const ping = classifyValue({ jsonrpc: '2.0', id: 'p', method: 'ping' });
    c.onMessage(ping);
    expect(steps(line(c, 'debug: got initialize'))).toEqual([]);
    const answer = c.onMessage(
      classifyValue({
        jsonrpc: '2.0',
        id: 1,
        result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } },
      }),
    );
    expect(answer.some((a) => a.type === 'connected')).toBe(true);
  });
});
