/**
 * A browser step with no browser and no user: the authorization URL is fetched (redirects not
 * followed) and the redirect's Location is read as what came back. The conformance suite's
 * authorization servers answer the authorization request at once with that redirect; a real one
 * shows a login page, which this reports as such.
 */
import type { AuthorizationAnswer, BrowserStep } from './types.js';

export class RedirectReadingBrowser implements BrowserStep {
  constructor(private readonly redirect = 'http://127.0.0.1/oauth/callback') {}

  redirectUri(): Promise<string> {
    return Promise.resolve(this.redirect);
  }

  async authorize(url: URL, _state: string, announce: (url: string) => void): Promise<AuthorizationAnswer> {
    announce(url.href);
    let response: Response;
    try {
      response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(30_000) });
    } catch (error) {
      return { ok: false, reason: `the authorization endpoint could not be reached: ${(error as Error).message}` };
    }
    await response.body?.cancel().catch(() => undefined);
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || location === null)
      return { ok: false, reason: `the authorization endpoint answered HTTP ${response.status} without a redirect (it wants a person)` };
    let target: URL;
    try {
      target = new URL(location, url);
    } catch {
      return { ok: false, reason: 'the authorization endpoint redirected to something that is not a URL' };
    }
    if (!target.href.startsWith(this.redirect))
      return { ok: false, reason: 'the authorization endpoint redirected somewhere other than the redirect URI' };
    return { ok: true, params: target.searchParams };
  }
}
