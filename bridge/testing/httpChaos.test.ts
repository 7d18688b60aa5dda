/**
 * The misbehaving HTTP fixture (e2e/fixtures/http-chaos.mjs) does what the HTTP tests rely on
 * it doing: each route misbehaves as described, and the redirect target records who came.
 */
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { startHttpChaos, type HttpChaos } from '../../e2e/fixtures/http-chaos.mjs';
import { fixturePath } from './bridgeClient.js';

let chaos: HttpChaos | undefined;
const start = async (): Promise<HttpChaos> => (chaos = await startHttpChaos());
afterEach(async () => {
  await chaos?.close();
  chaos = undefined;
});

const rpc = (id: number): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: 'Bearer sekrit-token' },
  body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'x' } }),
});

/** Every byte of a body until it ends or breaks, and whether it broke. */
async function drain(response: Response): Promise<{ bytes: Buffer; broke: boolean }> {
  const reader = response.body?.getReader();
  const chunks: Uint8Array[] = [];
  if (!reader) return { bytes: Buffer.alloc(0), broke: false };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { bytes: Buffer.concat(chunks), broke: false };
      chunks.push(value);
    }
  } catch {
    return { bytes: Buffer.concat(chunks), broke: true };
  }
}

describe('http-chaos fixture', () => {
  it('answers a page for JSON and a 500 with a body', async () => {
    const { url } = await start();
    const page = await fetch(new URL('/wrong-content-type', url), rpc(1));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const failed = await fetch(new URL('/status-500', url), rpc(1));
    expect(failed.status).toBe(500);
    expect(await failed.text()).toContain('on fire');
  });

  it('cuts an SSE stream in the middle of its second event', async () => {
    const { url } = await start();
    const response = await fetch(new URL('/sse-cut', url), rpc(4));
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const { bytes, broke } = await drain(response);
    const text = bytes.toString('utf8');
    expect(broke).toBe(true);
    expect(text).toContain('id: 1\ndata: {"jsonrpc":"2.0","method":"notifications/message"');
    expect(text).toMatch(/id: 2\ndata: \{"jsonrpc":"2\.0","id":4,.*"type":"te$/);
  });

  it('sends a slow stream: the events the query asks for, spaced, then the result for the request id', async () => {
    const { url } = await start();
    const started = performance.now();
    const response = await fetch(new URL('/sse-slow?every=20&count=3', url), rpc(7));
    const { bytes, broke } = await drain(response);
    expect(broke).toBe(false);
    expect(performance.now() - started).toBeGreaterThanOrEqual(60);
    const events = bytes.toString('utf8').split('\n\n').filter(Boolean);
    expect(events.map((e) => /^id: (\d+)$/m.exec(e)?.[1])).toEqual(['1', '2', '3', '4']);
    expect(JSON.parse(/^data: (.*)$/m.exec(events[3] ?? '')?.[1] ?? '{}')).toMatchObject({ id: 7, result: {} });
  });

  it('redirects to another host, which records whoever follows with which headers', async () => {
    const { url, otherUrl } = await start();
    const redirect = await fetch(new URL('/redirect', url), { ...rpc(1), redirect: 'manual' });
    expect(redirect.status).toBe(307);
    const location = redirect.headers.get('location') ?? '';
    expect(new URL(location).origin).toBe(new URL(otherUrl).origin);
    expect(new URL(location).hostname).not.toBe('127.0.0.1');
    const before = (await (await fetch(new URL('/_log', url))).json()) as { requests: { target: string }[] };
    expect(before.requests.map((r) => r.target)).toEqual(['main']);

    // Followed by hand, with the token: the target says so.
    await (await fetch(location, rpc(1))).text();
    const after = chaos?.log().requests.find((r) => r.target === 'other');
    expect(after?.headers.authorization).toBe('Bearer sekrit-token');
    expect((await fetch(new URL('/redirect?status=308&to=localhost', url), { redirect: 'manual' })).headers.get('location')).toMatch(
      /^http:\/\/localhost:\d+\/landing$/,
    );
  });

  it('answers bytes that are not UTF-8, as JSON and as SSE', async () => {
    const { url } = await start();
    for (const as of ['json', 'sse']) {
      const { bytes } = await drain(await fetch(new URL(`/non-utf8?as=${as}`, url), rpc(2)));
      expect(bytes.includes(Buffer.from([0xff, 0xfe]))).toBe(true);
      expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
    }
  });

  it('runs as a process and prints its address', async () => {
    const child = spawn(process.execPath, [fixturePath('http-chaos.mjs'), '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      const line = await new Promise<string>((resolve) => readline.createInterface({ input: child.stdout }).once('line', resolve));
      const base = /^listening on (http:\/\/127\.0\.0\.1:\d+\/)$/.exec(line)?.[1];
      expect(base).toBeDefined();
      expect((await fetch(new URL('/status-500', base))).status).toBe(500);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  });
});
