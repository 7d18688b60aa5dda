/** What a server's answer about versions means for the opening: go stateless, fall back to the handshake, or fail with why. */
import type { Classified } from './jsonrpc.js';
import type { ClientInfo } from './flows.js';
import type { ConnectOptions, Connected, Phase, Verdict } from './connectTypes.js';
import { LATEST_HANDSHAKE_VERSION, META_KEYS } from './flows.js';
import { pickVersion, versionList } from './versions.js';

export function judgeDiscoverResult(asked: string, value: unknown, mayFallBack: boolean, pinned: boolean): Verdict {
  const versions = versionList(asRecord(value).supportedVersions) ?? [];
  if (versions.includes(asked)) return { kind: 'stateless', version: asked };
  const list = versions.length > 0 ? versions.join(', ') : 'none';
  if (versions.length === 0 && mayFallBack) {
    return { kind: 'handshake', version: LATEST_HANDSHAKE_VERSION, why: 'server/discover listed no supported version' };
  }
  if (pinned || versions.length === 0) return { kind: 'fail', reason: `server/discover lists versions ${list}, not ${asked}` };
  const modern = pickVersion(versions, 'stateless');
  if (modern) return { kind: 'stateless', version: modern, note: `asked for ${asked}; the server lists ${list}: using ${modern}` };
  return handshakeOnly(`server/discover lists versions ${list}`, versions, mayFallBack);
}

/** -32022 names what the server supports: never take a version from it this client does not implement. */
export function judgeUnsupported(asked: string, data: unknown, mayFallBack: boolean, pinned: boolean): Verdict {
  const supported = versionList(asRecord(data).supported) ?? [];
  const list = supported.join(', ') || 'no version it named';
  if (pinned) return { kind: 'fail', reason: `the server does not support ${asked} (-32022); it supports ${list}` };
  return handshakeOnly(`-32022 Unsupported protocol version: the server supports ${list}`, supported, mayFallBack);
}

function handshakeOnly(said: string, listed: readonly string[], mayFallBack: boolean): Verdict {
  const legacy = pickVersion(listed, 'handshake');
  if (!legacy) {
    const none = listed.length > 0 ? ', none of which this client implements' : '';
    return { kind: 'fail', reason: `${said}${none}` };
  }
  if (mayFallBack)
    return {
      kind: 'handshake',
      version: legacy,
      why: `${said}: only handshake versions; ${legacy} is the newest this client implements`,
    };
  return {
    kind: 'fail',
    reason: `${said}: only handshake versions this client implements; connect with the handshake flow (${legacy})`,
  };
}

export function statelessOutcome(version: string, value: unknown): Connected {
  const result = asRecord(value);
  const meta = asRecord(result._meta);
  const versions = versionList(result.supportedVersions);
  return {
    flow: 'stateless',
    protocolVersion: version,
    serverInfo: meta[META_KEYS.serverInfo],
    capabilities: result.capabilities,
    ...(versions ? { supportedVersions: versions } : {}),
    ...(typeof result.instructions === 'string' ? { instructions: result.instructions } : {}),
  };
}

export function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** What server/discover and initialize both carry: the version asked, the capabilities and who the client is. */
export function openingParams(
  options: ConnectOptions,
  version: string,
): { protocolVersion: string; capabilities: Record<string, unknown>; clientInfo?: ClientInfo } {
  return {
    protocolVersion: version,
    capabilities: options.capabilities ?? {},
    ...(options.clientInfo ? { clientInfo: options.clientInfo } : {}),
  };
}

/** What an answer to an opening request that breaks JSON-RPC means: a failure, or (in the race) nothing changed. */
export function brokenAnswer(
  phase: Extract<Phase, { name: 'discover' | 'initialize' | 'race' }>,
  message: Extract<Classified, { kind: 'invalid' }>,
): { fail: string } | { step: string; connected: Connected } | undefined {
  const id = message.responseTo;
  if (id === undefined) return undefined;
  const broken = (method: string): string => `the server answered ${method} with a response that breaks JSON-RPC: ${message.reason}`;
  switch (phase.name) {
    case 'discover':
      return id === phase.id ? { fail: broken('server/discover') } : undefined;
    case 'initialize':
      return id === phase.id ? { fail: broken('initialize') } : undefined;
    case 'race':
      if (id === phase.init.id) {
        // server/discover already answered: the broken initialize answer changes nothing.
        if (phase.stateless) return { step: broken('initialize'), connected: phase.stateless };
        return { fail: broken('initialize') };
      }
      if (id === phase.discover.id && !phase.stateless) return { fail: broken('server/discover') };
      return undefined;
    default: {
      const never: never = phase;
      return never;
    }
  }
}
