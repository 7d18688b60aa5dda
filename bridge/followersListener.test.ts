// `--followers HOST:PORT` on the real CLI: a second listener for learners on the room's LAN. It
// serves the app's page, the tour and a read-only socket of the tour's events behind a token of
// its own; every API route, the main token and the loopback follower token are refused there,
// its token is refused on the main listener, and the main listener stays on loopback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import { BridgeClient, demoServerJs, httpGet, repoRoot } from './testing/bridgeClient.js';
import { startBin, type RunningBin } from './testing/runBin.js';

const tour = path.join(repoRoot, 'docs', 'tours', 'first-call.tour.yaml');
let bin: RunningBin;
let presenter: BridgeClient;
let link: URL;
let lanToken: string;
let lanPort: number;

beforeAll(async () => {
  bin = await startBin('bin', ['--followers', '0.0.0.0:0', '--tour', tour]);
  presenter = await BridgeClient.connect(bin);
  link = new URL(presenter.welcome.followersUrl ?? 'http://missing.invalid/');
  lanToken = new URLSearchParams(link.hash.slice(1)).get('token') ?? '';
  lanPort = Number(link.port);
}, 90_000);

afterAll(() => {
  presenter.ws.close();
  if (bin.proc.exitCode === null && bin.proc.signalCode === null) bin.proc.kill('SIGINT');
  return bin.exited.then(() => fs.rmSync(bin.home, { recursive: true, force: true }));
});

const fetchAt = (port: number, route: string, token: string, method = 'GET'): Promise<Response> =>
  fetch(`http://127.0.0.1:${port}${route}`, { method, headers: { Authorization: `Bearer ${token}` } });

function upgrade(port: number, token: string, origin?: string, host = '127.0.0.1'): Promise<'open' | number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://${host}:${port}/ws?token=${encodeURIComponent(token)}`, origin === undefined ? {} : { origin });
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

describe('the followers listener', () => {
  it('gives the presenter a link with the LAN address and a token of its own, never printed', () => {
    expect(link.protocol).toBe('http:');
    expect(['127.0.0.1', 'localhost', '[::1]']).not.toContain(link.hostname);
    expect(lanPort).not.toBe(bin.port);
    expect(link.hash).toMatch(/&follow=1$/);
    expect(lanToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect([bin.token, presenter.welcome.followerToken]).not.toContain(lanToken);
    expect(bin.stdout()).toContain(`followers: ${link.origin}/`);
    expect(bin.stdout()).not.toContain(lanToken);
    // The main bridge still listens on loopback alone.
    expect(bin.stdout()).toContain(`is running at http://127.0.0.1:${bin.port}/`);
  });

  it('serves the page under the LAN address and the tour, read-only, and no other API route', async () => {
    const page = await httpGet(lanPort, '/', { Host: link.host });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root">');
    const read = await fetchAt(lanPort, '/api/tour', lanToken);
    expect(read.status).toBe(200);
    expect(await read.text()).toContain('title:');
    const id = presenter.welcome.session;
    const routes = [
      '/api/health',
      '/api/session',
      '/api/sessions',
      `/api/sessions/${id}/journal`,
      `/api/sessions/${id}/index`,
      '/api/view',
    ];
    for (const route of routes) {
      expect((await fetchAt(lanPort, route, lanToken)).status, route).toBe(403);
      // Neither of the main listener's tokens opens anything here.
      expect((await fetchAt(lanPort, route, bin.token)).status, route).toBe(401);
      expect((await fetchAt(lanPort, route, presenter.welcome.followerToken ?? '')).status, route).toBe(401);
    }
    expect((await fetchAt(lanPort, '/api/tour', bin.token)).status).toBe(401);
    expect((await fetchAt(lanPort, `/api/sessions/${id}/index?journalBytes=1&offset=0`, lanToken, 'PUT')).status).toBe(403);
    // And its token opens nothing on the main listener.
    expect((await fetchAt(bin.port, '/api/tour', lanToken)).status).toBe(401);
    expect((await fetchAt(bin.port, '/api/session', lanToken)).status).toBe(401);
  });

  it("opens a socket with its own token alone, from the page's own origin", async () => {
    // As a learner's browser does: at the LAN address, from the page it loaded there.
    expect(await upgrade(lanPort, lanToken, `http://${link.host}`, link.hostname)).toBe('open');
    expect(await upgrade(lanPort, lanToken, `http://127.0.0.1:${lanPort}`)).toBe('open');
    expect(await upgrade(lanPort, lanToken, 'http://evil.example')).toBe(403);
    expect(await upgrade(lanPort, bin.token, `http://${link.host}`)).toBe(401);
    expect(await upgrade(lanPort, presenter.welcome.followerToken ?? '', `http://${link.host}`)).toBe(401);
    expect(await upgrade(bin.port, lanToken)).toBe(401);
  });

  it("refuses every frame that would act and shows the tour's events", async () => {
    const learner = await BridgeClient.connect({ port: lanPort, token: lanToken });
    try {
      expect(learner.welcome.readOnly).toBe(true);
      expect(learner.welcome.followerToken).toBeUndefined();
      expect(learner.welcome.followersUrl).toBeUndefined();
      expect(JSON.stringify(learner.welcome)).not.toContain(bin.token);
      learner.send({ type: 'spawn', conn: 'intruder', config: { command: process.execPath, args: [demoServerJs] } });
      learner.send({ type: 'send', conn: 'demo', text: '{}' });
      learner.send({ type: 'stop', conn: 'demo' });
      learner.send({ type: 'note', topic: 'tour.step', data: { index: 9 } });
      learner.send({ type: 'watch', conns: ['demo'] });
      learner.send({ type: 'http', conn: 'demo', req: 'r1', method: 'POST', headers: {}, text: '{}' });
      await learner.waitFor(() => learner.rejected.length === 6, { what: 'six refusals' });
      expect(learner.rejected.every((m) => m.endsWith('refused: this page follows with a read-only link, it cannot act'))).toBe(true);

      const from = learner.mark();
      presenter.send({ type: 'note', topic: 'tour.step', data: { run: 'r', title: 'T', index: 0, total: 1, conns: { d: 'demo' } } });
      await presenter.spawn('demo', { command: process.execPath, args: [demoServerJs] });
      await presenter.spawn('own', { command: process.execPath, args: [demoServerJs] });
      presenter.send({
        type: 'send',
        conn: 'demo',
        text: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: {} }),
      });
      await learner.waitForLine('demo', 'stdout', '"id":1', { from });
      expect(learner.events.filter((e) => e.conn === 'own' || e.conn === 'intruder')).toEqual([]);
    } finally {
      learner.ws.close();
      presenter.send({ type: 'stop', conn: 'demo' });
      presenter.send({ type: 'stop', conn: 'own' });
    }
  });
});
