/**
 * Streamable HTTP where a server could do harm or the record could mislead: an SSE answer that
 * never ends its line, a server that does the work and resets before answering, a server that
 * answers initialize as plain JSON, a handshake-only server asked for the stateless flow. Real
 * servers over loopback: the demo, server-everything, and the small fixtures of trustServers.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpEvent, UnstampedEvent } from '../protocol/envelope.js';
import { parseSessionFile } from '../protocol/sessionFile.js';
import { HttpHost } from './httpHost.js';
import { HeadlessClient } from './cli/headless.js';
import { startDemoHttp, startEverythingHttp, type RunningHttpServer } from './testing/httpServers.js';
import { startEndlessSse, startResetAfterWork } from './testing/trustServers.js';
import { runLens, STACK_TRACE } from './testing/runCli.js';
import { startHttpDemo } from '../demo/testing/httpDemo.js';

/** A host recording into a list; `ended` waits for an exchange's last event. */
function recordingHost() {
  const events: UnstampedEvent[] = [];
  const waiters: (() => void)[] = [];
  const host = new HttpHost({
    record: (e) => {
      events.push(e);
      for (const w of waiters.splice(0)) w();
    },
  });
  const ended = (conn: string, req: string): Promise<HttpEvent> =>
    new Promise((resolve) => {
      const check = (): void => {
        const found = events.find(
          (e) => e.kind === 'http' && e.conn === conn && e.req === req && (e.phase === 'end' || e.phase === 'error'),
        );
        if (found) resolve(found as HttpEvent);
        else waiters.push(check);
      };
      check();
    });
  const post = (conn: string, req: string): void =>
    host.request(conn, {
      req,
      method: 'POST',
      headers: { Accept: 'application/json, text/event-stream', 'Content-Type': 'application/json' },
      body: Buffer.from('{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"x"}}'),
    });
  return { host, events, ended, post };
}

describe('an SSE answer that never ends', () => {
  it('is closed once an event outgrows the cap, with a clear error, and the bridge goes on serving', async () => {
    const endless = await startEndlessSse();
    try {
      const { host, events, ended, post } = recordingHost();
      host.open('endless', { transport: 'http', url: endless.url, headers: {} });
      host.open('other', { transport: 'http', url: `${endless.url}/ok`, headers: {} });
      post('endless', 'r1');
      expect(await ended('endless', 'r1')).toMatchObject({
        phase: 'error',
        code: 'network',
        message: expect.stringMatching(
          /^a server-sent event grew past \d+ bytes without ending: the stream was closed and the event dropped$/,
        ),
      });
      // Nothing of the endless line was recorded as a message.
      expect(events.some((e) => e.kind === 'line' && e.conn === 'endless' && e.stream === 'stdout')).toBe(false);
      post('other', 'r2');
      expect(await ended('other', 'r2')).toMatchObject({ phase: 'end', how: 'complete' });
      post('endless', 'r3');
      host.abort('endless', 'r3', 'the test is done');
      expect(await ended('endless', 'r3')).toMatchObject({ phase: 'error', code: 'aborted' });
      await host.shutdown();
    } finally {
      await endless.close();
    }
  });
});

describe('a request whose connection drops before any answer', () => {
  let demo: RunningHttpServer;
  let dir: string;
  beforeAll(async () => {
    demo = await startDemoHttp('stateless');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-http-trust-'));
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await demo?.stop();
  });

  it('is never sent again: the server did the work once, the call fails and says why, the record holds the one attempt', async () => {
    const front = await startResetAfterWork(demo.url);
    try {
      const record = path.join(dir, 'reset.mcplens.json');
      const run = await runLens([
        'call',
        '--url',
        front.url,
        '--flow',
        'stateless',
        '--method',
        'tools/call',
        '--tool-name',
        'echo',
        '--tool-args-json',
        '{"message":"once"}',
        '--record',
        record,
      ]);
      expect(run.stderr).not.toMatch(STACK_TRACE);
      expect(front.calls()).toBe(1);
      expect(run.code, run.stderr).toBe(3);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(
        /mcp-lens call: no answer to tools\/call over HTTP: the connection closed before any answer \(.+\): the server may have read the request, so it was not sent again/,
      );
      const file = parseSessionFile(fs.readFileSync(record, 'utf8'));
      if (!file.ok) throw new Error(file.error);
      const sent = file.file.events.filter((e) => e.kind === 'line' && e.stream === 'stdin' && e.text?.includes('"tools/call"'));
      expect(sent).toHaveLength(1);
      const requests = file.file.events.filter((e) => e.kind === 'http' && e.phase === 'request');
      for (const request of requests) expect(request).toMatchObject({ headers: { Connection: 'close' } });
    } finally {
      await front.close();
    }
  });
});

describe('initialize answered as plain JSON', () => {
  it('every request after it names the negotiated version (MCP-Protocol-Version), notifications/initialized included', async () => {
    const demo = await startHttpDemo(['--flow', 'both', '--json-responses']);
    try {
      const client = new HeadlessClient({ transport: 'http', url: demo.url, headers: {} });
      expect(await client.start()).toBeUndefined();
      const connected = await client.connect('handshake', {});
      if (!connected.ok) throw new Error(connected.reason);
      const outcome = await client.session?.request('tools/list', {}).done;
      expect(outcome).toMatchObject({ kind: 'result' });
      await client.stop();
      const posts: { body: string; headers: Record<string, string> }[] = [];
      client.events.forEach((e, i) => {
        const next = client.events[i + 1];
        if (e.kind === 'http' && e.phase === 'request' && e.method === 'POST' && next?.kind === 'line')
          posts.push({ body: next.text ?? '', headers: e.headers });
      });
      expect(posts.map((p) => /"method":"([^"]+)"/.exec(p.body)?.[1])).toEqual(['initialize', 'notifications/initialized', 'tools/list']);
      const version = connected.connected.protocolVersion;
      for (const post of posts.slice(1)) expect(post.headers).toMatchObject({ 'MCP-Protocol-Version': version });
    } finally {
      await demo.close();
    }
  });
});

describe('--flow stateless against a server that only speaks the handshake', () => {
  let everything: RunningHttpServer;
  beforeAll(async () => {
    everything = await startEverythingHttp();
  });
  afterAll(async () => {
    await everything?.stop();
  });

  it('exits 1 and says why in one line, as over stdio', async () => {
    const run = await runLens(['call', '--flow', 'stateless', '--method', 'tools/list', '--url', everything.url]);
    expect(run.code, run.stderr).toBe(1);
    const reason = run.stderr
      .trim()
      .split('\n')
      .filter((l) => l.startsWith('mcp-lens call:'));
    expect(reason).toEqual([
      expect.stringMatching(
        /^mcp-lens call: this server does not speak the stateless flow \(2026-07-28\): server\/discover answered HTTP 400: .*; connect with the handshake flow$/,
      ),
    ]);
  });
});

describe('a stream MCP Lens closes itself', () => {
  let everything: RunningHttpServer;
  beforeAll(async () => {
    everything = await startEverythingHttp();
  });
  afterAll(async () => {
    await everything?.stop();
  });

  it('reads as closed by MCP Lens in the transcript, not as an HTTP failure', async () => {
    const run = await runLens(['call', '--flow', 'handshake', '--transcript', '--method', 'tools/list', '--url', everything.url]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/\[\w+\] closed by MCP Lens: the connection is closing/);
    expect(run.stderr).not.toMatch(/HTTP aborted/);
  });
});
