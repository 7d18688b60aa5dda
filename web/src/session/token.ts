/**
 * The token arrives in the URL fragment (never sent to a server, never in a server-rendered
 * page). We keep it for this tab only and take it out of the address bar at once, so it is
 * not left on screen, in screenshots or in the history. The fragment's other parameters (the
 * timeline's view) are left exactly as they were written, byte for byte.
 */
const KEY = 'mcp-lens.token';

export function takeToken(): string | undefined {
  const { hash, token } = withoutToken(window.location.hash);
  if (token) {
    sessionStorage.setItem(KEY, token);
    window.history.replaceState(null, '', window.location.pathname + window.location.search + hash);
    return token;
  }
  return sessionStorage.getItem(KEY) ?? undefined;
}

/** The fragment without its `token` parameter, and the token it held. Pure. */
export function withoutToken(hash: string): { hash: string; token: string | undefined } {
  let token: string | undefined;
  const kept: string[] = [];
  for (const part of hash.replace(/^#/, '').split('&')) {
    if (part === '') continue;
    if (part === 'token' || part.startsWith('token=')) {
      token ??= new URLSearchParams(part).get('token') ?? undefined;
      continue;
    }
    kept.push(part);
  }
  return { hash: kept.length > 0 ? `#${kept.join('&')}` : '', token: token || undefined };
}
