/**
 * Recognises a conversation opened by hand. When the user launches a server and writes every
 * line, no Connector runs; this watches both directions and says when the opening is complete,
 * so the app can carry on from there as if it had opened the conversation itself:
 * handshake: an initialize answered with a result, and notifications/initialized sent (the
 * client's side of the handshake is done only then); stateless: a server/discover answered.
 */
import type { Connected } from './connect.js';
import { LATEST_HANDSHAKE_VERSION, META_KEYS, STATELESS_VERSION } from './flows.js';
import { idKey, type Classified } from './jsonrpc.js';

interface Asked {
  method: 'initialize' | 'server/discover';
  version: string | undefined;
}

export class OpeningWatcher {
  /** Opening requests the client wrote, by id, until answered. */
  private readonly asked = new Map<string, Asked>();
  private initialized = false;
  private handshake: Connected | undefined;
  private done = false;
  /** The highest numeric request id the client has written. */
  maxClientId = 0;

  /** Feed every message the client writes (stdin). */
  onClient(message: Classified): Connected | undefined {
    if (this.done) return undefined;
    if (message.kind === 'request') {
      if (typeof message.id === 'number') this.maxClientId = Math.max(this.maxClientId, message.id);
      if (message.method === 'initialize' || message.method === 'server/discover') {
        this.asked.set(idKey('client', message.id), { method: message.method, version: askedVersion(message.method, message.params) });
      }
      return undefined;
    }
    if (message.kind === 'notification' && message.method === 'notifications/initialized') {
      this.initialized = true;
      return this.finishHandshake();
    }
    return undefined;
  }

  /** Feed every message the server writes (stdout). */
  onServer(message: Classified): Connected | undefined {
    if (this.done || message.kind !== 'result') return undefined;
    const key = idKey('client', message.id);
    const asked = this.asked.get(key);
    if (!asked) return undefined;
    this.asked.delete(key);
    const result = asRecord(message.result);
    if (asked.method === 'initialize') {
      const chosen = typeof result.protocolVersion === 'string' ? result.protocolVersion : asked.version;
      this.handshake = {
        flow: 'handshake',
        protocolVersion: chosen ?? LATEST_HANDSHAKE_VERSION,
        ...('serverInfo' in result ? { serverInfo: result.serverInfo } : {}),
        ...('capabilities' in result ? { capabilities: result.capabilities } : {}),
        ...(typeof result.instructions === 'string' ? { instructions: result.instructions } : {}),
      };
      return this.finishHandshake();
    }
    const versions = Array.isArray(result.supportedVersions)
      ? result.supportedVersions.filter((v): v is string => typeof v === 'string')
      : undefined;
    const meta = asRecord(result._meta);
    this.done = true;
    return {
      flow: 'stateless',
      protocolVersion: asked.version ?? STATELESS_VERSION,
      ...(META_KEYS.serverInfo in meta ? { serverInfo: meta[META_KEYS.serverInfo] } : {}),
      ...('capabilities' in result ? { capabilities: result.capabilities } : {}),
      ...(versions ? { supportedVersions: versions } : {}),
      ...(typeof result.instructions === 'string' ? { instructions: result.instructions } : {}),
    };
  }

  private finishHandshake(): Connected | undefined {
    if (!this.handshake || !this.initialized) return undefined;
    this.done = true;
    return this.handshake;
  }
}

function askedVersion(method: Asked['method'], params: unknown): string | undefined {
  const record = asRecord(params);
  const version = method === 'initialize' ? record.protocolVersion : asRecord(record._meta)[META_KEYS.protocolVersion];
  return typeof version === 'string' ? version : undefined;
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
