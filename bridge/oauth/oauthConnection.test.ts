/**
 * An HTTP connection to a server behind OAuth, through a real bridge: the first request meets a
 * 401, the bridge runs the flow (discovery, registration, the browser sent to the authorization
 * endpoint and back to the bridge's own /oauth/callback, the token), sends the same request
 * again under the same exchange, and the tool list comes back. Nothing the flow handled in
 * secret reaches the journal.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthEvent, BridgeEvent } from '../../protocol/envelope.js';
import { BridgeClient, startTestBridge, type TestBridge } from '../testing/bridgeClient.js';
import { startOAuthFixture, type OAuthFixture } from '../testing/oauthFixture.js';

const isAuth = (e: BridgeEvent): e is AuthEvent => e.kind === 'auth';

/** What the user's browser does with the authorization URL: follow the redirect back to the bridge. */
async function actAsBrowser(authorizationUrl: string): Promise<string> {
  const atServer = await fetch(authorizationUrl, { redirect: 'manual' });
  const location = atServer.headers.get('location') ?? '';
  const atBridge = await fetch(location, { redirect: 'manual' });
  return atBridge.text();
}

describe('an HTTP connection to a server that needs authorization', () => {
  let t: TestBridge;
  let fixture: OAuthFixture;
  beforeAll(async () => {
    [t, fixture] = await Promise.all([startTestBridge(), startOAuthFixture()]);
  });
  afterAll(async () => {
    await Promise.all([t.dispose(), fixture.close()]);
  });

  it('runs the flow on the 401, lists the tools under the same exchange, and journals no secret', async () => {
    const client = await BridgeClient.connect(t.bridge);
    client.send({ type: 'spawn', conn: 'c1', config: { transport: 'http', url: fixture.url, headers: {} } });
    await client.waitForEvent((e) => e.kind === 'spawn' && e.conn === 'c1', { what: 'the connection open' });
    client.send({
      type: 'http',
      conn: 'c1',
      req: 'h1',
      method: 'POST',
      headers: { Accept: 'application/json, text/event-stream', 'Content-Type': 'application/json', 'MCP-Protocol-Version': '2025-11-25' },
      text: '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}',
    });
    const waiting = await client.waitForEvent<AuthEvent>((e) => isAuth(e) && e.phase === 'waiting', { what: 'the authorization URL' });
    const page = await actAsBrowser(waiting.authorizationUrl ?? '');
    expect(page).toContain('Authorized');

    const answer = await client.waitForEvent(
      (e) => e.kind === 'line' && e.conn === 'c1' && e.stream === 'stdout' && (e.text ?? '').includes('behind-oauth'),
      {
        what: 'the tool list',
      },
    );
    expect(answer).toMatchObject({ kind: 'line' });
    // The 401 went to the authorization lane, not to the engine: the exchange's one response is the 200.
    const responses = client.events.filter((e) => e.kind === 'http' && e.req === 'h1' && e.phase === 'response');
    expect(responses).toMatchObject([{ status: 200 }]);
    const steps = client.events.filter(isAuth).map((e) => `${e.step} ${e.phase}`);
    for (const step of [
      'challenge info',
      'resource-metadata ok',
      'server-metadata ok',
      'registration ok',
      'callback ok',
      'token ok',
      'retry request',
    ])
      expect(steps).toContain(step);
    expect(fixture.tokenRequests[0]?.get('resource')).toBe(fixture.url);
    // One run: the challenge, every step of the flow, the retry.
    expect(new Set(client.events.filter(isAuth).map((e) => e.run)).size).toBe(1);

    // A later request carries the token without another flow.
    client.send({
      type: 'http',
      conn: 'c1',
      req: 'h2',
      method: 'POST',
      headers: { Accept: 'application/json, text/event-stream', 'Content-Type': 'application/json', 'MCP-Protocol-Version': '2025-11-25' },
      text: '{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}',
    });
    await client.waitForEvent((e) => e.kind === 'http' && e.req === 'h2' && e.phase === 'end', { what: 'the second exchange' });
    expect(client.events.filter((e) => isAuth(e) && e.step === 'token' && e.phase === 'ok')).toHaveLength(1);

    client.send({ type: 'stop', conn: 'c1' });
    await client.waitForEvent((e) => e.kind === 'exit' && e.conn === 'c1', { what: 'the connection closed' });
    const journal = fs.readFileSync(t.bridge.journalFile, 'utf8');
    expect(fixture.issued.length).toBeGreaterThanOrEqual(5);
    for (const value of fixture.issued) expect(journal).not.toContain(value);
    expect(journal).toContain('"kind":"auth"');
    client.ws.close();
  });
});
