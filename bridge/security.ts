/**
 * The gate in front of a process launcher: a per-run token, and Host and Origin checks that
 * stop DNS rebinding and cross-site pages from reaching the socket or the API.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

export function tokensMatch(given: string | null | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface GatePolicy {
  token: string;
  /**
   * The follower's token: a socket opened with it receives events and may do nothing else
   * (bridge/socket.ts), and the API answers it only what it reads (GET).
   */
  followerToken?: string;
  port: number;
  /** Only set behind the dangerously named flag: any Host is then accepted. */
  anyHost: boolean;
  extraOrigins: readonly string[];
}

export function allowedHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
}

export function hostAllowed(policy: GatePolicy, host: string | undefined): boolean {
  if (policy.anyHost) return true;
  return host !== undefined && allowedHosts(policy.port).includes(host.toLowerCase());
}

/** Browsers always send Origin on a WebSocket; tools like the CLI send none and are let in. */
export function originAllowed(policy: GatePolicy, origin: string | undefined): boolean {
  if (origin === undefined) return true;
  const own = allowedHosts(policy.port).map((h) => `http://${h}`);
  return own.includes(origin.toLowerCase()) || policy.extraOrigins.includes(origin);
}

/** What a token lets its holder do: everything, or watch (a follower of a presenter). */
export type Access = 'full' | 'follow';

/** Which access a token grants, if any. */
export function tokenAccess(policy: GatePolicy, given: string | null | undefined): Access | undefined {
  if (tokensMatch(given, policy.token)) return 'full';
  if (policy.followerToken !== undefined && tokensMatch(given, policy.followerToken)) return 'follow';
  return undefined;
}

export type GateVerdict = { ok: true; access: Access } | { ok: false; status: 401 | 403; reason: string };

export function checkUpgrade(policy: GatePolicy, url: URL, headers: IncomingHttpHeaders): GateVerdict {
  const access = tokenAccess(policy, url.searchParams.get('token'));
  if (access === undefined) {
    return { ok: false, status: 401, reason: 'missing or wrong token' };
  }
  if (!hostAllowed(policy, headers.host)) return { ok: false, status: 403, reason: `Host not allowed: ${headers.host ?? '(none)'}` };
  if (!originAllowed(policy, headers.origin)) return { ok: false, status: 403, reason: `Origin not allowed: ${headers.origin}` };
  return { ok: true, access };
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  return match?.[1];
}

export function isLoopback(host: string): boolean {
  return host === '127.0.0.1' || host === '::1' || host === 'localhost';
}

/**
 * The door of `/ws/tap` (docs/adr/0010): the tap token in an Authorization header, a Host of
 * ours, and no Origin at all. A tap is a local program; a browser always sends Origin, so no
 * page, whatever it knows, can open this socket.
 */
export function checkTapUpgrade(policy: GatePolicy, tapToken: string, headers: IncomingHttpHeaders): GateVerdict {
  if (!tokensMatch(bearerToken(headers.authorization), tapToken)) return { ok: false, status: 401, reason: 'missing or wrong tap token' };
  if (!hostAllowed(policy, headers.host)) return { ok: false, status: 403, reason: `Host not allowed: ${headers.host ?? '(none)'}` };
  if (headers.origin !== undefined) return { ok: false, status: 403, reason: 'a tap sends no Origin: pages may not open this socket' };
  return { ok: true, access: 'full' };
}
