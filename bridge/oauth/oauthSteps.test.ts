/**
 * The OAuth flow on a real bridge, beyond the first authorization: a token that stopped working
 * is refreshed (no second trip to the browser), and a connection that walks the flow step by
 * step holds each request until the user lets it go, or cancels it (the 401 is then the answer).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthEvent, BridgeEvent } from '../../protocol/envelope.js';
import { BridgeClient, startTestBridge, type TestBridge } from '../testing/bridgeClient.js';
import { startOAuthFixture, type OAuthFixture } from '../testing/oauthFixture.js';

const isAuth = (e: BridgeEvent): e is AuthEvent => e.kind === 'auth';
const HEADERS = { Accept: 'application/json, text/event-stream', 'Content-Type': 'application/json', 'MCP-Protocol-Version': '2025-11-25' };

function listTools(client: BridgeClient, conn: string, req: string): void {
  client.send({
    type: 'http',
    conn,
    req,
    method: 'POST',
    headers: HEADERS,
    text: `{"jsonrpc":"2.0","id":"${req}","method":"tools/list","params":{}}`,
  });
}

async function actAsBrowser(authorizationUrl: string): Promise<void> {
  const atServer = await fetch(authorizationUrl, { redirect: 'manual' });
  await (await fetch(atServer.headers.get('location') ?? '', { redirect: 'manual' })).text();
}

describe('the OAuth flow after the first authorization, and step by step', () => {
  let t: TestBridge;
  let fixture: OAuthFixture;
  let client: BridgeClient;
  beforeAll(async () => {
    [t, fixture] = await Promise.all([startTestBridge(), startOAuthFixture()]);
    client = await BridgeClient.connect(t.bridge);
  });
  afterAll(async () => {
    client.ws.close();
    await Promise.all([t.dispose(), fixture.close()]);
  });

  it('refreshes a token the server stopped accepting, without the browser', async () => {
    client.send({ type: 'spawn', conn: 'r', config: { transport: 'http', url: fixture.url, headers: {} } });
    await client.waitForEvent((e) => e.kind === 'spawn' && e.conn === 'r');
    listTools(client, 'r', 'r1');
    const waiting = await client.waitForEvent<AuthEvent>((e) => isAuth(e) && e.conn === 'r' && e.phase === 'waiting');
    await actAsBrowser(waiting.authorizationUrl ?? '');
    await client.waitForEvent((e) => e.kind === 'http' && e.conn === 'r' && e.req === 'r1' && e.phase === 'end');

    fixture.expireTokens();
    const from = client.mark();
    listTools(client, 'r', 'r2');
    const end = await client.waitForEvent(
      (e) => e.kind === 'http' && e.conn === 'r' && e.req === 'r2' && (e.phase === 'end' || e.phase === 'error'),
      {
        from,
      },
    );
    expect(end).toMatchObject({ phase: 'end' });
    const steps = client.events
      .slice(from)
      .filter(isAuth)
      .map((e) => `${e.step} ${e.phase}`);
    expect(steps).toContain('refresh ok');
    expect(steps).not.toContain('authorization waiting');
    expect(client.events.slice(from).filter((e) => e.kind === 'http' && e.req === 'r2' && e.phase === 'response')).toMatchObject([
      { status: 200 },
    ]);
  });

  it('holds each request of a step-by-step flow until auth-step, and a cancel leaves the 401 as the answer', async () => {
    client.send({ type: 'spawn', conn: 's', config: { transport: 'http', url: fixture.url, headers: {}, oauth: { stepByStep: true } } });
    await client.waitForEvent((e) => e.kind === 'spawn' && e.conn === 's');
    const before = fixture.seen.length;
    listTools(client, 's', 's1');
    const held = await client.waitForEvent<AuthEvent>((e) => isAuth(e) && e.conn === 's' && e.phase === 'request');
    expect(held).toMatchObject({ step: 'resource-metadata', held: true });
    // Held: nothing went to the metadata URL yet.
    expect(fixture.seen.slice(before)).toEqual(['POST /mcp']);

    client.send({ type: 'auth-step', conn: 's', run: held.run });
    const next = await client.waitForEvent<AuthEvent>(
      (e) => isAuth(e) && e.conn === 's' && e.phase === 'request' && e.step === 'server-metadata',
    );
    expect(fixture.seen.slice(before)).toEqual(['POST /mcp', 'GET /.well-known/oauth-protected-resource/mcp']);

    client.send({ type: 'auth-step', conn: 's', run: next.run, cancel: true });
    const response = await client.waitForEvent((e) => e.kind === 'http' && e.conn === 's' && e.req === 's1' && e.phase === 'response');
    expect(response).toMatchObject({ status: 401 });
    expect(fixture.seen.slice(before)).toEqual(['POST /mcp', 'GET /.well-known/oauth-protected-resource/mcp']);

    // A step for a flow that holds nothing is refused, said to the sender.
    client.send({ type: 'auth-step', conn: 's', run: next.run });
    await client.waitFor(() => client.rejected.some((m) => m.includes('auth-step')));
  });
});
