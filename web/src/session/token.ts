/**
 * The token arrives in the URL fragment (never sent to a server, never in a server-rendered
 * page). We keep it for this tab only and take it out of the address bar at once, so it is
 * not left on screen, in screenshots or in the history. The fragment's other parameters (the
 * timeline's view) are left exactly as they were written, byte for byte.
 */
const KEY = 'mcp-lens.token';

/** The token this page load tries, and what it falls back on. */
export interface TokenChoice {
  /** The address's token, else the one this tab kept. */
  token: string | undefined;
  /** The token this tab kept, when the address brought another: tried if the address's is refused. */
  kept?: string;
  /** The load's fragment, without its token, when the address carried one: a printed address's requests (`connect`). */
  fragment?: string;
}

export function takeToken(): TokenChoice {
  const { hash, token } = withoutToken(window.location.hash);
  const kept = sessionStorage.getItem(KEY) ?? undefined;
  if (!token) return { token: kept };
  window.history.replaceState(null, '', window.location.pathname + window.location.search + hash);
  // Not kept yet: another page can navigate this tab to `#token=junk`, which must not replace a
  // working token. It is kept once the bridge has accepted it (keepToken).
  return { token, ...(kept !== undefined && kept !== token ? { kept } : {}), fragment: hash };
}

/** The token the bridge accepted: this tab's, for its next loads. */
export function keepToken(token: string): void {
  sessionStorage.setItem(KEY, token);
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
