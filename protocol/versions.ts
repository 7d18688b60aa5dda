/**
 * Which protocol versions this client implements, and choosing among the ones a server lists.
 * A server may list anything (a far-future 2099-01-01, or only old handshake versions); the
 * client sends only a version it can actually speak.
 */
import { HANDSHAKE_VERSIONS, STATELESS_VERSION, type Flow } from './flows.js';

/** Newest first, per flow. */
export const IMPLEMENTED_VERSIONS: Readonly<Record<Flow, readonly string[]>> = {
  stateless: [STATELESS_VERSION],
  handshake: HANDSHAKE_VERSIONS,
};

/** The stateless flow began with 2026-07-28; versions are dates, so they compare as strings. */
export function flowOfVersion(version: string): Flow {
  return version < STATELESS_VERSION ? 'handshake' : 'stateless';
}

/** The newest version of a flow that the server lists and this client implements. */
export function pickVersion(listed: readonly string[], flow: Flow): string | undefined {
  return IMPLEMENTED_VERSIONS[flow].find((v) => listed.includes(v));
}

/** The version strings of a list the server sent, ignoring anything else in it. */
export function versionList(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined;
}

/**
 * Why an initialize result's protocolVersion ends the opening, when it does: the spec has a
 * client that does not support the version the server chose disconnect, not carry on in it.
 */
export function refusedHandshakeVersion(chosen: string): string | undefined {
  if ((IMPLEMENTED_VERSIONS.handshake as readonly string[]).includes(chosen)) return undefined;
  const shown = JSON.stringify(chosen.length > 40 ? `${chosen.slice(0, 40)}…` : chosen);
  return `the server answered initialize with protocol version ${shown}, which this client does not implement in the handshake flow (it speaks ${IMPLEMENTED_VERSIONS.handshake.join(', ')}): disconnected, as the spec asks`;
}
