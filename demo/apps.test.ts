/**
 * The counter MCP App on the compiled demo server, in both flows over stdio: the extension in
 * the capabilities, the two tools with their `_meta.ui` (and the legacy flat key on the one that
 * opens the app), the ui:// resource listed and read with the app MIME type, and the calls
 * answered with text plus structuredContent. The same answers are expected from both flows, and
 * over HTTP the same registrations serve them.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startHttpDemo } from './testing/httpDemo.js';
import { handshakeRequest, statelessRequest, type McpAnswer } from './testing/mcpHttpClient.js';
import { spawnStdioPeer, type StdioPeer } from './testing/stdioPeer.js';

const server = path.resolve(import.meta.dirname, '..', 'dist', 'node', 'demo', 'server.js');
const UI = 'io.modelcontextprotocol/ui';
const APP_URI = 'ui://demo/counter.html';
const APP_MIME = 'text/html;profile=mcp-app';

type Message = Record<string, unknown>;
type Flow = 'handshake' | 'stateless';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': { extensions: { [UI]: { mimeTypes: [APP_MIME] } } },
  'io.modelcontextprotocol/clientInfo': { name: 'apps-test', version: '1' },
};

let peer: StdioPeer | undefined;
afterEach(async () => {
  await peer?.close();
  peer = undefined;
});

/** Starts the server in `flow` and returns its opening result and a way to send requests. */
async function open(flow: Flow): Promise<{ capabilities: Message; send: (method: string, params?: Message) => Promise<Message> }> {
  const p = (peer = spawnStdioPeer(process.execPath, [server]));
  let nextId = 1;
  const resultOf = async (answer: Promise<Message>): Promise<Message> => {
    const got = await answer;
    if (got.error !== undefined) throw new Error(JSON.stringify(got.error));
    return got.result as Message;
  };
  let opening: Message;
  if (flow === 'handshake') {
    opening = await resultOf(
      p.request({
        id: nextId++,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: { extensions: { [UI]: { mimeTypes: [APP_MIME] } } },
          clientInfo: { name: 'apps-test', version: '1' },
        },
      }),
    );
    p.notify({ method: 'notifications/initialized' });
  } else {
    opening = await resultOf(p.request({ id: nextId++, method: 'server/discover', params: { _meta: META } }));
  }
  const send = (method: string, params: Message = {}): Promise<Message> =>
    resultOf(p.request({ id: nextId++, method, params: flow === 'stateless' ? { ...params, _meta: META } : params }));
  return { capabilities: opening.capabilities as Message, send };
}

const toolNamed = (tools: Message[], name: string): Message | undefined => tools.find((t) => t.name === name);

describe.each<Flow>(['handshake', 'stateless'])('demo server, %s flow: the counter MCP App', (flow) => {
  it('declares the extension and keeps the other capabilities', async () => {
    const { capabilities } = await open(flow);
    expect(capabilities).toMatchObject({ tools: {}, resources: {}, prompts: {}, logging: {}, completions: {} });
    expect((capabilities.extensions as Message)[UI]).toEqual({});
  });

  it('lists counter (model and app) and counter_add (app only), both naming the app', async () => {
    const { send } = await open(flow);
    const tools = (await send('tools/list')).tools as Message[];
    expect(tools.map((t) => t.name).slice(-2)).toEqual(['counter', 'counter_add']);
    expect(toolNamed(tools, 'counter')?._meta).toEqual({
      ui: { resourceUri: APP_URI, visibility: ['model', 'app'] },
      'ui/resourceUri': APP_URI,
    });
    expect(toolNamed(tools, 'counter_add')?._meta).toEqual({ ui: { resourceUri: APP_URI, visibility: ['app'] } });
    // The tools that were there before keep their place and carry no _meta.
    expect(tools.slice(0, 2).map((t) => t.name)).toEqual(['echo', 'add']);
    expect(tools.filter((t) => t._meta !== undefined).map((t) => t.name)).toEqual(['counter', 'counter_add']);
  });

  it('lists the ui:// resource with the app MIME type beside server-info', async () => {
    const { send } = await open(flow);
    const resources = (await send('resources/list')).resources as Message[];
    expect(resources.map((r) => r.uri)).toEqual(['info://server-info', APP_URI]);
    expect(resources[1]).toMatchObject({ name: 'counter-app', title: 'Counter app', mimeType: APP_MIME });
  });

  it('reads the app: one self-contained HTML document, border preferred, no CSP asked for', async () => {
    const { send } = await open(flow);
    const contents = (await send('resources/read', { uri: APP_URI })).contents as Message[];
    expect(contents).toHaveLength(1);
    const [html] = contents;
    expect(html).toMatchObject({ uri: APP_URI, mimeType: APP_MIME, _meta: { ui: { prefersBorder: true } } });
    const text = String(html?.text);
    expect(text.startsWith('<!doctype html>')).toBe(true);
    for (const method of ['ui/initialize', 'ui/notifications/initialized', 'ui/notifications/size-changed', 'ui/message', 'ui/open-link']) {
      expect(text).toContain(`'${method}'`);
    }
    // Nothing loaded from elsewhere: the host's default CSP (connect-src 'none') must be enough.
    expect(text).not.toMatch(/<script[^>]+src=|<link[^>]+href=|fetch\(|XMLHttpRequest|WebSocket/);
  });

  it('calls counter and counter_add: text for any client, structuredContent for the app', async () => {
    const { send } = await open(flow);
    expect(await send('tools/call', { name: 'counter', arguments: { start: 5 } })).toMatchObject({
      content: [{ type: 'text', text: 'The counter starts at 5.' }],
      structuredContent: { count: 5 },
    });
    expect(await send('tools/call', { name: 'counter', arguments: {} })).toMatchObject({ structuredContent: { count: 0 } });
    expect(await send('tools/call', { name: 'counter_add', arguments: { count: 5, by: 2 } })).toMatchObject({
      content: [{ type: 'text', text: '5 + 2 = 7' }],
      structuredContent: { count: 7 },
    });
    expect(await send('tools/call', { name: 'counter_add', arguments: { count: 41 } })).toMatchObject({ structuredContent: { count: 42 } });
    expect(await send('tools/call', { name: 'counter_add', arguments: { count: 'x' } })).toMatchObject({ isError: true });
  });
});

describe('HTTP demo server: the counter app in both flows', () => {
  it('reads the ui:// resource and runs counter_add, in the handshake and the stateless flow', async () => {
    const demo = await startHttpDemo([]);
    try {
      const resultOf = (answer: McpAnswer): Message => {
        if (!answer.ok) throw new Error(`HTTP ${answer.status}`);
        return answer.message.result as Message;
      };
      // 2026-07-28 wants the URI repeated in an Mcp-Name header; the helper only does so for tool names.
      const flows = [
        handshakeRequest,
        (url: string, method: string, params: Message) => statelessRequest(url, method, params, params.uri ? { 'mcp-name': APP_URI } : {}),
      ];
      for (const request of flows) {
        const read = resultOf(await request(demo.url, 'resources/read', { uri: APP_URI }));
        expect((read.contents as Message[])[0]).toMatchObject({ uri: APP_URI, mimeType: APP_MIME });
        const added = resultOf(await request(demo.url, 'tools/call', { name: 'counter_add', arguments: { count: 1, by: 2 } }));
        expect(added).toMatchObject({ structuredContent: { count: 3 } });
      }
    } finally {
      await demo.close();
    }
  });
});
