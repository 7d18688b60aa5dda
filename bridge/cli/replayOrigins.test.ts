/**
 * `mcp-lens replay` of connections recorded over HTTP, with a token given: each recorded URL is
 * printed before anything goes to it, and a token goes to one origin only. The demo over HTTP
 * and a second server on loopback that counts what reaches it.
 */
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLens } from '../testing/runCli.js';
import { startDemoHttp, type RunningHttpServer } from '../testing/httpServers.js';

describe('replay of a file recorded over HTTP, with a bearer token', () => {
  let demo: RunningHttpServer;
  let other: http.Server;
  let otherUrl: string;
  const reached: (string | undefined)[] = [];
  let dir: string;
  let single: string;
  beforeAll(async () => {
    demo = await startDemoHttp('stateless');
    other = http.createServer((req, res) => {
      reached.push(req.headers.authorization);
      req.resume();
      res.writeHead(500).end();
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    otherUrl = `http://127.0.0.1:${(other.address() as net.AddressInfo).port}/mcp`;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-replay-origins-'));
    single = path.join(dir, 'one.mcplens.json');
    const recorded = await runLens(['call', '--url', demo.url, '--flow', 'stateless', '--method', 'tools/list', '--record', single]);
    expect(recorded.code, recorded.stderr).toBe(0);
    process.env.LENS_REPLAY_TOKEN = 'replay-sekrit-7777';
  });
  afterAll(async () => {
    delete process.env.LENS_REPLAY_TOKEN;
    fs.rmSync(dir, { recursive: true, force: true });
    other?.closeAllConnections();
    await new Promise<void>((resolve) => (other ? other.close(() => resolve()) : resolve()));
    await demo?.stop();
  });

  it('prints the recorded URL before sending to it', async () => {
    const run = await runLens(['replay', single, '--bearer-token-env', 'LENS_REPLAY_TOKEN']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`mcp-lens replay: connection "cli": sending to ${demo.url} (its recorded URL)`);
  });

  it('refuses to send one token to connections recorded at two origins, and sends nothing', async () => {
    const file = JSON.parse(fs.readFileSync(single, 'utf8')) as {
      connections: { conn: string; config: { url: string } }[];
      events: { seq: number; conn?: string; config?: { url: string } }[];
    };
    const first = file.connections[0];
    if (!first) throw new Error('no connection recorded');
    const elsewhere = (url: string): string => (url === demo.url ? otherUrl : url);
    file.connections.push({ ...first, conn: 'cli2', config: { ...first.config, url: otherUrl } });
    const last = file.events.at(-1)?.seq ?? 0;
    file.events.push(
      ...file.events.map((e) => ({
        ...e,
        seq: e.seq + last + 1,
        conn: 'cli2',
        ...(e.config ? { config: { ...e.config, url: elsewhere(e.config.url) } } : {}),
      })),
    );
    const two = path.join(dir, 'two.mcplens.json');
    fs.writeFileSync(two, JSON.stringify(file));
    const run = await runLens(['replay', two, '--bearer-token-env', 'LENS_REPLAY_TOKEN']);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain('were recorded at 2 origins');
    expect(run.stderr).toContain('a bearer token or --header goes to one origin only');
    expect(reached).toEqual([]);
    // One connection picked: the token goes to its origin only, named first.
    const picked = await runLens(['replay', two, '--conn', 'cli2', '--bearer-token-env', 'LENS_REPLAY_TOKEN']);
    expect(picked.stderr).toContain(`sending to ${otherUrl}`);
    expect(reached.length).toBeGreaterThan(0);
  });
});
