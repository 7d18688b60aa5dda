import { describe, it, expect, beforeAll, afterAll, vi } from 'vitest';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createBridge } from './createBridge.js';
import { BridgeClient, httpGet, startTestBridge, type TestBridge } from './testing/bridgeClient.js';
import { VERSION } from './version.js';

/** Status of a raw WebSocket upgrade request: 101 when let in, else the refusal. */
function upgradeStatus(port: number, pathname: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1',
      port,
      path: pathname,
      agent: false,
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Key': randomBytes(16).toString('base64'),
        'Sec-WebSocket-Version': '13',
        ...headers,
      },
    });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve(res.statusCode ?? 0);
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The token with its last character replaced by a different one: as long as the token, never equal to it. */
function changeLast(token: string): string {
  return token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
}

/** Whether a TCP connection to host:port succeeds. */
function canConnect(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    // Refusals come at once; the long wait only guards a loaded machine's slow accept.
    socket.setTimeout(15_000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('createBridge: the gate', () => {
  let t: TestBridge;
  let port: number;
  let token: string;
  let servers: http.Server[] = [];

  beforeAll(async () => {
    const createServer = http.createServer.bind(http);
    const spy = vi.spyOn(http, 'createServer').mockImplementation(((...args: Parameters<typeof http.createServer>) => {
      const server = createServer(...args);
      servers.push(server);
      return server;
    }) as typeof http.createServer);
    try {
      t = await startTestBridge();
    } finally {
      spy.mockRestore();
    }
    ({ port, token } = t.bridge);
  });

  afterAll(async () => {
    await t.dispose();
    servers = [];
  });

  it('gives a url with the port and the token', () => {
    expect(port).toBeGreaterThan(0);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(t.bridge.url).toBe(`http://127.0.0.1:${port}/#token=${token}`);
  });

  it('answers /ws without a token with 401', async () => {
    expect(await upgradeStatus(port, '/ws')).toBe(401);
  });

  it('answers /ws with a wrong token with 401', async () => {
    // Wrong whatever the random token is: replacing the last character with a fixed one gave
    // the token itself whenever it already ended in that character (1 run in 64).
    const wrong = [changeLast(token), `${token}x`, token.slice(0, -1)];
    for (const candidate of wrong) {
      expect(candidate).not.toBe(token);
      expect(await upgradeStatus(port, `/ws?token=${encodeURIComponent(candidate)}`), candidate).toBe(401);
    }
    expect(await upgradeStatus(port, '/ws?token=')).toBe(401);
  });

  it('answers a foreign Origin with 403, even with the token', async () => {
    expect(await upgradeStatus(port, `/ws?token=${token}`, { Origin: 'http://evil.example' })).toBe(403);
    expect(await upgradeStatus(port, `/ws?token=${token}`, { Origin: 'null' })).toBe(403);
  });

  it('answers a foreign Host with 403, even with the token (DNS rebinding)', async () => {
    expect(await upgradeStatus(port, `/ws?token=${token}`, { Host: `evil.example:${port}` })).toBe(403);
  });

  it('lets the token with its own origin in (101)', async () => {
    expect(await upgradeStatus(port, `/ws?token=${token}`, { Origin: `http://127.0.0.1:${port}` })).toBe(101);
    expect(await upgradeStatus(port, `/ws?token=${token}`, { Origin: `http://localhost:${port}`, Host: `localhost:${port}` })).toBe(101);
  });

  it('lets a client without Origin (not a browser) in with the token (101)', async () => {
    expect(await upgradeStatus(port, `/ws?token=${token}`)).toBe(101);
  });

  it('answers an upgrade on any other path with 404', async () => {
    expect(await upgradeStatus(port, `/other?token=${token}`)).toBe(404);
  });

  it('sends a welcome frame to an admitted socket', async () => {
    const client = await BridgeClient.connect(t.bridge, { attach: false, origin: `http://127.0.0.1:${port}` });
    try {
      expect(client.welcome).toMatchObject({ type: 'welcome', session: t.bridge.session, version: VERSION });
      expect(client.welcome.lastSeq).toBeGreaterThanOrEqual(0);
      expect(client.welcome.defaultServer).toEqual({ command: process.execPath, args: [], env: {} });
    } finally {
      await client.close();
    }
  });

  it('closes the door on a real WebSocket client from a foreign origin or without the token', async () => {
    await expect(BridgeClient.connect(t.bridge, { origin: 'http://evil.example' })).rejects.toThrow('upgrade refused: 403');
    await expect(BridgeClient.connect({ port, token: 'wrong' })).rejects.toThrow('upgrade refused: 401');
  });

  it('serves /api/health without a token', async () => {
    const res = await httpGet(port, '/api/health');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ ok: true, name: 'mcp-lens', version: VERSION });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('refuses /api/health for a foreign Host', async () => {
    expect((await httpGet(port, '/api/health', { Host: `evil.example:${port}` })).status).toBe(403);
  });

  it('answers /api/session with 401 without the bearer token and 200 with it', async () => {
    expect((await httpGet(port, '/api/session')).status).toBe(401);
    expect((await httpGet(port, '/api/session', { Authorization: 'Bearer wrong' })).status).toBe(401);
    expect((await httpGet(port, `/api/session?token=${token}`)).status).toBe(401);
    const res = await httpGet(port, '/api/session', { Authorization: `Bearer ${token}` });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ session: t.bridge.session, journalFile: t.bridge.journalFile });
  });

  it('answers unknown API routes with 404 (after the token) and bad session ids with 400', async () => {
    const auth = { Authorization: `Bearer ${token}` };
    expect((await httpGet(port, '/api/nope')).status).toBe(401);
    expect((await httpGet(port, '/api/nope', auth)).status).toBe(404);
    expect((await httpGet(port, '/api/sessions/..%2F..%2Fetc%2Fpasswd/journal', auth)).status).toBe(400);
    expect((await httpGet(port, '/api/sessions/2020-01-01T00-00-00-000-abcdef/journal', auth)).status).toBe(404);
  });

  it('answers other methods on the API with a JSON 404, the connection kept', async () => {
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const res = await fetch(`http://127.0.0.1:${port}/api/session`, { method, headers: { Authorization: `Bearer ${token}` } });
      expect([method, res.status, await res.json()]).toEqual([method, 404, { error: 'no such route' }]);
    }
  });

  it('lists journals it can read and names those it cannot (a dangling link), with no path or stack', async () => {
    const dangling = path.join(t.home, 'journal', '2020-01-01T00-00-00-000-abcdef.jsonl');
    fs.symlinkSync(path.join(t.home, 'no-such-file'), dangling);
    try {
      const res = await httpGet(port, '/api/sessions', { Authorization: `Bearer ${token}` });
      expect(res.status).toBe(200);
      const body = JSON.parse(res.body) as { sessions: Array<{ session: string }>; unreadable: string[] };
      expect(body.sessions.map((s) => s.session)).toContain(t.bridge.session);
      expect(body.unreadable).toEqual(['2020-01-01T00-00-00-000-abcdef.jsonl']);
      expect(res.body).not.toContain(t.home);
    } finally {
      fs.rmSync(dangling);
    }
  });

  it('listens on 127.0.0.1 only, the MCP Apps sandbox too', async () => {
    // The bridge's port and the sandbox's second one.
    expect(servers).toHaveLength(2);
    const addresses = servers.map((s) => s.address() as AddressInfo);
    expect(addresses[0]).toMatchObject({ address: '127.0.0.1', family: 'IPv4', port });
    expect(addresses[1]).toMatchObject({ address: '127.0.0.1', family: 'IPv4', port: Number(new URL(t.bridge.appSandbox ?? '').port) });
    const external = Object.values(os.networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal);
    for (const { port: listening } of addresses) {
      expect(await canConnect('127.0.0.1', listening)).toBe(true);
      // Bound to 127.0.0.1 itself, not to the whole loopback net nor to every interface.
      if (process.platform === 'linux') expect(await canConnect('127.0.0.2', listening)).toBe(false);
      if (external) expect(await canConnect(external.address, listening)).toBe(false);
    }
  });

  it('refuses to listen beyond loopback without the dangerous flag', async () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-test-'));
    try {
      await expect(createBridge({ port: 0, host: '0.0.0.0', home }).listen()).rejects.toThrow(/refusing to listen on 0\.0\.0\.0/);
      await expect(createBridge({ port: 0, host: '192.168.1.10', home }).listen()).rejects.toThrow(/dangerously-listen-beyond-loopback/);
      // Nothing was started: no journal was written.
      expect(fs.existsSync(path.join(home, 'journal'))).toBe(false);
    } finally {
      fs.rmSync(home, { recursive: true, force: true });
    }
  });

  it('accepts any loopback name', async () => {
    const other = await startTestBridge({ host: 'localhost' });
    try {
      expect(other.bridge.url).toBe(`http://localhost:${other.bridge.port}/#token=${other.bridge.token}`);
      expect((await httpGet(other.bridge.port, '/api/health', { Host: `localhost:${other.bridge.port}` }, 'localhost')).status).toBe(200);
    } finally {
      await other.dispose();
    }
  });

  it('works when bound to ::1: the url points there and its Host is allowed', async (ctx) => {
    const probe = net.createServer();
    const hasIpv6 = await new Promise<boolean>((resolve) => {
      probe.once('error', () => resolve(false));
      probe.listen(0, '::1', () => probe.close(() => resolve(true)));
    });
    if (!hasIpv6) ctx.skip();
    const v6 = await startTestBridge({ host: '::1' });
    try {
      const { port, token } = v6.bridge;
      expect(v6.bridge.url).toBe(`http://[::1]:${port}/#token=${token}`);
      const health = await httpGet(port, '/api/health', {}, '::1'); // Node sends Host: [::1]:<port>
      expect(health.status).toBe(200);
      const session = await httpGet(port, '/api/session', { Authorization: `Bearer ${token}` }, '::1');
      expect(session.status).toBe(200);
      expect((await httpGet(port, '/api/health', { Host: `evil.example:${port}` }, '::1')).status).toBe(403);
    } finally {
      await v6.dispose();
    }
  });
});
