import { describe, it, expect } from 'vitest';
import {
  allowedHosts,
  bearerToken,
  checkUpgrade,
  hostAllowed,
  tokenAccess,
  isLoopback,
  newToken,
  originAllowed,
  tokensMatch,
  type GatePolicy,
} from './security.js';

const policy = (over: Partial<GatePolicy> = {}): GatePolicy => ({
  token: 'secret-token',
  port: 6280,
  anyHost: false,
  extraOrigins: [],
  ...over,
});
const wsUrl = (token?: string): URL =>
  new URL(`http://bridge.invalid/ws${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`);

describe('newToken', () => {
  it('is 32 url-safe characters (24 random bytes) and different every time', () => {
    const a = newToken();
    const b = newToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(a).not.toBe(b);
  });
});

describe('tokensMatch', () => {
  it('accepts only the exact token', () => {
    expect(tokensMatch('secret-token', 'secret-token')).toBe(true);
    expect(tokensMatch('secret-tokeN', 'secret-token')).toBe(false);
    expect(tokensMatch('secret-token-', 'secret-token')).toBe(false);
    expect(tokensMatch('secret', 'secret-token')).toBe(false);
  });

  it('refuses a missing or empty token', () => {
    expect(tokensMatch(undefined, 'secret-token')).toBe(false);
    expect(tokensMatch(null, 'secret-token')).toBe(false);
    expect(tokensMatch('', 'secret-token')).toBe(false);
  });
});

describe('hostAllowed', () => {
  it('allows 127.0.0.1 and localhost on the bridge port, case-insensitively', () => {
    expect(allowedHosts(6280)).toEqual(['127.0.0.1:6280', 'localhost:6280', '[::1]:6280']);
    expect(hostAllowed(policy(), '127.0.0.1:6280')).toBe(true);
    expect(hostAllowed(policy(), 'localhost:6280')).toBe(true);
    expect(hostAllowed(policy(), 'LocalHost:6280')).toBe(true);
    expect(hostAllowed(policy(), '[::1]:6280')).toBe(true);
  });

  it('refuses other hosts, other ports, a missing port and a missing header (DNS rebinding)', () => {
    expect(hostAllowed(policy(), 'evil.example:6280')).toBe(false);
    expect(hostAllowed(policy(), '127.0.0.1:6281')).toBe(false);
    expect(hostAllowed(policy(), '127.0.0.1')).toBe(false);
    expect(hostAllowed(policy(), undefined)).toBe(false);
    expect(hostAllowed(policy(), '127.0.0.1.evil.example:6280')).toBe(false);
    expect(hostAllowed(policy(), '[::2]:6280')).toBe(false);
    expect(hostAllowed(policy(), '::1:6280')).toBe(false);
  });

  it('allows anything behind the dangerous flag', () => {
    expect(hostAllowed(policy({ anyHost: true }), 'evil.example:6280')).toBe(true);
  });
});

describe('originAllowed', () => {
  it('lets in a client that sends no Origin (not a browser)', () => {
    expect(originAllowed(policy(), undefined)).toBe(true);
  });

  it("allows the bridge's own origins and the extra ones", () => {
    expect(originAllowed(policy(), 'http://127.0.0.1:6280')).toBe(true);
    expect(originAllowed(policy(), 'http://localhost:6280')).toBe(true);
    expect(originAllowed(policy(), 'http://[::1]:6280')).toBe(true);
    expect(originAllowed(policy({ extraOrigins: ['http://localhost:5173'] }), 'http://localhost:5173')).toBe(true);
  });

  it('refuses foreign, opaque and look-alike origins', () => {
    expect(originAllowed(policy(), 'http://evil.example')).toBe(false);
    expect(originAllowed(policy(), 'null')).toBe(false);
    expect(originAllowed(policy(), 'https://127.0.0.1:6280')).toBe(false);
    expect(originAllowed(policy(), 'http://127.0.0.1:6281')).toBe(false);
    expect(originAllowed(policy(), 'http://localhost:5173')).toBe(false);
  });
});

describe('checkUpgrade', () => {
  const good = { host: '127.0.0.1:6280', origin: 'http://127.0.0.1:6280' };

  it('accepts the token with a good Host and Origin', () => {
    expect(checkUpgrade(policy(), wsUrl('secret-token'), good)).toEqual({ ok: true, access: 'full' });
    expect(checkUpgrade(policy(), wsUrl('secret-token'), { host: 'localhost:6280' })).toEqual({ ok: true, access: 'full' });
  });

  it("accepts the follower's token as read-only access, under the same Host and Origin checks", () => {
    const withFollower = policy({ followerToken: 'follow-token' });
    expect(checkUpgrade(withFollower, wsUrl('follow-token'), good)).toEqual({ ok: true, access: 'follow' });
    expect(checkUpgrade(withFollower, wsUrl('secret-token'), good)).toEqual({ ok: true, access: 'full' });
    expect(checkUpgrade(withFollower, wsUrl('follow-token'), { ...good, origin: 'http://evil.example' })).toMatchObject({ status: 403 });
    expect(checkUpgrade(withFollower, wsUrl('follow-token'), { ...good, host: 'evil.example:6280' })).toMatchObject({ status: 403 });
    expect(checkUpgrade(withFollower, wsUrl('follow-tokeN'), good)).toMatchObject({ ok: false, status: 401 });
    // Without a follower token minted, nothing else opens the socket.
    expect(checkUpgrade(policy(), wsUrl('follow-token'), good)).toMatchObject({ ok: false, status: 401 });
  });

  it('answers 401 without the right token, before looking at anything else', () => {
    expect(checkUpgrade(policy(), wsUrl(), good)).toMatchObject({ ok: false, status: 401 });
    expect(checkUpgrade(policy(), wsUrl('wrong'), good)).toMatchObject({ ok: false, status: 401 });
    expect(checkUpgrade(policy(), wsUrl(), { host: 'evil.example', origin: 'http://evil.example' })).toMatchObject({ status: 401 });
  });

  it('answers 403 for a bad Host or Origin even with the token', () => {
    expect(checkUpgrade(policy(), wsUrl('secret-token'), { ...good, host: 'evil.example:6280' })).toMatchObject({ ok: false, status: 403 });
    expect(checkUpgrade(policy(), wsUrl('secret-token'), { ...good, origin: 'http://evil.example' })).toMatchObject({
      ok: false,
      status: 403,
      reason: expect.stringContaining('Origin') as unknown,
    });
    expect(checkUpgrade(policy(), wsUrl('secret-token'), {})).toMatchObject({ ok: false, status: 403 });
  });
});

describe('tokenAccess', () => {
  it('tells the full token from the follower token, and an empty follower token opens nothing', () => {
    const withFollower = policy({ followerToken: 'follow-token' });
    expect(tokenAccess(withFollower, 'secret-token')).toBe('full');
    expect(tokenAccess(withFollower, 'follow-token')).toBe('follow');
    expect(tokenAccess(withFollower, '')).toBeUndefined();
    expect(tokenAccess(withFollower, undefined)).toBeUndefined();
    expect(tokenAccess(policy({ followerToken: '' }), '')).toBeUndefined();
  });
});

describe('bearerToken', () => {
  it('reads an Authorization: Bearer header', () => {
    expect(bearerToken('Bearer abc.def')).toBe('abc.def');
    expect(bearerToken('bearer   xyz')).toBe('xyz');
  });

  it('gives nothing for other schemes or no header', () => {
    expect(bearerToken(undefined)).toBeUndefined();
    expect(bearerToken('Basic dXNlcjpwYXNz')).toBeUndefined();
    expect(bearerToken('Bearer')).toBeUndefined();
    expect(bearerToken('')).toBeUndefined();
  });
});

describe('isLoopback', () => {
  it('knows the loopback names', () => {
    expect(isLoopback('127.0.0.1')).toBe(true);
    expect(isLoopback('::1')).toBe(true);
    expect(isLoopback('localhost')).toBe(true);
  });

  it('refuses everything else', () => {
    expect(isLoopback('0.0.0.0')).toBe(false);
    expect(isLoopback('::')).toBe(false);
    expect(isLoopback('192.168.1.10')).toBe(false);
    expect(isLoopback('example.com')).toBe(false);
  });
});
