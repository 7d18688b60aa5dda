/**
 * The token arrives in the URL fragment (never sent to a server, never in a server-rendered
 * page). We keep it for this tab only and take it out of the address bar at once, so it is
 * not left on screen, in screenshots or in the history.
 */
const KEY = 'mcp-lens.token';

export function takeToken(): string | undefined {
  const params = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const fromHash = params.get('token');
  if (fromHash) {
    sessionStorage.setItem(KEY, fromHash);
    params.delete('token');
    const rest = params.toString();
    const clean = window.location.pathname + window.location.search + (rest ? `#${rest}` : '');
    window.history.replaceState(null, '', clean);
    return fromHash;
  }
  return sessionStorage.getItem(KEY) ?? undefined;
}
