/**
 * Who a host is, from what it sent: the `clientInfo` of its `initialize` (the handshake flow), or
 * the `io.modelcontextprotocol/clientInfo` of a request's `_meta` (the stateless flow). A tapped
 * connection is named by it ("Claude Desktop → weather").
 */
export interface HostName {
  name: string;
  version?: string;
}

const META_CLIENT_INFO = 'io.modelcontextprotocol/clientInfo';

/** The host a client message names, if it names one; any text that is not such a message gives undefined. */
export function hostOfMessage(text: string): HostName | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  for (const message of Array.isArray(value) ? value : [value]) {
    const found = hostOfValue(message);
    if (found) return found;
  }
  return undefined;
}

export function hostOfValue(message: unknown): HostName | undefined {
  if (!isObject(message) || typeof message.method !== 'string' || !isObject(message.params)) return undefined;
  const params = message.params;
  const info =
    message.method === 'initialize' && isObject(params.clientInfo)
      ? params.clientInfo
      : isObject(params._meta)
        ? params._meta[META_CLIENT_INFO]
        : undefined;
  if (!isObject(info)) return undefined;
  const name = typeof info.title === 'string' && info.title.trim() !== '' ? info.title : info.name;
  if (typeof name !== 'string' || name.trim() === '') return undefined;
  return {
    name: name.slice(0, 200),
    ...(typeof info.version === 'string' && info.version !== '' ? { version: info.version.slice(0, 100) } : {}),
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
