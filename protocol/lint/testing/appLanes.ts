/**
 * An MCP App's lane as the lint tests write it: the app's handshake with its host, then what
 * each app rule passes and trips on. The app's own connection (c0) listed its tools first, so
 * a tool's visibility is known.
 */
import { Transcript } from './transcript.js';

const J = '2.0';
const VERSION = '2026-01-26';
type Json = Record<string, unknown>;

/** Lines of the app's connection c0 and of the lane c1 interleave in one journal. */
function laneWithTools(): Transcript {
  const t = new Transcript('c1');
  const c0 = new Transcript('c0');
  c0.spawn()
    .handshake()
    .send({ jsonrpc: J, id: 2, method: 'tools/list', params: {} })
    .recv({
      jsonrpc: J,
      id: 2,
      result: {
        tools: [
          { name: 'show', inputSchema: { type: 'object' }, _meta: { ui: { resourceUri: 'ui://test/app.html' } } },
          { name: 'add', inputSchema: { type: 'object' }, _meta: { ui: { resourceUri: 'ui://test/app.html', visibility: ['app'] } } },
          { name: 'secret', inputSchema: { type: 'object' }, _meta: { ui: { visibility: ['model'] } } },
        ],
      },
    });
  return t.include(c0).appLane();
}

const initialize = (params: Json = { appInfo: { name: 'app', version: '1' }, appCapabilities: {}, protocolVersion: VERSION }): Json => ({
  jsonrpc: J,
  id: 1,
  method: 'ui/initialize',
  params,
});
const initializeResult: Json = {
  jsonrpc: J,
  id: 1,
  result: { protocolVersion: VERSION, hostInfo: { name: 'MCP Lens', version: '1' }, hostCapabilities: {}, hostContext: {} },
};

/** The lane up to the app's initialized, as it should go. */
export function appReady(): Transcript {
  return laneWithTools().send(initialize()).recv(initializeResult).send({ jsonrpc: J, method: 'ui/notifications/initialized', params: {} });
}

const handshake = (): Transcript => new Transcript().spawn().handshake();
const listed = (tool: Json): Transcript =>
  handshake()
    .send({ jsonrpc: J, id: 2, method: 'tools/list', params: {} })
    .recv({ jsonrpc: J, id: 2, result: { tools: [{ name: 'show', inputSchema: { type: 'object' }, ...tool }] } });
const read = (content: Json): Transcript =>
  handshake()
    .send({ jsonrpc: J, id: 2, method: 'resources/read', params: { uri: 'ui://test/app.html' } })
    .recv({ jsonrpc: J, id: 2, result: { contents: [{ uri: 'ui://test/app.html', text: '<!doctype html><p>hi</p>', ...content }] } });

export const APP_CASES: { rule: string; pass: () => Transcript; trip: () => Transcript }[] = [
  {
    rule: 'app-resource-uri',
    pass: () => listed({ _meta: { ui: { resourceUri: 'ui://test/app.html' }, 'ui/resourceUri': 'ui://test/app.html' } }),
    trip: () => listed({ _meta: { ui: { resourceUri: 'https://example.com/app.html' } } }),
  },
  {
    rule: 'app-tool-meta-misplaced',
    pass: () => listed({ _meta: { ui: { resourceUri: 'ui://test/app.html', visibility: ['model', 'app'] } } }),
    trip: () => listed({ _meta: { ui: { resourceUri: 'ui://test/app.html', csp: { connectDomains: ['https://api.example.com'] } } } }),
  },
  {
    rule: 'app-resource-mime',
    pass: () => read({ mimeType: 'text/html;profile=mcp-app' }),
    trip: () => read({ mimeType: 'text/html' }),
  },
  {
    rule: 'app-not-jsonrpc',
    pass: () => appReady().send({ jsonrpc: J, id: 2, method: 'ping' }),
    trip: () => appReady().send('"this is not JSON-RPC"'),
  },
  {
    rule: 'app-before-initialize',
    pass: () => laneWithTools().send({ jsonrpc: J, id: 7, method: 'ping' }).send(initialize()),
    trip: () => laneWithTools().send({ jsonrpc: J, id: 7, method: 'tools/call', params: { name: 'add', arguments: {} } }),
  },
  {
    rule: 'app-initialize-shape',
    pass: () => laneWithTools().send(initialize()),
    trip: () => laneWithTools().send(initialize({ appInfo: { name: 'app' }, protocolVersion: VERSION })),
  },
  {
    rule: 'app-protocol-version',
    pass: () => laneWithTools().send(initialize()),
    trip: () =>
      laneWithTools().send(initialize({ appInfo: { name: 'app', version: '1' }, appCapabilities: {}, protocolVersion: '1999-01-01' })),
  },
  {
    rule: 'app-initialized-order',
    pass: () => appReady(),
    trip: () => laneWithTools().send(initialize()).send({ jsonrpc: J, method: 'ui/notifications/initialized', params: {} }),
  },
  {
    rule: 'host-before-initialized',
    pass: () =>
      appReady()
        .recv({ jsonrpc: J, method: 'ui/notifications/tool-input', params: { arguments: {} } })
        .recv({ jsonrpc: J, method: 'ui/notifications/tool-result', params: { content: [] } }),
    trip: () =>
      laneWithTools()
        .send(initialize())
        .recv(initializeResult)
        .recv({ jsonrpc: J, method: 'ui/notifications/tool-input', params: { arguments: {} } }),
  },
  {
    rule: 'app-size-changed',
    pass: () => appReady().send({ jsonrpc: J, method: 'ui/notifications/size-changed', params: { width: 300, height: 0 } }),
    trip: () => appReady().send({ jsonrpc: J, method: 'ui/notifications/size-changed', params: { width: -100, height: 50 } }),
  },
  {
    rule: 'app-message-shape',
    pass: () =>
      appReady().send({ jsonrpc: J, id: 3, method: 'ui/message', params: { role: 'user', content: { type: 'text', text: 'hi' } } }),
    trip: () =>
      appReady().send({ jsonrpc: J, id: 3, method: 'ui/message', params: { role: 'assistant', content: [{ type: 'text', text: 'hi' }] } }),
  },
  {
    rule: 'app-open-link-url',
    pass: () => appReady().send({ jsonrpc: J, id: 3, method: 'ui/open-link', params: { url: 'https://example.com/' } }),
    trip: () => appReady().send({ jsonrpc: J, id: 3, method: 'ui/open-link', params: { url: 'javascript:alert(1)' } }),
  },
  {
    rule: 'app-tool-visibility',
    // An app-only tool is the app's to call; a model-only one answered with an error is the host refusing it.
    pass: () =>
      appReady()
        .send({ jsonrpc: J, id: 3, method: 'tools/call', params: { name: 'add', arguments: {} } })
        .recv({ jsonrpc: J, id: 3, result: { content: [] } }),
    trip: () => appReady().send({ jsonrpc: J, id: 3, method: 'tools/call', params: { name: 'secret', arguments: {} } }),
  },
  {
    rule: 'app-unknown-method',
    pass: () => appReady().send({ jsonrpc: J, method: 'notifications/message', params: { level: 'info', data: 'x' } }),
    trip: () => appReady().send({ jsonrpc: J, id: 3, method: 'ui/teleport', params: {} }),
  },
];
