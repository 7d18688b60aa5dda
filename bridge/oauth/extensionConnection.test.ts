/**
 * The 2026-07-28 authorization extensions on the wire, through the real bridge (HeadlessClient,
 * HttpHost, OAuthHost) against a real HTTP authorization server and MCP server: a DPoP-bound
 * token obtained after the token endpoint's use_dpop_nonce, presented with a fresh proof per
 * request and retried with the MCP server's nonce; client credentials with a private_key_jwt
 * assertion. Neither the token, the assertion nor the private key reaches a recorded event.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as jose from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeEvent } from '../../protocol/envelope.js';
import { HeadlessClient } from '../cli/headless.js';
import { MemoryTokenStore } from './memoryStore.js';
import { RedirectReadingBrowser } from './redirectReadingBrowser.js';
import type { ExtensionGrant } from '../../protocol/oauth/extensionGrants.js';

const ACCESS_TOKEN = 'dpop-bound-access-token-0123456789';
const AS_NONCE = 'as-nonce-abc';
const RS_NONCE = 'rs-nonce-xyz';

interface Seen {
  tokenRequests: { form: URLSearchParams; proof?: jose.JWTPayload }[];
  mcp: { method: string; scheme: string; proof?: jose.JWTPayload; jkt?: string }[];
}

async function proofOf(header: string | undefined): Promise<{ payload: jose.JWTPayload; jkt: string } | undefined> {
  if (header === undefined) return undefined;
  const protectedHeader = jose.decodeProtectedHeader(header);
  if (protectedHeader.typ !== 'dpop+jwt' || protectedHeader.jwk === undefined || 'd' in protectedHeader.jwk) return undefined;
  const key = await jose.importJWK(protectedHeader.jwk, protectedHeader.alg);
  const { payload } = await jose.jwtVerify(header, key);
  return { payload, jkt: await jose.calculateJwkThumbprint(protectedHeader.jwk) };
}

function body(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => resolve(text));
  });
}

/** An authorization server and an MCP server on one origin; DPoP with nonces, or client credentials with private_key_jwt. */
async function startServers(
  mode: 'dpop' | 'client-credentials',
  publicKey?: CryptoKey,
): Promise<{ url: string; seen: Seen; close: () => Promise<void> }> {
  const seen: Seen = { tokenRequests: [], mcp: [] };
  let origin = '';
  const json = (res: http.ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(value));
  };
  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', origin);
      const text = await body(req);
      if (url.pathname === '/.well-known/oauth-protected-resource/mcp')
        return json(res, 200, { resource: `${origin}/mcp`, authorization_servers: [origin] });
      if (url.pathname === '/.well-known/oauth-authorization-server')
        return json(res, 200, {
          issuer: origin,
          authorization_endpoint: `${origin}/authorize`,
          token_endpoint: `${origin}/token`,
          registration_endpoint: `${origin}/register`,
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: mode === 'dpop' ? ['none'] : ['private_key_jwt'],
          grant_types_supported: mode === 'dpop' ? ['authorization_code'] : ['client_credentials'],
          ...(mode === 'dpop' ? { dpop_signing_alg_values_supported: ['ES256'] } : {}),
        });
      if (url.pathname === '/register') return json(res, 201, { client_id: 'registered', token_endpoint_auth_method: 'none' });
      if (url.pathname === '/authorize') {
        const back = new URL(url.searchParams.get('redirect_uri') ?? '');
        back.searchParams.set('code', 'the-authorization-code');
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        res.writeHead(302, { location: back.href });
        return res.end();
      }
      if (url.pathname === '/token') {
        const form = new URLSearchParams(text);
        const proof = await proofOf(req.headers.dpop as string | undefined);
        seen.tokenRequests.push({ form, ...(proof ? { proof: proof.payload } : {}) });
        if (mode === 'client-credentials') {
          await jose.jwtVerify(form.get('client_assertion') ?? '', publicKey!, { audience: origin });
          return json(res, 200, { access_token: ACCESS_TOKEN, token_type: 'Bearer', expires_in: 60 });
        }
        if (proof?.payload.nonce !== AS_NONCE)
          return json(res, 400, { error: 'use_dpop_nonce' }, { 'dpop-nonce': AS_NONCE, 'cache-control': 'no-store' });
        return json(res, 200, { access_token: ACCESS_TOKEN, token_type: 'DPoP', expires_in: 60 });
      }
      if (url.pathname === '/mcp') {
        const authorization = req.headers.authorization;
        const challengeScheme = mode === 'dpop' ? 'DPoP' : 'Bearer';
        const metadata = `resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`;
        if (authorization === undefined) return json(res, 401, {}, { 'www-authenticate': `${challengeScheme} ${metadata}` });
        const [scheme = '', token] = authorization.split(' ');
        const proof = await proofOf(req.headers.dpop as string | undefined);
        seen.mcp.push({ method: req.method ?? '', scheme, ...(proof ? { proof: proof.payload, jkt: proof.jkt } : {}) });
        if (token !== ACCESS_TOKEN)
          return json(res, 401, {}, { 'www-authenticate': `${challengeScheme} error="invalid_token", ${metadata}` });
        if (mode === 'dpop' && proof?.payload.nonce !== RS_NONCE)
          return json(res, 401, {}, { 'www-authenticate': `DPoP error="use_dpop_nonce", ${metadata}`, 'dpop-nonce': RS_NONCE });
        if (req.method !== 'POST') {
          res.writeHead(405);
          return res.end();
        }
        const message = JSON.parse(text) as { id?: number; method: string };
        if (message.id === undefined) {
          res.writeHead(202);
          return res.end();
        }
        const result =
          message.method === 'initialize'
            ? { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'behind-extension-auth', version: '1' } }
            : { tools: [{ name: 'guarded', inputSchema: { type: 'object' } }] };
        return json(res, 200, { jsonrpc: '2.0', id: message.id, result });
      }
      json(res, 404, {});
    })().catch((error: unknown) => json(res, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: `${origin}/mcp`, seen, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

async function connectAndList(url: string, extension?: ExtensionGrant): Promise<{ tools: unknown; events: BridgeEvent[] }> {
  const client = new HeadlessClient(
    { transport: 'http', url, headers: {}, timeoutMs: 10_000 },
    { oauth: { store: new MemoryTokenStore(), browser: new RedirectReadingBrowser(), ...(extension ? { extension } : {}) } },
  );
  cleanup.push(() => client.stop());
  expect(await client.start()).toBeUndefined();
  const connected = await client.connect('handshake', {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'test', version: '1' },
    timeoutMs: 10_000,
  });
  expect(connected).toMatchObject({ ok: true });
  const outcome = await client.session!.request('tools/list', {}, { timeoutMs: 10_000 }).done;
  expect(outcome.kind).toBe('result');
  return { tools: outcome.kind === 'result' ? outcome.result.tools : undefined, events: client.events };
}

describe('the authorization extensions through the bridge', () => {
  it('DPoP: a proof on the token request retried with the nonce, then DPoP and a fresh proof (htm, htu, ath) on every MCP request, retried with its nonce', async () => {
    const servers = await startServers('dpop');
    cleanup.push(servers.close);
    const { tools, events } = await connectAndList(servers.url);
    expect(tools).toEqual([{ name: 'guarded', inputSchema: { type: 'object' } }]);

    const tokenProofs = servers.seen.tokenRequests.map((r) => r.proof);
    expect(tokenProofs).toHaveLength(2);
    expect(tokenProofs.map((p) => p?.nonce)).toEqual([undefined, AS_NONCE]);
    expect(tokenProofs[1]).toMatchObject({ htm: 'POST', htu: servers.url.replace('/mcp', '/token') });

    const presented = servers.seen.mcp;
    expect(presented.length).toBeGreaterThanOrEqual(3);
    const ath = jose.base64url.encode(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(ACCESS_TOKEN))));
    for (const request of presented) {
      expect(request.scheme).toBe('DPoP');
      expect(request.proof).toMatchObject({ htm: request.method, htu: servers.url, ath });
    }
    // One origin here: the first proof carries the nonce the token endpoint gave, which the MCP server refuses.
    expect(presented[0]?.proof?.nonce).not.toBe(RS_NONCE);
    expect(presented.slice(1).every((r) => r.proof?.nonce === RS_NONCE)).toBe(true);
    expect(new Set(presented.map((r) => r.proof?.jti)).size).toBe(presented.length);
    expect(new Set(presented.map((r) => r.jkt)).size).toBe(1);

    const recorded = JSON.stringify(events);
    expect(recorded).not.toContain(ACCESS_TOKEN);
    expect(recorded).not.toContain('the-authorization-code');
    expect(recorded).toContain('use_dpop_nonce');
  });

  it('client credentials with private_key_jwt: the assertion verifies with the public key, and neither it nor the key is recorded', async () => {
    const { publicKey, privateKey } = await jose.generateKeyPair('ES256', { extractable: true });
    const pem = await jose.exportPKCS8(privateKey);
    const servers = await startServers('client-credentials', publicKey);
    cleanup.push(servers.close);
    const { tools, events } = await connectAndList(servers.url, {
      kind: 'client-credentials-jwt',
      clientId: 'machine-client',
      privateKeyPem: pem,
      alg: 'ES256',
    });
    expect(tools).toEqual([{ name: 'guarded', inputSchema: { type: 'object' } }]);
    const [request] = servers.seen.tokenRequests;
    expect(request?.form.get('grant_type')).toBe('client_credentials');
    expect(servers.seen.mcp.every((r) => r.scheme === 'Bearer')).toBe(true);

    const recorded = JSON.stringify(events);
    const assertion = request?.form.get('client_assertion') ?? '';
    expect(assertion.length).toBeGreaterThan(20);
    expect(recorded).not.toContain(assertion);
    expect(recorded).not.toContain(ACCESS_TOKEN);
    const keyBody = pem.split('\n')[1] ?? '';
    expect(recorded).not.toContain(keyBody);
    expect(recorded).toContain('client_credentials');
  });
});
