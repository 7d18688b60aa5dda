// The follower link on the real CLI: a second, read-only token minted at start. A socket
// opened with it receives every event as the presenter's does, and each frame that would act
// is refused with a message; the API answers it what it reads and nothing it writes.
import { afterAll, beforeAll, describe, it, expect } from 'vitest';
import fs from 'node:fs';
import WebSocket from 'ws';
import { BridgeClient, demoServerJs, httpGet } from './testing/bridgeClient.js';
import { startBin, type RunningBin } from './testing/runBin.js';

let bin: RunningBin;
let presenter: BridgeClient;

beforeAll(async () => {
  bin = await startBin('bin');
  presenter = await BridgeClient.connect(bin);
}, 90_000);

afterAll(() => {
  presenter.ws.close();
  if (bin.proc.exitCode === null && bin.proc.signalCode === null) bin.proc.kill('SIGINT');
  return bin.exited.then(() => fs.rmSync(bin.home, { recursive: true, force: true }));
});

const api = (path: string, token: string, method = 'GET'): Promise<Response> =>
  fetch(`http://127.0.0.1:${bin.port}${path}`, { method, headers: { Authorization: `Bearer ${token}` } });

/** Whether the upgrade with this token and Origin is let in, or its status. */
function upgrade(token: string, origin: string): Promise<'open' | number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${bin.port}/ws?token=${encodeURIComponent(token)}`, { origin });
    ws.once('open', () => {
      ws.close();
      resolve('open');
    });
    ws.once('unexpected-response', (_req, res) => {
      ws.terminate();
      resolve(res.statusCode ?? 0);
    });
    ws.on('error', () => undefined);
  });
}

describe('the follower token', () => {
  it('is given to a full socket in its welcome, differs from the full token, and is not printed', () => {
    const followerToken = presenter.welcome.followerToken;
    expect(followerToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(followerToken).not.toBe(bin.token);
    expect(presenter.welcome.readOnly).toBeUndefined();
    // And how to start the demo server beside the bridge, for a tour on it.
    expect(presenter.welcome.demoServer).toEqual({ command: process.execPath, args: [demoServerJs] });
    expect(bin.stdout()).not.toContain(followerToken);
  });

  it('opens a socket that receives the events and refuses every frame that acts, each with a message', async () => {
    const followerToken = presenter.welcome.followerToken ?? '';
    const follower = await BridgeClient.connect({ port: bin.port, token: followerToken });
    try {
      // Told it is read-only, and never given the full token or one of its own to pass on.
      expect(follower.welcome.readOnly).toBe(true);
      expect(follower.welcome.followerToken).toBeUndefined();
      expect(follower.welcome.demoServer).toBeUndefined();
      expect(JSON.stringify(follower.welcome)).not.toContain(bin.token);

      follower.send({ type: 'spawn', conn: 'intruder', config: { command: process.execPath, args: [demoServerJs] } });
      follower.send({ type: 'send', conn: 'intruder', text: '{}' });
      follower.send({ type: 'stop', conn: 'demo' });
      follower.send({ type: 'note', topic: 'tour.step', data: { index: 9 } });
      follower.send({ type: 'watch', conns: ['demo'] });
      await follower.waitFor(() => follower.rejected.length === 5, { what: 'five refusals' });
      expect(follower.rejected).toEqual(
        ['spawn', 'send', 'stop', 'note', 'watch'].map((type) => `${type} refused: this page follows with a read-only link, it cannot act`),
      );

      // What the presenter does reaches the follower, in order, after everything it tried:
      // had any of those frames acted, its event would come first.
      const from = follower.mark();
      await presenter.spawn('demo', { command: process.execPath, args: [demoServerJs] });
      presenter.send({ type: 'note', topic: 'tour.step', data: { index: 1 } });
      presenter.send({
        type: 'send',
        conn: 'demo',
        text: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: {} }),
      });
      await follower.waitForLine('demo', 'stdout', '"id":1', { from });
      await follower.waitForEvent((e) => e.kind === 'note' && e.topic === 'tour.step', { from });
      expect(follower.events.filter((e) => e.conn === 'intruder')).toEqual([]);
      expect(follower.events.filter((e) => e.kind === 'note' && JSON.stringify(e.data).includes('9'))).toEqual([]);
      expect(follower.events.some((e) => e.kind === 'spawn' && e.conn === 'demo')).toBe(true);
      expect(follower.closed).toBe(false);
    } finally {
      follower.ws.close();
      presenter.send({ type: 'stop', conn: 'demo' });
    }
  });

  it('passes the same Origin and Host checks as the full token', async () => {
    const followerToken = presenter.welcome.followerToken ?? '';
    expect(await upgrade(followerToken, `http://127.0.0.1:${bin.port}`)).toBe('open');
    expect(await upgrade(followerToken, 'http://evil.example')).toBe(403);
    expect(await upgrade(`${followerToken}x`, `http://127.0.0.1:${bin.port}`)).toBe(401);
    const wrongHost = await httpGet(bin.port, '/api/session', {
      Authorization: `Bearer ${followerToken}`,
      Host: `evil.example:${bin.port}`,
    });
    expect(wrongHost.status).toBe(403);
  });

  it('reads the API and writes nothing through it', async () => {
    const followerToken = presenter.welcome.followerToken ?? '';
    const session = await api('/api/session', followerToken);
    expect(session.status).toBe(200);
    const { session: id } = (await session.json()) as { session: string };
    expect((await api(`/api/sessions/${id}/journal`, followerToken)).status).toBe(200);
    const write = await api(`/api/sessions/${id}/index?journalBytes=1&offset=0`, followerToken, 'PUT');
    expect(write.status).toBe(403);
    expect(await write.json()).toEqual({ error: 'a follower link is read-only' });
    expect((await api('/api/session', 'not-a-token')).status).toBe(401);
  });
});
