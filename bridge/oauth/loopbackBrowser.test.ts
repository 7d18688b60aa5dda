// The CLI's browser step, driven as a browser would: the redirect to 127.0.0.1/oauth/callback with
// the right state resolves the authorization; a wrong, reused or expired state is refused with a
// page that says so; --no-browser prints the URL; the listener is gone once nothing waits.
import { describe, expect, it } from 'vitest';
import { fixedPort } from '../testing/fixedPort.js';
import { LoopbackBrowser } from './loopbackBrowser.js';

const AUTHORIZE = new URL('https://as.example/authorize?client_id=c&state=s-1');

function browser(options: { noBrowser?: boolean; expiresMs?: number; port?: number } = {}) {
  const said: string[] = [];
  const opened: string[] = [];
  // Read by each authorize(): a test may change the wait between two of them.
  const settings = {
    say: (t: string) => said.push(t),
    open: (url: string) => {
      opened.push(url);
      return Promise.resolve();
    },
    ...options,
  };
  const step = new LoopbackBrowser(settings);
  return { step, said, opened, settings };
}

describe('LoopbackBrowser', () => {
  it('opens the URL, takes the callback with the right state once, and refuses a wrong or reused one', async () => {
    const { step, said, opened } = browser();
    const redirect = await step.redirectUri();
    expect(redirect).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/oauth\/callback$/);
    const announced: string[] = [];
    const answer = step.authorize(AUTHORIZE, 's-1', (u) => announced.push(u));
    await expect.poll(() => opened).toEqual([AUTHORIZE.href]);
    expect(announced).toEqual([AUTHORIZE.href]);
    expect(said[0]).toContain(AUTHORIZE.href);

    const wrong = await fetch(`${redirect}?code=x&state=other`);
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('unknown, already used, or expired');

    const right = await fetch(`${redirect}?code=the-code&state=s-1&iss=https%3A%2F%2Fas.example`);
    expect(right.status).toBe(200);
    expect(right.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await right.text()).toContain('Authorized');
    const got = await answer;
    expect(got.ok && got.params.get('code')).toBe('the-code');
    expect(got.ok && got.params.get('iss')).toBe('https://as.example');

    // One use: the listener is gone with the last wait, and a reused state finds nothing.
    await expect(fetch(`${redirect}?code=the-code&state=s-1`)).rejects.toThrow();
  });

  it('comes back on the same port for the next authorization, where a reused state is refused', async () => {
    const { step } = browser({ port: await fixedPort() });
    const redirect = await step.redirectUri();
    const first = step.authorize(AUTHORIZE, 's-1', () => undefined);
    await fetch(`${redirect}?code=a&state=s-1`);
    await first;
    expect(await step.redirectUri()).toBe(redirect);
    const second = step.authorize(AUTHORIZE, 's-2', () => undefined);
    const reused = await fetch(`${redirect}?code=a&state=s-1`);
    expect(reused.status).toBe(400);
    await fetch(`${redirect}?code=b&state=s-2`);
    const got = await second;
    expect(got.ok && got.params.get('code')).toBe('b');
    step.close();
  });

  it('with --no-browser prints the URL and opens nothing; an expired state is refused', async () => {
    const { step, said, opened, settings } = browser({ noBrowser: true, expiresMs: 50, port: await fixedPort() });
    const redirect = await step.redirectUri();
    const answer = await step.authorize(AUTHORIZE, 's-1', () => undefined);
    expect(said).toEqual([`Open this URL to authorize: ${AUTHORIZE.href}`]);
    expect(opened).toEqual([]);
    expect(answer).toEqual({ ok: false, reason: 'nothing came back to /oauth/callback within 50 ms' });
    // A later wait brings the listener back: the expired state is still refused. That wait must
    // outlast the fetch below on a loaded machine, so it is given the usual ten minutes.
    settings.expiresMs = 600_000;
    const next = step.authorize(AUTHORIZE, 's-2', () => undefined);
    expect(await step.redirectUri()).toBe(redirect);
    const late = await fetch(`${redirect}?code=x&state=s-1`);
    expect(late.status).toBe(400);
    step.close();
    expect(await next).toEqual({ ok: false, reason: 'the command is stopping' });
  });

  it('an error answer is taken, and its words are not shown on the page', async () => {
    const { step } = browser();
    const redirect = await step.redirectUri();
    const answer = step.authorize(AUTHORIZE, 's-1', () => undefined);
    const page = await fetch(`${redirect}?error=access_denied&error_description=%3Cscript%3Ealert(1)%3C%2Fscript%3E&state=s-1`);
    const html = await page.text();
    expect(html).toContain('Not authorized');
    expect(html).not.toContain('script');
    const got = await answer;
    expect(got.ok && got.params.get('error')).toBe('access_denied');
  });
});
