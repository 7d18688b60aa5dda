/**
 * The request metadata headers of Streamable HTTP (2026-07-28, "Request Metadata"): what is
 * mirrored from a JSON-RPC body into headers, and how a value is written so that any string
 * survives a header. Pure.
 */

/** The prefix and suffix that mark a header value as Base64 of its UTF-8 bytes. Case-sensitive. */
const SENTINEL_START = '=?base64?';
const SENTINEL_END = '?=';

/**
 * A value as a header carries it: as it is when it is plain visible ASCII or inner spaces
 * (0x20-0x7E, no leading or trailing space), else `=?base64?…?=` of its UTF-8 bytes. A plain value
 * that looks like the sentinel is encoded too, so a reader never mistakes it for one.
 */
export function encodeHeaderValue(value: string): string {
  const plain = /^[\x20-\x7e]*$/.test(value) && !/^ | $/.test(value);
  const looksEncoded = value.startsWith(SENTINEL_START) && value.endsWith(SENTINEL_END);
  if (plain && !looksEncoded) return value;
  return `${SENTINEL_START}${base64OfUtf8(value)}${SENTINEL_END}`;
}

/** The value a header means: decoded when it carries the sentinel; undefined when its Base64 is broken. */
export function decodeHeaderValue(value: string): string | undefined {
  if (!(value.startsWith(SENTINEL_START) && value.endsWith(SENTINEL_END) && value.length >= SENTINEL_START.length + SENTINEL_END.length))
    return value;
  const b64 = value.slice(SENTINEL_START.length, value.length - SENTINEL_END.length);
  if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(b64)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

function base64OfUtf8(value: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(value)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * What `Mcp-Name` mirrors for a request: `params.name` (tools/call, prompts/get), `params.uri`
 * (resources/read), `params.taskId` (the tasks extension's tasks/get, tasks/update, tasks/cancel).
 */
export function mcpNameOf(method: string, params: unknown): string | undefined {
  const record = typeof params === 'object' && params !== null && !Array.isArray(params) ? (params as Record<string, unknown>) : {};
  const field = MCP_NAME_FIELDS[method];
  if (field === undefined) return undefined;
  const value = record[field];
  return typeof value === 'string' ? value : undefined;
}

const MCP_NAME_FIELDS: Readonly<Record<string, string>> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
};

/** One `x-mcp-header` annotation of a tool's inputSchema: the header's name part and where the value is. */
export interface ParamHeader {
  name: string;
  path: string[];
}

/** RFC 9110 token characters. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const SAFE_INTEGER = Number.MAX_SAFE_INTEGER;

/**
 * The `x-mcp-header` annotations of an inputSchema (at any depth under `properties`), and the
 * problems that make a client on HTTP drop the tool: a name that is empty or not a token, a name
 * used twice (case-insensitively), a parameter that is not a string, integer or boolean.
 */
export function paramHeadersOf(inputSchema: unknown): { headers: ParamHeader[]; problems: string[] } {
  const headers: ParamHeader[] = [];
  const problems: string[] = [];
  const seen = new Map<string, string>();
  const walk = (schema: unknown, path: string[], depth: number): void => {
    if (depth > 64 || typeof schema !== 'object' || schema === null || Array.isArray(schema)) return;
    const record = schema as Record<string, unknown>;
    if ('x-mcp-header' in record && path.length > 0) {
      const name = record['x-mcp-header'];
      const where = path.join('.');
      if (typeof name !== 'string' || !TOKEN.test(name))
        problems.push(`${where}: x-mcp-header ${JSON.stringify(name)} is not a header name token`);
      else if (seen.has(name.toLowerCase()))
        problems.push(`${where}: x-mcp-header "${name}" is also used by ${seen.get(name.toLowerCase()) ?? ''}`);
      else if (!['string', 'integer', 'boolean'].includes(String(record.type)))
        problems.push(
          `${where}: x-mcp-header "${name}" is on a parameter of type ${JSON.stringify(record.type)}, not string, integer or boolean`,
        );
      else {
        seen.set(name.toLowerCase(), where);
        headers.push({ name, path });
      }
    }
    const properties = record.properties;
    if (typeof properties === 'object' && properties !== null && !Array.isArray(properties))
      for (const [key, child] of Object.entries(properties)) walk(child, [...path, key], depth + 1);
  };
  walk(inputSchema, [], 0);
  return { headers, problems };
}

/**
 * The `Mcp-Param-{Name}` headers of a tools/call: each annotated argument present and not null,
 * as a string (integers in decimal, booleans as `true`/`false`), encoded. A value of another type
 * than the schema says is left out (the server will say what it makes of that).
 */
export function paramHeaderValues(annotations: readonly ParamHeader[], args: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { name, path } of annotations) {
    let value: unknown = args;
    for (const key of path)
      value = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
    let text: string | undefined;
    if (typeof value === 'string') text = value;
    else if (typeof value === 'boolean') text = value ? 'true' : 'false';
    else if (typeof value === 'number' && Number.isInteger(value) && Math.abs(value) <= SAFE_INTEGER) text = String(value);
    if (text !== undefined) out[`Mcp-Param-${name}`] = encodeHeaderValue(text);
  }
  return out;
}
