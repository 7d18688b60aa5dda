/**
 * The compiled demo server over Streamable HTTP, driven with plain fetch in each flow: the
 * handshake flow's session, SSE answers, a server request on the POST's stream, the GET stream,
 * resumption and DELETE; the stateless flow's POST-only exchanges, its SSE upgrade and its
 * per-request version check; and both on one URL.
 */
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startHttpDemo, type HttpDemo } from './testing/httpDemo.js';
import { readSse } from './testing/sse.js';

const ACCEPT = 'application/json, text/event-stream';
const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'demo-http-test', version: '0.0.1' },
};

let demo: HttpDemo | undefined;
const start = async (...args: string[]): Promise<string> => (demo = await startHttpDemo(args)).url;
afterEach(async () => {
  await demo?.close();
  demo = undefined;
});

type Json = Record<string, unknown>;

function post(url: string, message: Json, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: ACCEPT, ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', ...message }),
  });
}

/** A stateless request with the headers 2026-07-28 asks for on every POST. */
function statelessPost(url: string, id: number, method: string, params: Json = {}, version = '2026-07-28'): Promise<Response> {
  const name = typeof params.name === 'string' ? params.name : undefined;
  const meta = { ...META, 'io.modelcontextprotocol/protocolVersion': version, ...((params._meta as Json | undefined) ?? {}) };
  return post(
    url,
    { id, method, params: { ...params, _meta: meta } },
    { 'mcp-protocol-version': version, 'mcp-method': method, ...(name ? { 'mcp-name': name } : {}) },
  );
}

/** The one JSON-RPC message of an answer, whether it came as JSON or as an SSE stream. */
async function answerOf(response: Response): Promise<Json> {
  const type = response.headers.get('content-type') ?? '';
  if (type.startsWith('application/json')) return (await response.json()) as Json;
  expect(type).toMatch(/^text\/event-stream/);
  const messages = (await readSse(response).rest()).filter((e) => e.data !== '').map((e) => JSON.parse(e.data) as Json);
  const answer = messages.find((m) => 'result' in m || 'error' in m);
  if (!answer) throw new Error(`no answer on the stream: ${JSON.stringify(messages)}`);
  return answer;
}

const resultOf = (answer: Json): Json => answer.result as Json;
const textOf = (answer: Json): string => ((resultOf(answer).content as Json[])[0]?.text as string | undefined) ?? '';

async function openSession(url: string, capabilities: Json = {}): Promise<{ headers: Record<string, string>; init: Json }> {
  const response = await post(url, {
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities, clientInfo: { name: 'demo-http-test', version: '0.0.1' } },
  });
  expect(response.status).toBe(200);
  const session = response.headers.get('mcp-session-id');
  expect(session).toMatch(/^[0-9a-f-]{36}$/);
  const init = await answerOf(response);
  const headers = { 'mcp-session-id': session ?? '', 'mcp-protocol-version': '2025-11-25' };
  const initialized = await post(url, { method: 'notifications/initialized' }, headers);
  expect(initialized.status).toBe(202);
  return { headers, init };
}

describe('HTTP demo server, handshake flow', () => {
  it('initializes a session, lists tools and calls echo, each answer on an SSE stream with event ids', async () => {
    const url = await start('--flow', 'handshake');
    const { headers, init } = await openSession(url);
    expect(resultOf(init).protocolVersion).toBe('2025-11-25');
    expect((resultOf(init).serverInfo as Json).name).toBe('mcp-lens-demo');

    const list = await post(url, { id: 2, method: 'tools/list' }, headers);
    expect(list.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const names = (resultOf(await answerOf(list)).tools as Json[]).map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['echo', 'add', 'confirm_action', 'slow']));

    const call = await post(url, { id: 3, method: 'tools/call', params: { name: 'echo', arguments: { message: 'hi' } } }, headers);
    const events = await readSse(call).rest();
    const last = events.at(-1);
    expect(last?.id).toMatch(/.+:\d+$/);
    expect(JSON.parse(last?.data ?? '{}')).toMatchObject({ id: 3, result: { content: [{ type: 'text', text: 'Echo: hi' }] } });
  });

  it("asks confirm_action's question on the call's stream and finishes it once the answer is POSTed", async () => {
    const url = await start('--flow', 'handshake');
    const { headers } = await openSession(url, { elicitation: { form: {} } });
    const call = await post(
      url,
      { id: 2, method: 'tools/call', params: { name: 'confirm_action', arguments: { action: 'deploy' } } },
      headers,
    );
    const stream = readSse(call);
    let question: Json | undefined;
    while (!question) {
      const event = await stream.next();
      if (!event) throw new Error('the stream ended without a question');
      if (event.data !== '') question = JSON.parse(event.data) as Json;
    }
    expect(question).toMatchObject({ method: 'elicitation/create', params: { mode: 'form', message: 'Confirm action: deploy?' } });
    const answered = await post(url, { id: question.id as number, result: { action: 'accept', content: { confirm: true } } }, headers);
    expect(answered.status).toBe(202);
    const final = (await stream.rest()).map((e) => JSON.parse(e.data) as Json).find((m) => m.id === 2);
    expect(textOf(final ?? {})).toBe('Confirmed: deploy');
  });

  it('opens the GET stream, resumes a stream from Last-Event-ID, and ends the session on DELETE', async () => {
    const url = await start('--flow', 'handshake');
    const { headers } = await openSession(url);
    const get = await fetch(url, { headers: { accept: 'text/event-stream', ...headers } });
    expect(get.status).toBe(200);
    expect(get.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await get.body?.cancel();

    // The first event of a call's stream, then the rest again from its id.
    const call = await post(url, { id: 2, method: 'tools/call', params: { name: 'echo', arguments: { message: 'again' } } }, headers);
    const events = await readSse(call).rest();
    const first = events[0]?.id;
    expect(first).toBeDefined();
    const resumed = await fetch(url, { headers: { accept: 'text/event-stream', 'last-event-id': first ?? '', ...headers } });
    expect(resumed.status).toBe(200);
    const replay = readSse(resumed);
    const replayed: string[] = [];
    while (replayed.length < events.length - 1) {
      const event = await replay.next();
      if (!event) break;
      replayed.push(event.id ?? '');
    }
    await replay.cancel();
    expect(replayed).toEqual(events.slice(1).map((e) => e.id));

    const closed = await fetch(url, { method: 'DELETE', headers });
    expect(closed.status).toBe(200);
    const after = await post(url, { id: 3, method: 'tools/list' }, headers);
    expect(after.status).toBe(404);
  });

  it('with --json-responses answers each POST with one JSON body', async () => {
    const url = await start('--flow', 'handshake', '--json-responses');
    const { headers } = await openSession(url);
    const call = await post(url, { id: 2, method: 'tools/call', params: { name: 'echo', arguments: { message: 'json' } } }, headers);
    expect(call.headers.get('content-type')).toMatch(/^application\/json/);
    expect(textOf(await answerOf(call))).toBe('Echo: json');
  });

  it('refuses a request without a session (400) and a stateless probe, as a 2025 server does', async () => {
    const url = await start('--flow', 'handshake');
    expect((await post(url, { id: 1, method: 'tools/list' })).status).toBe(400);
    expect((await statelessPost(url, 1, 'server/discover')).status).toBe(400);
  });
});

describe('HTTP demo server, stateless flow', () => {
  it('discovers, lists tools and calls echo, POST only, each answer one JSON body with resultType', async () => {
    const url = await start('--flow', 'stateless');
    const discover = await answerOf(await statelessPost(url, 1, 'server/discover'));
    expect(resultOf(discover).supportedVersions).toEqual(['2026-07-28']);
    const list = await statelessPost(url, 2, 'tools/list');
    expect(list.headers.get('content-type')).toMatch(/^application\/json/);
    expect((resultOf(await answerOf(list)).tools as Json[]).map((t) => t.name)).toContain('echo');
    const call = await answerOf(await statelessPost(url, 3, 'tools/call', { name: 'echo', arguments: { message: 'hi' } }));
    expect(resultOf(call).resultType).toBe('complete');
    expect(textOf(call)).toBe('Echo: hi');
  });

  it('upgrades a call that reports progress to an SSE stream: the notifications, then the result', async () => {
    const url = await start('--flow', 'stateless');
    const call = await statelessPost(url, 1, 'tools/call', {
      name: 'slow',
      arguments: { steps: 2, delayMs: 10 },
      _meta: { progressToken: 'p' },
    });
    expect(call.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const messages = (await readSse(call).rest()).map((e) => JSON.parse(e.data) as Json);
    expect(messages.map((m) => m.method ?? 'result')).toEqual(['notifications/progress', 'notifications/progress', 'result']);
  });

  it('checks the version of every request: 400 with -32022 naming the supported revision, for initialize too', async () => {
    const url = await start('--flow', 'stateless');
    await answerOf(await statelessPost(url, 1, 'tools/list'));
    const old = await statelessPost(url, 2, 'tools/list', {}, '1999-01-01');
    expect(old.status).toBe(400);
    expect(((await old.json()) as Json).error).toEqual({
      code: -32022,
      message: 'Unsupported protocol version: 1999-01-01',
      data: { supported: ['2026-07-28'], requested: '1999-01-01' },
    });
    const init = await post(url, {
      id: 3,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    });
    expect(init.status).toBe(400);
    expect((((await init.json()) as Json).error as Json).code).toBe(-32022);
    expect((await fetch(url, { headers: { accept: 'text/event-stream' } })).status).toBe(405);
  });
});

describe('HTTP demo server, both flows on one URL', () => {
  it('serves a handshake session and stateless requests side by side, with the variant switch', async () => {
    demo = await startHttpDemo([], { MCP_LENS_DEMO_VARIANT: 'changed' });
    const { url } = demo;
    const { headers } = await openSession(url);
    const legacy = await answerOf(
      await post(url, { id: 2, method: 'tools/call', params: { name: 'echo', arguments: { message: 'a' } } }, headers),
    );
    expect(textOf(legacy)).toBe('Echoed: a');
    const modern = await answerOf(await statelessPost(url, 3, 'tools/call', { name: 'echo', arguments: { message: 'b' } }));
    expect(textOf(modern)).toBe('Echoed: b');
    expect(resultOf(modern).resultType).toBe('complete');
  });

  it('answers 403 to a Host that is not loopback (DNS rebinding)', async () => {
    const url = new URL(await start());
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = http.request(
        url,
        { method: 'POST', headers: { host: 'evil.example', 'content-type': 'application/json', accept: ACCEPT } },
        (res) => {
          res.resume();
          resolve(res.statusCode);
        },
      );
      req.on('error', reject);
      req.end('{"jsonrpc":"2.0","id":1,"method":"tools/list"}');
    });
    expect(status).toBe(403);
  });
});
