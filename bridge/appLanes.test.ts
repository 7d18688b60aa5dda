// An MCP App's lane and the sandbox it renders in, against a real bridge: the lane journals what
// the app and MCP Lens said, refuses what is meant for a server, and the sandbox's one page is
// served only under its own origin's Host, with the app's CSP as a header and only the bridge's
// origins allowed to frame it.
import { afterEach, describe, expect, it } from 'vitest';
import path from 'node:path';
import { BridgeClient, eventually, httpGet, repoRoot, startTestBridge, type TestBridge } from './testing/bridgeClient.js';

let running: TestBridge | undefined;
afterEach(async () => {
  await running?.dispose();
  running = undefined;
});

async function bridgeAndClient(): Promise<{ lens: TestBridge; client: BridgeClient }> {
  running = await startTestBridge();
  const client = await BridgeClient.connect(running.bridge);
  return { lens: running, client };
}

describe('an MCP App lane', () => {
  it('journals the app’s messages as lines of its own connection, the app’s on stdin', async () => {
    const { client } = await bridgeAndClient();
    client.send({
      type: 'app-open',
      conn: 'a1-test',
      config: { transport: 'app', uri: 'ui://demo/counter.html', of: 'c1-x', tool: 'counter' },
    });
    client.send({
      type: 'app-line',
      conn: 'a1-test',
      dir: 'from-app',
      text: '{"jsonrpc":"2.0","id":1,"method":"ui/initialize","params":{}}',
    });
    client.send({ type: 'app-line', conn: 'a1-test', dir: 'to-app', text: '{"jsonrpc":"2.0","id":1,"result":{}}' });
    client.send({ type: 'app-close', conn: 'a1-test', reason: 'closed' });
    const exit = await client.waitForEvent((e) => e.conn === 'a1-test' && e.kind === 'exit');
    expect(exit).toMatchObject({ code: 0, requested: true });
    const lane = client.events.filter((e) => e.conn === 'a1-test');
    expect(lane[0]).toMatchObject({ kind: 'spawn', config: { transport: 'app', uri: 'ui://demo/counter.html', of: 'c1-x' } });
    expect(lane.filter((e) => e.kind === 'line').map((e) => (e.kind === 'line' ? [e.stream, e.text] : []))).toEqual([
      ['stdin', '{"jsonrpc":"2.0","id":1,"method":"ui/initialize","params":{}}'],
      ['stdout', '{"jsonrpc":"2.0","id":1,"result":{}}'],
    ]);
    expect(client.rejected).toEqual([]);
  });

  it('refuses a server’s commands on a lane, an app’s line on a server’s connection, and a second lane of one id', async () => {
    const { client } = await bridgeAndClient();
    client.send({ type: 'app-open', conn: 'a1-test', config: { transport: 'app', uri: 'ui://x', of: 'c1-x' } });
    client.send({ type: 'send', conn: 'a1-test', text: '{}' });
    client.send({ type: 'stop', conn: 'a1-test' });
    client.send({ type: 'app-line', conn: 'c1-x', dir: 'from-app', text: '{}' });
    client.send({ type: 'app-open', conn: 'a1-test', config: { transport: 'app', uri: 'ui://x', of: 'c1-x' } });
    client.send({ type: 'app-line', conn: 'a1-test', dir: 'from-app', text: '{"a":1}\n{"b":2}' });
    expect(await eventually(() => client.rejected.length >= 5, 5000)).toBe(true);
    expect(client.rejected.join('\n')).toMatch(/send refused: a1-test is an MCP App's lane/);
    expect(client.rejected.join('\n')).toMatch(/stop refused: a1-test is an MCP App's lane/);
    expect(client.rejected.join('\n')).toMatch(/app-line refused: c1-x is not an open app lane/);
    expect(client.rejected.join('\n')).toMatch(/app-open refused: a1-test is already/);
    expect(client.rejected.join('\n')).toMatch(/a message is one line/);
  });
});

describe('the MCP Apps sandbox', () => {
  it('listens on its own port, serves the proxy with the app’s CSP and lets only the bridge’s origins frame it', async () => {
    const { lens, client } = await bridgeAndClient();
    const origin = lens.bridge.appSandbox ?? '';
    expect(client.welcome.appSandbox).toBe(origin);
    const port = Number(new URL(origin).port);
    expect(port).not.toBe(lens.bridge.port);
    const csp = encodeURIComponent(JSON.stringify({ connectDomains: ['https://api.example.com', "'unsafe-eval' https://evil"] }));
    const page = await httpGet(port, `/sandbox?csp=${csp}`, { host: `127.0.0.1:${port}` });
    expect(page.status).toBe(200);
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("connect-src 'self' https://api.example.com;");
    expect(policy).not.toContain('evil');
    expect(policy).toContain(`frame-ancestors http://127.0.0.1:${lens.bridge.port} http://localhost:${lens.bridge.port}`);
    expect(page.body).toContain('ui/notifications/sandbox-proxy-ready');
    // No declared CSP: the extension's default, reaching nothing.
    const bare = await httpGet(port, '/sandbox', { host: `127.0.0.1:${port}` });
    expect(String(bare.headers['content-security-policy'])).toContain("connect-src 'none'");
    // Another Host (a rebinding name) and any other path get nothing.
    expect((await httpGet(port, '/sandbox', { host: `evil.example:${port}` })).status).toBe(403);
    expect((await httpGet(port, '/api/session', { host: `127.0.0.1:${port}` })).status).toBe(404);
  });

  it('lets the app page frame the sandbox origin and nothing else', async () => {
    running = await startTestBridge({ staticDir: path.join(repoRoot, 'dist', 'web') });
    const { bridge } = running;
    const index = await httpGet(bridge.port, '/', { host: `127.0.0.1:${bridge.port}` });
    expect(index.status).toBe(200);
    expect(String(index.headers['content-security-policy'])).toContain(`frame-src 'self' ${bridge.appSandbox ?? 'no sandbox'};`);
  });
});
