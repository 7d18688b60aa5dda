/**
 * HTTP connections through the bridge's host, against real servers: server-everything's
 * Streamable HTTP (handshake) and the demo over HTTP (stateless), through the headless client;
 * and the misbehaving fixture (a 500, a page for JSON, an SSE stream cut mid-event, a redirect to
 * another host, bytes that are not UTF-8), a port nothing listens on, a server that never answers.
 */
import fs from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BridgeEvent, HttpEvent, UnstampedEvent } from '../protocol/envelope.js';
import { startHttpChaos, type HttpChaos } from '../e2e/fixtures/http-chaos.mjs';
import { HttpHost } from './httpHost.js';
import { HeadlessClient } from './cli/headless.js';
import { startDemoHttp, startEverythingHttp, type RunningHttpServer } from './testing/httpServers.js';
import { BridgeClient, startTestBridge } from './testing/bridgeClient.js';

const TOKEN = 'sekrit-token-0123456789';

const httpOf = (events: readonly { kind: string }[]): HttpEvent[] => events.filter((e): e is HttpEvent => e.kind === 'http');

describe('HeadlessClient over HTTP', () => {
  let everything: RunningHttpServer;
  let demo: RunningHttpServer;
  beforeAll(async () => {
    [everything, demo] = await Promise.all([startEverythingHttp(), startDemoHttp('stateless')]);
  });
  afterAll(async () => {
    await Promise.all([everything?.stop(), demo?.stop()]);
  });

  it('auto falls back to the handshake on server-everything, calls a tool, reads SSE ids, masks the token and ends with DELETE', async () => {
    const client = new HeadlessClient({ transport: 'http', url: everything.url, headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(await client.start()).toBeUndefined();
    const connected = await client.connect('auto', {});
    expect(connected).toMatchObject({ ok: true, connected: { flow: 'handshake' } });
    const session = client.session;
    if (!session) throw new Error('no session');
    const outcome = await session.request('tools/call', { name: 'echo', arguments: { message: 'over http' } }).done;
    expect(outcome).toMatchObject({ kind: 'result', result: { content: [{ type: 'text', text: 'Echo: over http' }] } });
    await client.stop();

    const http = httpOf(client.events);
    const requests = http.filter((e) => e.phase === 'request');
    // The probe, initialize, initialized, the GET stream, the call, and the DELETE that ends the session.
    expect(requests.map((e) => (e.phase === 'request' ? e.method : ''))).toEqual(expect.arrayContaining(['POST', 'GET', 'DELETE']));
    expect(requests.at(-1)).toMatchObject({ method: 'DELETE', headers: { 'Mcp-Session-Id': expect.any(String) } });
    for (const request of requests) expect(request).toMatchObject({ headers: { Authorization: 'Bearer [redacted]' } });
    const session_id = http.find((e) => e.phase === 'response' && e.headers['mcp-session-id'] !== undefined);
    expect(session_id).toBeDefined();
    expect(http.some((e) => e.phase === 'sse-event' && e.id !== undefined)).toBe(true);
    expect(JSON.stringify(client.events)).not.toContain(TOKEN);
    // Every exchange ended, each exactly once.
    const ends = http.filter((e) => e.phase === 'end' || e.phase === 'error').map((e) => e.req);
    expect(new Set(ends).size).toBe(ends.length);
    expect([...new Set(requests.map((e) => e.req))].sort()).toEqual([...ends].sort());
    expect(client.events.at(-1)).toMatchObject({ kind: 'exit', code: null, signal: null, requested: true });
    // The call's body went as a stdin line, its answer came as a stdout line.
    const lines = client.events.filter((e): e is Extract<BridgeEvent, { kind: 'line' }> => e.kind === 'line');
    expect(lines.some((l) => l.stream === 'stdin' && l.text?.includes('"tools/call"') && l.eol === '')).toBe(true);
    expect(lines.some((l) => l.stream === 'stdout' && l.text?.includes('Echo: over http'))).toBe(true);
  });

  it('speaks the stateless flow to the demo: Mcp-Method and Mcp-Name on each POST, no session, no GET', async () => {
    const client = new HeadlessClient({ transport: 'http', url: demo.url, headers: {} });
    await client.start();
    expect(await client.connect('stateless', {})).toMatchObject({
      ok: true,
      connected: { flow: 'stateless', protocolVersion: '2026-07-28' },
    });
    const outcome = await client.session?.request('tools/call', { name: 'echo', arguments: { message: 'é' } }).done;
    expect(outcome).toMatchObject({ kind: 'result', result: { content: [{ text: 'Echo: é' }] } });
    await client.stop();
    const requests = httpOf(client.events).filter((e) => e.phase === 'request');
    expect(requests.map((e) => (e.phase === 'request' ? e.method : ''))).toEqual(['POST', 'POST']);
    expect(requests[1]).toMatchObject({
      headers: { 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'tools/call', 'Mcp-Name': 'echo' },
    });
    expect(requests[1]?.phase === 'request' && 'Mcp-Session-Id' in requests[1].headers).toBe(false);
  });

  it('through the bridge’s socket: opens, performs an http command, journals it masked, refuses stdin lines, closes', async () => {
    const test = await startTestBridge();
    const client = await BridgeClient.connect(test.bridge);
    try {
      client.send({ type: 'spawn', conn: 'h', config: { transport: 'http', url: demo.url, headers: { 'X-Api-Key': TOKEN } } });
      await client.waitForEvent((e) => e.conn === 'h' && e.kind === 'spawn');
      const discover =
        '{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}';
      const headers = {
        Accept: 'application/json, text/event-stream',
        'Content-Type': 'application/json',
        'MCP-Protocol-Version': '2026-07-28',
        'Mcp-Method': 'server/discover',
      };
      client.send({ type: 'http', conn: 'h', req: 'a1', method: 'POST', headers, text: discover });
      await client.waitForEvent((e) => e.kind === 'http' && e.req === 'a1' && (e.phase === 'end' || e.phase === 'error'));
      expect(client.lines('h', 'stdout').some((l) => l.text?.includes('supportedVersions'))).toBe(true);
      client.send({ type: 'send', conn: 'h', text: discover });
      await client.waitForEvent((e) => e.kind === 'notice' && e.conn === 'h');
      client.send({ type: 'stop', conn: 'h' });
      await client.waitForEvent((e) => e.conn === 'h' && e.kind === 'exit');
      expect(httpOf(client.events)[0]).toMatchObject({ phase: 'request', headers: { 'X-Api-Key': '[redacted]' } });
      expect(fs.readFileSync(test.bridge.journalFile, 'utf8')).not.toContain(TOKEN);
    } finally {
      await client.close();
      await test.dispose();
    }
  });
});

describe('HttpHost against a misbehaving server', () => {
  let chaos: HttpChaos;
  beforeAll(async () => {
    chaos = await startHttpChaos();
  });
  afterAll(async () => {
    await chaos?.close();
  });

  /** A host with one connection to `path`, recording into a list; `run` performs one POST and waits for its end. */
  function hostFor(path: string, timeoutMs?: number) {
    const events: UnstampedEvent[] = [];
    const waiters: (() => void)[] = [];
    const host = new HttpHost({
      record: (e) => {
        events.push(e);
        for (const w of waiters.splice(0)) w();
      },
    });
    host.open('c', {
      transport: 'http',
      url: new URL(path, chaos.url).href,
      headers: { Authorization: `Bearer ${TOKEN}` },
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    });
    const ended = (req: string): Promise<HttpEvent> =>
      new Promise((resolve) => {
        const check = (): void => {
          const found = events.find((e) => e.kind === 'http' && e.req === req && (e.phase === 'end' || e.phase === 'error'));
          if (found) resolve(found as HttpEvent);
          else waiters.push(check);
        };
        check();
      });
    const run = async (req = 'r1'): Promise<{ last: HttpEvent; of: UnstampedEvent[] }> => {
      host.request('c', {
        req,
        method: 'POST',
        headers: { Accept: 'application/json, text/event-stream', 'Content-Type': 'application/json' },
        body: Buffer.from('{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"x"}}'),
      });
      const last = await ended(req);
      return { last, of: events.filter((e) => e.kind === 'line' || (e.kind === 'http' && e.req === req)) };
    };
    return { host, events, run, ended };
  }

  const shape = (events: UnstampedEvent[]): string[] =>
    events.map((e) =>
      e.kind === 'http' ? `${e.phase}${e.phase === 'response' ? ` ${e.status}` : ''}` : `${e.kind} ${e.kind === 'line' ? e.stream : ''}`,
    );

  it('records a 500 with its body and ends the exchange', async () => {
    const { of, last } = await hostFor('/status-500').run();
    expect(shape(of)).toEqual(['request', 'line stdin', 'response 500', 'line stdout', 'end']);
    expect(of[3]).toMatchObject({ text: 'internal error: the upstream database is on fire\n', eol: '' });
    expect(last).toMatchObject({ how: 'complete' });
  });

  it('records a page where JSON was due, then says the content type is wrong', async () => {
    const { of, last } = await hostFor('/wrong-content-type').run();
    expect(shape(of)).toEqual(['request', 'line stdin', 'response 200', 'line stdout', 'error']);
    expect(of[2]).toMatchObject({ contentType: 'text/html' });
    expect(last).toMatchObject({ code: 'content-type', message: 'the body is text/html, not application/json or text/event-stream' });
  });

  it('records the whole event of a stream cut mid-event, and says it broke inside the next', async () => {
    const { of, last } = await hostFor('/sse-cut').run();
    // Every request asks for its connection to close after it, so the body runs until the socket
    // closes (no chunked framing): a cut reads as the body's end, inside an event.
    expect(shape(of)).toEqual(['request', 'line stdin', 'response 200', 'sse-event', 'line stdout', 'end']);
    expect(of[3]).toMatchObject({ id: '1', event: 'message' });
    expect(last).toMatchObject({ phase: 'end', how: 'cut' });
  });

  it('never follows a redirect to another host: the token stays home', async () => {
    const { of, last } = await hostFor('/redirect?status=307').run();
    expect(shape(of)).toEqual(['request', 'line stdin', 'response 307', 'error']);
    expect(last).toMatchObject({ code: 'redirect', message: expect.stringContaining(`to ${chaos.otherUrl}landing: not followed`) });
    expect(chaos.log().requests.filter((r) => r.target === 'other')).toEqual([]);
    expect(chaos.log().requests.at(-1)?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(of[0]).toMatchObject({ headers: { Authorization: 'Bearer [redacted]' } });
  });

  it('keeps bytes that are not UTF-8 exactly, as base64', async () => {
    const { of } = await hostFor('/non-utf8').run();
    const body = of.find((e) => e.kind === 'line' && e.stream === 'stdout');
    expect(body).toMatchObject({ b64: expect.any(String) });
    expect(body?.kind === 'line' && Buffer.from(body.b64 ?? '', 'base64').includes(Buffer.from([0xff, 0xfe]))).toBe(true);
  });

  it('ends a stream the engine aborts, and a stop closes the connection', async () => {
    const { host, run, events } = hostFor('/sse-slow?every=1000&count=50');
    const running = run('slow');
    await new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if (events.some((e) => e.kind === 'http' && e.phase === 'response')) {
          clearInterval(poll);
          resolve();
        }
      }, 10);
    });
    host.abort('c', 'slow', 'cancelled: by the test');
    expect((await running).last).toMatchObject({ code: 'aborted', message: 'cancelled: by the test' });
    await host.stop('c');
    expect(events.at(-1)).toMatchObject({ kind: 'exit', requested: true });
    host.request('c', { req: 'late', method: 'GET', headers: {} });
    expect(events.at(-1)).toMatchObject({ kind: 'http', phase: 'error', code: 'not-open' });
  });

  it('says nothing answered on a port nobody listens on, and times out a server that never answers', async () => {
    const closed = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address() as net.AddressInfo;
        s.close(() => resolve(port));
      });
    });
    const refused = hostFor(`http://127.0.0.1:${closed}/mcp`);
    expect((await refused.run()).last).toMatchObject({ code: 'refused', message: expect.stringContaining('ECONNREFUSED') });

    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as net.AddressInfo;
      const slow = hostFor(`http://127.0.0.1:${port}/mcp`, 300);
      expect((await slow.run()).last).toMatchObject({ code: 'timeout', message: 'no response (or not the whole body) within 300 ms' });
    } finally {
      silent.close();
    }
  });
});
