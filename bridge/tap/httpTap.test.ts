/**
 * The HTTP tap between a client and real servers: what the client gets through it is what it
 * gets without it, byte for byte, a stream's first event before the stream ends; what it records
 * reads as the bridge's own HTTP record (the session model pairs it), with the token masked.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BridgeEvent } from '../../protocol/envelope.js';
import { SessionModel } from '../../protocol/session.js';
import { parseSessionFile } from '../../protocol/sessionFile.js';
import { readTapEvent, tapConnId } from '../../protocol/tap/tapFrames.js';
import { startDemoHttp, startEverythingHttp, startEverythingSse, type RunningHttpServer } from '../testing/httpServers.js';
import { binJs, runLens, STACK_TRACE } from '../testing/runCli.js';
import { lineEvent } from '../lineRecord.js';
import { startHttpTapProxy } from './httpTapProxy.js';
import type { TapRecorder, TapUnstamped } from './types.js';

const TOKEN = 'tap-sekrit-5151515151';
const TAP = { id: 'abcdef0123', pid: process.pid, via: 'http' as const };

/** A recorder that keeps what it is given, each event checked as the bridge checks a tap's. */
function memoryRecorder(): TapRecorder & {
  events: BridgeEvent[];
  invalid: string[];
  recorded: (test: (e: BridgeEvent) => boolean) => Promise<BridgeEvent>;
} {
  const conn = tapConnId(TAP.id);
  const events: BridgeEvent[] = [];
  const invalid: string[] = [];
  const waiting = new Set<() => void>();
  const record = (event: TapUnstamped, at = performance.timeOrigin + performance.now()): void => {
    const read = readTapEvent({ at, event: event as Record<string, unknown> }, conn);
    if (!read.ok) invalid.push(read.error);
    else events.push({ ...read.event, seq: events.length + 1 });
    for (const wake of [...waiting]) wake();
  };
  return {
    conn,
    events,
    invalid,
    record,
    line: (stream, bytes, eol, at) => {
      const { conn: _conn, ...event } = lineEvent(conn, stream, bytes, eol) as TapUnstamped & { conn: string };
      record(event, at);
    },
    close: () => Promise.resolve(),
    recorded: (test) =>
      new Promise((resolve) => {
        const check = (): void => {
          const found = events.find(test);
          if (!found) return;
          waiting.delete(check);
          resolve(found);
        };
        waiting.add(check);
        check();
      }),
  };
}

interface Answer {
  status: number;
  statusMessage: string;
  /** Raw header pairs, but for those that describe one hop. */
  headers: string[];
  body: Buffer;
}

const ONE_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding']);

/** One request by hand, read to its end; `onChunk` sees each body chunk as it comes. */
function request(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
  onChunk?: (soFar: Buffer) => void,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent: false }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (chunk: Buffer) => {
        parts.push(chunk);
        onChunk?.(Buffer.concat(parts));
      });
      res.on('end', () => {
        const kept: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          if (!ONE_HOP.has((res.rawHeaders[i] ?? '').toLowerCase())) kept.push(res.rawHeaders[i] ?? '', res.rawHeaders[i + 1] ?? '');
        resolve({ status: res.statusCode ?? 0, statusMessage: res.statusMessage ?? '', headers: kept, body: Buffer.concat(parts) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * A server answering as MCP servers do, in fixed bytes: a JSON answer that echoes what it was
 * sent (the Host it saw, the Authorization, the body), a 401 with a challenge, a stream that sends
 * one event and holds the next until the test lets it go, a DELETE. No Date, so answers compare.
 */
function startFixture(): Promise<{ url: string; release: () => void; close: () => Promise<void>; seen: string[] }> {
  let gate: () => void = () => undefined;
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    res.sendDate = false;
    seen.push(`${req.method ?? ''} ${req.headers.host ?? ''}`);
    const parts: Buffer[] = [];
    req.on('data', (chunk: Buffer) => parts.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(parts).toString('utf8');
      if (req.method === 'POST' && req.url === '/mcp/denied') {
        res.writeHead(401, 'Unauthorized', [
          'WWW-Authenticate',
          'Bearer resource_metadata="https://auth.example/.well-known/oauth-protected-resource"',
          'Content-Type',
          'application/json',
        ]);
        return res.end('{"error":"invalid_token"}');
      }
      if (req.method === 'POST') {
        const id = (JSON.parse(body) as { id?: number }).id ?? null;
        const answer = JSON.stringify({
          jsonrpc: '2.0',
          id,
          result: { host: req.headers.host, authorization: req.headers.authorization ?? null, sent: body },
        });
        res.writeHead(200, 'OK', [
          'Content-Type',
          'application/json',
          'Mcp-Session-Id',
          'session-77',
          'Set-Cookie',
          'a=1; Path=/',
          'Set-Cookie',
          'b=2; Path=/',
          'X-Fixture',
          'yes',
        ]);
        return res.end(answer);
      }
      if (req.method === 'GET') {
        res.writeHead(200, ['Content-Type', 'text/event-stream', 'Cache-Control', 'no-cache', 'Mcp-Session-Id', 'session-77']);
        res.write(`id: e1\nevent: message\ndata: {"jsonrpc":"2.0","method":"notifications/message","params":{"n":1}}\n\n`);
        gate = () => {
          res.write(`: a comment\r\nid: e2\r\ndata: {"jsonrpc":"2.0",\r\ndata: "method":"notifications/message","params":{"n":2}}\r\n\r\n`);
          res.end();
        };
        return;
      }
      res.writeHead(200, ['Content-Length', '0']);
      res.end();
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/mcp`,
        release: () => gate(),
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
        seen,
      });
    });
  });
}

/** A stream read until its first event is in; the rest once the test lets the server go on. */
async function readGatedStream(url: string, release: () => void): Promise<{ first: Buffer; whole: Answer }> {
  let first: ((bytes: Buffer) => void) | undefined;
  const firstEvent = new Promise<Buffer>((resolve) => (first = resolve));
  const whole = request(url, 'GET', { Accept: 'text/event-stream', Authorization: `Bearer ${TOKEN}` }, undefined, (soFar) => {
    if (soFar.includes('\n\n')) first?.(soFar);
  });
  const bytes = await firstEvent;
  release();
  return { first: bytes, whole: await whole };
}

/**
 * A record folded by the app's session model: each request (who sent it, its method, what became
 * of it), then each lint finding's rule.
 */
function foldOf(events: readonly BridgeEvent[]): string[] {
  const model = new SessionModel();
  // Before the exit, which would leave a request still open as orphaned rather than pending.
  for (const event of events) if (event.kind !== 'exit') model.apply(event);
  // The client's own exchanges, and which rules fired: what a server sends of its own accord (a
  // log line, a request of its own) depends on timing, and two calls run side by side here.
  const exchanges = [...model.exchanges.exchanges.values()]
    .filter((e) => e.from === 'client')
    .map((e) => `${e.from} ${e.method} ${e.status}`);
  const findings = new Set([...model.findingsBySeq.values()].flat().map((f) => `lint ${f.rule}`));
  return [...exchanges.sort(), ...[...findings].sort()];
}

describe('mcp-lens tap --url', () => {
  let fixture: Awaited<ReturnType<typeof startFixture>>;
  let demo: RunningHttpServer;
  let everything: RunningHttpServer;
  let everythingSse: RunningHttpServer;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-http-tap-'));
    [fixture, demo, everything, everythingSse] = await Promise.all([
      startFixture(),
      startDemoHttp('both'),
      startEverythingHttp(),
      startEverythingSse(),
    ]);
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await Promise.all([fixture?.close(), demo?.stop(), everything?.stop(), everythingSse?.stop()]);
  });

  it('passes requests, answers and a stream through unchanged, the first event before the stream ends, and records them masked', async () => {
    const recorder = memoryRecorder();
    const proxy = await startHttpTapProxy({ url: fixture.url, listen: { host: '127.0.0.1', port: 0 }, recorder, tap: TAP });
    const via = (url: string): string => url.replace(/^http:\/\/[^/]+/, `http://127.0.0.1:${proxy.port}`);
    try {
      expect(proxy.hostUrl).toBe(`http://127.0.0.1:${proxy.port}/mcp`);
      const post = (url: string): Promise<Answer> =>
        request(
          url,
          'POST',
          { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', Authorization: `Bearer ${TOKEN}` },
          '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
        );
      const direct = await post(fixture.url);
      const proxied = await post(via(fixture.url));
      expect(proxied).toEqual(direct);
      // The upstream saw its own name as Host, and the token.
      expect(JSON.parse(proxied.body.toString()).result).toMatchObject({
        host: new URL(fixture.url).host,
        authorization: `Bearer ${TOKEN}`,
      });
      const denied = (url: string): Promise<Answer> =>
        request(url, 'POST', { 'Content-Type': 'application/json' }, '{"jsonrpc":"2.0","id":2}');
      expect(await denied(via(`${fixture.url}/denied`))).toEqual(await denied(`${fixture.url}/denied`));

      const streamDirect = await readGatedStream(fixture.url, fixture.release);
      // Through the tap, the first event arrives while the server still holds the second.
      const streamProxied = await readGatedStream(via(fixture.url), fixture.release);
      expect(streamProxied.first.toString()).toContain('"n":1');
      expect(streamProxied.first.toString()).not.toContain('"n":2');
      expect(streamProxied.whole).toEqual(streamDirect.whole);
      const del = (url: string): Promise<Answer> => request(url, 'DELETE', { 'Mcp-Session-Id': 'session-77' });
      expect(await del(via(fixture.url))).toEqual(await del(fixture.url));

      await recorder.recorded((e) => e.kind === 'http' && e.req === 't4' && (e.phase === 'end' || e.phase === 'error'));
      expect(recorder.invalid).toEqual([]);
      const [spawn] = recorder.events;
      expect(spawn).toMatchObject({ kind: 'spawn', config: { transport: 'http', url: fixture.url, headers: {} }, tap: TAP });
      const http = recorder.events.flatMap((e) => (e.kind === 'http' ? [`${e.req} ${e.phase}`] : []));
      expect(http).toEqual([
        't1 request',
        't1 response',
        't1 end',
        't2 request',
        't2 response',
        't2 end',
        't3 request',
        't3 response',
        't3 sse-event',
        't3 sse-event',
        't3 end',
        't4 request',
        't4 response',
        't4 end',
      ]);
      expect(recorder.events.find((e) => e.kind === 'http' && e.phase === 'request')).toMatchObject({
        method: 'POST',
        url: fixture.url,
        headers: { Authorization: 'Bearer [redacted]', 'Content-Type': 'application/json' },
      });
      expect(recorder.events.find((e) => e.kind === 'http' && e.phase === 'response' && e.req === 't2')).toMatchObject({
        status: 401,
        contentType: 'application/json',
        headers: { 'www-authenticate': expect.stringContaining('resource_metadata=') },
      });
      const lines = recorder.events.flatMap((e) => (e.kind === 'line' ? [`${e.stream} ${e.text ?? ''}`] : []));
      expect(lines[0]).toBe('stdin {"jsonrpc":"2.0","id":1,"method":"tools/list"}');
      // The token the host sent, echoed in the server's answer, is masked there too.
      expect(lines[1]).toContain('"authorization":"Bearer [redacted]"');
      expect(lines).toContain('stdout {"jsonrpc":"2.0",\n"method":"notifications/message","params":{"n":2}}');
      expect(JSON.stringify(recorder.events)).not.toContain(TOKEN);
    } finally {
      await proxy.close();
    }
    expect(recorder.events.at(-1)).toMatchObject({ kind: 'exit', requested: true });
  });

  it('answers 502 when the upstream refuses, refuses a foreign Host, and goes on when the recorder throws', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const s = http.createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address() as AddressInfo;
        s.close(() => resolve(port));
      });
    });
    const recorder = memoryRecorder();
    const refused = await startHttpTapProxy({
      url: `http://127.0.0.1:${closedPort}/mcp`,
      listen: { host: '127.0.0.1', port: 0 },
      recorder,
      tap: TAP,
    });
    const throwing: TapRecorder = {
      conn: 'tap-x',
      record: () => {
        throw new Error('recorder down');
      },
      line: () => {
        throw new Error('recorder down');
      },
      close: () => Promise.resolve(),
    };
    const unrecorded = await startHttpTapProxy({ url: fixture.url, listen: { host: '127.0.0.1', port: 0 }, recorder: throwing, tap: TAP });
    try {
      const answer = await request(`http://127.0.0.1:${refused.port}/mcp`, 'POST', { 'Content-Type': 'application/json' }, '{}');
      expect(answer.status).toBe(502);
      expect(answer.body.toString()).toMatch(/^mcp-lens tap: could not reach http:\/\/127\.0\.0\.1:\d+: ECONNREFUSED\n$/);
      expect(await recorder.recorded((e) => e.kind === 'http' && e.phase === 'error')).toMatchObject({ code: 'refused' });

      const before = fixture.seen.length;
      const rebound = await request(`http://127.0.0.1:${unrecorded.port}/mcp`, 'POST', { Host: `evil.example:${unrecorded.port}` }, '{}');
      expect(rebound.status).toBe(403);
      expect(fixture.seen.length).toBe(before);

      const body = '{"jsonrpc":"2.0","id":3,"method":"ping"}';
      const through = await request(`http://localhost:${unrecorded.port}/mcp`, 'POST', { 'Content-Type': 'application/json' }, body);
      expect(through).toEqual(await request(fixture.url, 'POST', { 'Content-Type': 'application/json' }, body));
    } finally {
      await Promise.all([refused.close(), unrecorded.close()]);
    }
  });

  // Each with a flow of its own rather than auto: auto's probe races the handshake, and which of
  // two answers on two connections lands first (so the flow the linter judges by) may differ
  // between the client's record and the tap's under load.
  it.each([
    ['the demo', () => demo, 'stateless'],
    ['server-everything', () => everything, 'handshake'],
    ['server-everything over the older HTTP+SSE', () => everythingSse, 'handshake'],
  ])(
    'mcp-lens call through the tap in front of %s: the same answer, a record the session model pairs',
    async (name, server, flow) => {
      const { url } = server();
      const recorder = memoryRecorder();
      const proxy = await startHttpTapProxy({ url, listen: { host: '127.0.0.1', port: 0 }, recorder, tap: TAP });
      const call = [
        '--flow',
        flow,
        '--header',
        `Authorization: Bearer ${TOKEN}`,
        '--method',
        'tools/call',
        '--tool-name',
        'echo',
        '--tool-arg',
        'message=through the tap',
      ];
      // The call through the tap records its own view too: the same exchanges, seen by the client.
      const recordFile = path.join(dir, `${name}.mcplens.json`);
      try {
        const [direct, proxied] = await Promise.all([
          runLens(['call', '--url', url, ...call]),
          runLens(['call', '--url', `http://127.0.0.1:${proxy.port}${new URL(url).pathname}`, ...call, '--record', recordFile]),
        ]);
        expect(proxied.stderr).not.toMatch(STACK_TRACE);
        expect(proxied.code, proxied.stderr).toBe(0);
        expect(proxied.stdout).toBe(direct.stdout);
        expect(proxied.stdout).toContain('through the tap');
      } finally {
        await proxy.close();
      }
      expect(recorder.invalid).toEqual([]);
      const phases = new Set(recorder.events.flatMap((e) => (e.kind === 'http' ? [e.phase] : [])));
      expect([...phases]).toEqual(expect.arrayContaining(['request', 'response', 'end']));
      if (server() !== demo) expect(phases).toContain('sse-event');
      const requests = recorder.events.filter((e) => e.kind === 'http' && e.phase === 'request');
      expect(requests.length).toBeGreaterThan(0);
      for (const r of requests) expect(r).toMatchObject({ headers: { Authorization: 'Bearer [redacted]' } });
      expect(JSON.stringify(recorder.events)).not.toContain(TOKEN);

      // The session model pairs the tap's record as it pairs the client's own record of the same call.
      const own = parseSessionFile(fs.readFileSync(recordFile, 'utf8'));
      if (!own.ok) throw new Error(own.error);
      const tapped = foldOf(recorder.events);
      expect(tapped).toEqual(foldOf(own.file.events));
      expect(tapped).toContain('client tools/call result');
    },
    120_000,
  );

  it('the bin: tap --url --listen 127.0.0.1:0 says its port, passes a request, and exits 0 on SIGTERM', async () => {
    const child = spawn(process.execPath, [binJs, 'tap', '--url', demo.url, '--listen', '127.0.0.1:0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, MCP_LENS_TOKEN: '' },
    });
    let stderr = '';
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const port = await new Promise<number>((resolve, reject) => {
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        stderr += chunk;
        const match = /listening on port (\d+) .*point the host's config at (http:\/\/\S+)/.exec(stderr);
        if (match) resolve(Number(match[1]));
      });
      void exited.then(() => reject(new Error(`the tap exited: ${stderr}`)));
    });
    expect(stderr).toContain(`point the host's config at http://127.0.0.1:${port}/mcp`);
    const init = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'tap-test', version: '1' } },
    });
    const answer = await request(
      `http://127.0.0.1:${port}/mcp`,
      'POST',
      { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      init,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toContain('"serverInfo"');
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stderr).not.toMatch(STACK_TRACE);
  });
});
