// Walks the demo authorization server's sign-in and consent with plain fetch, as a user in a
// browser would (cookies kept, redirects followed by hand), for tests without a browser. It
// knows only this server's pages (interactions.ts): any other page is an error.

export interface CompleteAuthorizationOptions {
  /** Who signs in (default `demo-user`). */
  username?: string;
  /** Deny at the consent page instead of allowing (the client then gets access_denied). */
  deny?: boolean;
}

/** Each step the walk may take at most: sign-in, consent and their redirects fit well within. */
const MAX_STEPS = 12;

class CookieJar {
  readonly #cookies = new Map<string, { value: string; path: string }>();

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const equals = pair.indexOf('=');
      if (equals <= 0) continue;
      const name = pair.slice(0, equals);
      const value = pair.slice(equals + 1);
      let path = '/';
      let expired = value === '';
      for (const attribute of attributes) {
        const [key = '', arg = ''] = attribute.split('=');
        if (key.toLowerCase() === 'path') path = arg;
        else if (key.toLowerCase() === 'max-age' && Number(arg) <= 0) expired = true;
        else if (key.toLowerCase() === 'expires' && Date.parse(arg) <= Date.now()) expired = true;
      }
      if (expired) this.#cookies.delete(name);
      else this.#cookies.set(name, { value, path });
    }
  }

  header(url: URL): string {
    return [...this.#cookies]
      .filter(
        ([, cookie]) =>
          url.pathname === cookie.path || url.pathname.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`),
      )
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join('; ');
  }
}

/** The action of the page's form that ends in `/suffix`. */
function formAction(html: string, suffix: string): string | undefined {
  for (const match of html.matchAll(/<form\b[^>]*\baction="([^"]+)"/g)) if (match[1]?.endsWith(`/${suffix}`)) return match[1];
  return undefined;
}

/**
 * Signs in and consents at the authorization server `authorizationUrl` points to; resolves with
 * the URL the server redirected to that is not its own (the client's redirect URI, with `code`,
 * `state` and `iss`, or `error`).
 */
export async function completeAuthorization(authorizationUrl: string | URL, options: CompleteAuthorizationOptions = {}): Promise<URL> {
  const jar = new CookieJar();
  const server = new URL(authorizationUrl).origin;
  let url = new URL(authorizationUrl);
  let form: URLSearchParams | undefined;
  for (let step = 0; step < MAX_STEPS; step++) {
    const cookie = jar.header(url);
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { ...(cookie ? { cookie } : {}), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: form?.toString(),
    });
    jar.take(response);
    form = undefined;
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location !== null) {
      await response.body?.cancel();
      const next = new URL(location, url);
      if (next.origin !== server) return next;
      url = next;
      continue;
    }
    const html = await response.text();
    if (response.status !== 200)
      throw new Error(
        `the authorization server answered ${response.status}: ${html
          .replace(/<[^>]*>/g, ' ')
          .trim()
          .slice(0, 300)}`,
      );
    const login = formAction(html, 'login');
    const consent = formAction(html, options.deny ? 'abort' : 'confirm');
    const action = login ?? consent;
    if (action === undefined) throw new Error(`not a sign-in or consent page at ${url.href}`);
    form = new URLSearchParams(login ? { username: options.username ?? 'demo-user' } : {});
    url = new URL(action, url);
  }
  throw new Error(`the authorization did not reach the client's redirect URI within ${MAX_STEPS} steps`);
}
