import * as jose from 'jose';
import { describe, expect, it } from 'vitest';
import { dpopAlgorithm, dpopChallenge, DpopKey, isDpopBound } from './dpop.js';

async function verified(proof: string): Promise<{ header: jose.ProtectedHeaderParameters; payload: jose.JWTPayload }> {
  const header = jose.decodeProtectedHeader(proof);
  expect(header.jwk).toBeDefined();
  const key = await jose.importJWK(header.jwk as jose.JWK, header.alg);
  const { payload } = await jose.jwtVerify(proof, key);
  return { header, payload };
}

describe('DPoP (RFC 9449)', () => {
  it('is used where the authorization server lists a proof algorithm this client signs with, never none or HMAC', () => {
    expect(dpopAlgorithm(['ES256'])).toBe('ES256');
    expect(dpopAlgorithm(['RS256', 'ES256'])).toBe('ES256');
    expect(dpopAlgorithm(['none', 'HS256'])).toBeUndefined();
    expect(dpopAlgorithm(undefined)).toBeUndefined();
    expect(dpopAlgorithm('ES256')).toBeUndefined();
    expect(isDpopBound('DPoP')).toBe(true);
    expect(isDpopBound('dpop')).toBe(true);
    expect(isDpopBound('Bearer')).toBe(false);
  });

  it("reads the resource server's DPoP challenge, and its use_dpop_nonce", async () => {
    expect(await dpopChallenge(401, 'DPoP resource_metadata="https://a.example/.well-known/oauth-protected-resource/mcp"')).toEqual({
      scheme: 'dpop',
      useNonce: false,
      resourceMetadata: 'https://a.example/.well-known/oauth-protected-resource/mcp',
    });
    expect(await dpopChallenge(401, 'DPoP error="use_dpop_nonce", resource_metadata="https://a.example/m"')).toMatchObject({
      useNonce: true,
      error: 'use_dpop_nonce',
    });
    expect(await dpopChallenge(401, 'Bearer resource_metadata="https://a.example/m"')).toBeUndefined();
  });

  it('proves each request afresh: the DPoP scheme, a signed proof with htm, htu without query, ath of the token, a new jti, no private key', async () => {
    const key = await DpopKey.create('ES256');
    const token = 'token-bound-to-the-key';
    const first = await key.proofHeaders('POST', 'https://mcp.example/mcp?x=1#f', token);
    const second = await key.proofHeaders('POST', 'https://mcp.example/mcp', token);
    expect(first.authorization).toBe(`DPoP ${token}`);
    const a = await verified(first.dpop);
    const b = await verified(second.dpop);
    expect(a.header.typ).toBe('dpop+jwt');
    expect(a.header.alg).toBe('ES256');
    expect(a.header.jwk).not.toHaveProperty('d');
    expect(a.payload.htm).toBe('POST');
    expect(a.payload.htu).toBe('https://mcp.example/mcp');
    const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
    expect(a.payload.ath).toBe(jose.base64url.encode(hash));
    expect(typeof a.payload.iat).toBe('number');
    expect(a.payload.jti).not.toBe(b.payload.jti);
    expect(a.payload).not.toHaveProperty('nonce');
    expect(await key.thumbprint()).toBe(await jose.calculateJwkThumbprint(a.header.jwk as jose.JWK));
  });

  it("carries the nonce a server gave in the next proof to that server's origin only", async () => {
    const key = await DpopKey.create('ES256');
    await key.learnNonce('https://mcp.example/mcp', 'server-nonce-1');
    const there = await verified((await key.proofHeaders('POST', 'https://mcp.example/mcp', 't0123')).dpop);
    const elsewhere = await verified((await key.proofHeaders('POST', 'https://other.example/mcp', 't0123')).dpop);
    expect(there.payload.nonce).toBe('server-nonce-1');
    expect(elsewhere.payload).not.toHaveProperty('nonce');
  });
});
