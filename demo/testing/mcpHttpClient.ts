/**
 * The fewest requests that show an HTTP MCP endpoint serving, in either flow, for tests that
 * drive it with plain fetch and extra headers (a bearer token): the handshake flow's
 * initialize, initialized and a request in the session; the stateless flow's single POST with
 * the 2026-07-28 headers and `_meta`. Answers come back as the JSON-RPC message, whether sent
 * as JSON or on an SSE stream, or as the HTTP response when the status is not 200.
 */
import { readSse } from './sse.js';

type Json = Record<string, unknown>;

export type McpAnswer = { ok: true; message: Json } | { ok: false; status: number; response: Response };

const ACCEPT = 'application/json, text/event-stream';
const CLIENT_INFO = { name: 'mcp-lens-test', version: '0.0.1' };

async function messageOf(response: Response): Promise<Json> {
  if ((response.headers.get('content-type') ?? '').startsWith('application/json')) return (await response.json()) as Json;
  const events = await readSse(response).rest();
  const messages = events.filter((e) => e.data !== '').map((e) => JSON.parse(e.data) as Json);
  const answer = messages.find((m) => 'result' in m || 'error' in m);
  if (!answer) throw new Error(`no answer on the stream: ${JSON.stringify(messages)}`);
  return answer;
}

async function post(url: string, message: Json, headers: Record<string, string>): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: ACCEPT, ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', ...message }),
  });
}

async function answer(response: Response): Promise<McpAnswer> {
  return response.status === 200 ? { ok: true, message: await messageOf(response) } : { ok: false, status: response.status, response };
}

/** One stateless (2026-07-28) request. */
export async function statelessRequest(
  url: string,
  method: string,
  params: Json,
  headers: Record<string, string> = {},
): Promise<McpAnswer> {
  const meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': {},
    'io.modelcontextprotocol/clientInfo': CLIENT_INFO,
  };
  const name: Record<string, string> = typeof params.name === 'string' ? { 'mcp-name': params.name } : {};
  const response = await post(
    url,
    { id: 1, method, params: { ...params, _meta: meta } },
    { 'mcp-protocol-version': '2026-07-28', 'mcp-method': method, ...name, ...headers },
  );
  return answer(response);
}

/** A 2025-11-25 session opened, then one request in it; the answer to the first request refused, if one is. */
export async function handshakeRequest(
  url: string,
  method: string,
  params: Json,
  headers: Record<string, string> = {},
): Promise<McpAnswer> {
  const init = await post(
    url,
    { id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: CLIENT_INFO } },
    headers,
  );
  if (init.status !== 200) return { ok: false, status: init.status, response: init };
  await messageOf(init);
  const session = { ...headers, 'mcp-session-id': init.headers.get('mcp-session-id') ?? '', 'mcp-protocol-version': '2025-11-25' };
  const initialized = await post(url, { method: 'notifications/initialized' }, session);
  if (initialized.status !== 202) return { ok: false, status: initialized.status, response: initialized };
  return answer(await post(url, { id: 2, method, params }, session));
}

/** The tool names of a `tools/list` answer. */
export function toolNames(answer: McpAnswer): string[] {
  if (!answer.ok) throw new Error(`tools/list answered HTTP ${answer.status}`);
  const tools = (answer.message.result as { tools?: { name: string }[] } | undefined)?.tools ?? [];
  return tools.map((tool) => tool.name);
}
