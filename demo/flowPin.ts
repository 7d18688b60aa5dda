// Pins the protocol flow of the connection on its first message, in front of `serveStdio`.
//
// `serveStdio` answers `server/discover` on a throwaway instance without pinning, and a
// request that claims an unknown revision leaves the connection open too. Either way, the
// next message without the `_meta` envelope (a stray `tools/list`, or the
// `notifications/cancelled` a client sends for a probe it gave up on) switches the process
// to the handshake flow for good, and every later stateless result loses `resultType`.
// A debugger's demo must not change flow behind the user's back, so this transport decides
// once: a first message that carries the envelope claim opens the stateless flow, and from
// then on nothing that reaches the SDK can be read as handshake traffic. Each stateless request's
// version is checked here too, as the revision asks (-32022 naming the supported versions).

import {
  isJSONRPCNotification,
  isJSONRPCRequest,
  ProtocolErrorCode,
  type JSONRPCMessage,
  type JSONRPCRequest,
  type MessageExtraInfo,
  type Transport,
  type TransportSendOptions,
} from '@modelcontextprotocol/server';

/** The revisions the SDK serves in the stateless flow (what `server/discover` lists). */
export const STATELESS_REVISIONS: readonly string[] = ['2026-07-28'];

const VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';
const CAPABILITIES_KEY = 'io.modelcontextprotocol/clientCapabilities';

export type Flow = 'handshake' | 'stateless';

function metaOf(params: unknown): Record<string, unknown> | undefined {
  if (typeof params !== 'object' || params === null) return undefined;
  const meta = (params as Record<string, unknown>)._meta;
  return typeof meta === 'object' && meta !== null && !Array.isArray(meta) ? (meta as Record<string, unknown>) : undefined;
}

/** The SDK's own test: the protocol-version key is present, valid or not. */
function hasClaim(params: unknown): boolean {
  const meta = metaOf(params);
  return meta !== undefined && VERSION_KEY in meta;
}

export class FlowPinningTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  setProtocolVersion = (version: string): void => this.inner.setProtocolVersion?.(version);

  private flow: Flow | undefined;
  /** The envelope keys of the latest claim, lent to notifications that arrive without one. */
  private claim: Record<string, unknown> = {};

  constructor(private readonly inner: Transport) {
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
    inner.onmessage = (message, extra) => this.receive(message, extra);
  }

  /** The flow the first message chose; undefined before any request or notification arrived. */
  get pinnedFlow(): Flow | undefined {
    return this.flow;
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private receive(message: JSONRPCMessage, extra?: MessageExtraInfo): void {
    const request = isJSONRPCRequest(message);
    // Responses decide nothing (the SDK drops them before a flow is chosen).
    if (!request && !isJSONRPCNotification(message)) return this.onmessage?.(message, extra);
    const claimed = hasClaim(message.params);
    // `initialize` opens the handshake (with a valid claim the SDK pins the stateless flow
    // itself, and then nothing can switch it).
    this.flow ??= claimed && message.method !== 'initialize' ? 'stateless' : 'handshake';
    if (this.flow === 'handshake') return this.onmessage?.(message, extra);

    if (claimed) {
      const meta = metaOf(message.params) ?? {};
      const version = meta[VERSION_KEY];
      // 2026-07-28 checks the version of every request, not the opening one only: the SDK
      // checks it until it pins the flow and serves any claim after that, so the check is here.
      if (request && typeof version === 'string' && !STATELESS_REVISIONS.includes(version)) {
        return void this.answer(message, ProtocolErrorCode.UnsupportedProtocolVersion, `Unsupported protocol version: ${version}`, {
          supported: [...STATELESS_REVISIONS],
          requested: version,
        });
      }
      this.claim = { [VERSION_KEY]: meta[VERSION_KEY], [CAPABILITIES_KEY]: meta[CAPABILITIES_KEY] };
      if (message.method !== 'initialize') return this.onmessage?.(message, extra);
    }
    if (request) return void this.refuse(message);
    // A notification needs no envelope in the stateless flow (`notifications/cancelled` has
    // none), but the SDK would take it for handshake traffic: read it under the latest claim.
    const params = { ...(message.params ?? {}), _meta: { ...(metaOf(message.params) ?? {}), ...this.claim } };
    this.onmessage?.({ ...message, params }, extra);
  }

  /** What a stateless connection answers to handshake traffic, the same before and after the SDK pins. */
  private refuse(request: JSONRPCRequest): Promise<void> {
    if (request.method === 'initialize') {
      const requested = (request.params as Record<string, unknown> | undefined)?.protocolVersion;
      const supported = [...STATELESS_REVISIONS];
      return typeof requested === 'string'
        ? this.answer(request, ProtocolErrorCode.UnsupportedProtocolVersion, `Unsupported protocol version: ${requested}`, {
            supported,
            requested,
          })
        : this.answer(
            request,
            ProtocolErrorCode.UnsupportedProtocolVersion,
            'Unsupported protocol version: the request did not name a protocol version',
            { supported },
          );
    }
    return this.answer(
      request,
      ProtocolErrorCode.InvalidParams,
      `Request is missing the required _meta envelope for protocol revision ${STATELESS_REVISIONS.join(', ')} (${VERSION_KEY}, ${CAPABILITIES_KEY})`,
    );
  }

  private answer(request: JSONRPCRequest, code: number, message: string, data?: unknown): Promise<void> {
    const error = { code, message, ...(data === undefined ? {} : { data }) };
    return this.inner.send({ jsonrpc: '2.0', id: request.id, error }).catch((failure: unknown) => {
      this.onerror?.(failure instanceof Error ? failure : new Error(String(failure)));
    });
  }
}
