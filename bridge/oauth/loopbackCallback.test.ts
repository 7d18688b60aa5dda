import { describe, expect, it } from 'vitest';
import { LoopbackCallback } from './loopbackCallback.js';

describe("the bridge's OAuth callback", () => {
  it('answers the flow whose state came back, once, and refuses a state it does not hold', async () => {
    const callback = new LoopbackCallback(() => 'http://127.0.0.1:6280');
    expect(await callback.redirectUri()).toBe('http://127.0.0.1:6280/oauth/callback');
    let announced = '';
    const answer = callback.authorize(new URL('https://as.example/authorize?x=1'), 'state-1', (url) => (announced = url));
    expect(announced).toBe('https://as.example/authorize?x=1');

    expect(callback.receive(new URLSearchParams({ state: 'guessed', code: 'c' })).status).toBe(400);
    const first = callback.receive(new URLSearchParams({ state: 'state-1', code: 'c' }));
    expect(first.status).toBe(200);
    expect(first.page).toContain('Authorized');
    expect(await answer).toMatchObject({ ok: true });
    // One use: the same state again finds nothing.
    expect(callback.receive(new URLSearchParams({ state: 'state-1', code: 'c' })).status).toBe(400);
  });

  it("never shows the server's error words (they are not checked yet)", () => {
    const callback = new LoopbackCallback(() => 'http://127.0.0.1:6280');
    void callback.authorize(new URL('https://as.example/authorize'), 's', () => undefined);
    const { page } = callback.receive(
      new URLSearchParams({ state: 's', error: 'access_denied', error_description: '<img src=x onerror=alert(1)>' }),
    );
    expect(page).toContain('Not authorized');
    expect(page).not.toContain('img');
    expect(page).not.toContain('access_denied');
  });

  it('lets a flow go with a reason once it expires', async () => {
    const callback = new LoopbackCallback(() => 'http://127.0.0.1:6280', 1);
    expect(await callback.authorize(new URL('https://as.example/authorize'), 's', () => undefined)).toMatchObject({ ok: false });
    expect(callback.receive(new URLSearchParams({ state: 's' })).status).toBe(400);
  });
});
