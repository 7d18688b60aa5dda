// The follower link on the real CLI: a second, read-only token minted at start. A socket
// opened with it receives the tour (its notes) and the tour's connections, nothing else of the
// session, and each frame that would act is refused with a message; the API answers it the tour
// alone.
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

      // What the presenter does on the tour reaches the follower, in order, after everything it
      // tried: had any of those frames acted, its event would come first. The tour's connection
      // is named in a tour note before it starts.
      const from = follower.mark();
      presenter.send({ type: 'note', topic: 'tour.step', data: { run: 'r', title: 'T', index: 0, total: 1, conns: { d: 'demo' } } });
      await presenter.spawn('demo', { command: process.execPath, args: [demoServerJs] });
      // A connection of the presenter's own, and a note of another feature's: none of the follower's business.
      await presenter.spawn('own', { command: process.execPath, args: [demoServerJs] });
      presenter.send({ type: 'note', topic: 'compare.start', data: { id: 'c' } });
      presenter.send({ type: 'send', conn: 'own', text: JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'server/discover', params: {} }) });
      await presenter.waitForLine('own', 'stdout', '"id":5');
      presenter.send({
        type: 'send',
        conn: 'demo',
        text: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: {} }),
      });
      presenter.send({ type: 'note', topic: 'tour.step', data: { run: 'r', title: 'T', index: 1, total: 2, conns: { d: 'demo' } } });
      await follower.waitForLine('demo', 'stdout', '"id":1', { from });
      await follower.waitForEvent((e) => e.kind === 'note' && e.topic === 'tour.step' && JSON.stringify(e.data).includes('"index":1'), {
        from,
      });
      expect(follower.events.filter((e) => e.conn === 'intruder')).toEqual([]);
      expect(follower.events.filter((e) => e.kind === 'note' && JSON.stringify(e.data).includes('9'))).toEqual([]);
      expect(follower.events.some((e) => e.kind === 'spawn' && e.conn === 'demo')).toBe(true);
      expect(follower.events.filter((e) => (e.kind === 'note' ? !e.topic.startsWith('tour.') : e.conn !== 'demo'))).toEqual([]);
      expect(follower.closed).toBe(false);

      // A follower that comes later is told where the tour's events end, and has caught up once it holds them.
      const late = await BridgeClient.connect({ port: bin.port, token: followerToken });
      try {
        const last = follower.events.at(-1)?.seq ?? -1;
        expect(late.welcome.lastSeq).toBe(last);
        await late.waitFor(() => late.events.at(-1)?.seq === last, { what: 'the backlog of the tour' });
        expect(late.events.map((e) => e.seq)).toEqual(follower.events.map((e) => e.seq));
      } finally {
        late.ws.close();
      }
    } finally {
      follower.ws.close();
      presenter.send({ type: 'stop', conn: 'demo' });
      presenter.send({ type: 'stop', conn: 'own' });
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

  it('reads the tour alone through the API: no session, no list, no journal, nothing written', async () => {
    const followerToken = presenter.welcome.followerToken ?? '';
    const id = presenter.welcome.session;
    for (const route of ['/api/session', '/api/sessions', `/api/sessions/${id}/journal`, `/api/sessions/${id}/index`]) {
      const answer = await api(route, followerToken);
      expect(answer.status, route).toBe(403);
      expect(await answer.json()).toEqual({ error: 'a follower link shows the tour alone' });
    }
    // The tour is the follower's to read (this bridge was started without one).
    expect((await api('/api/tour', followerToken)).status).toBe(404);
    expect((await api('/api/session', bin.token)).status).toBe(200);
    const write = await api(`/api/sessions/${id}/index?journalBytes=1&offset=0`, followerToken, 'PUT');
    expect(write.status).toBe(403);
    expect(await write.json()).toEqual({ error: 'a follower link is read-only' });
    expect((await api('/api/session', 'not-a-token')).status).toBe(401);
  });
});
