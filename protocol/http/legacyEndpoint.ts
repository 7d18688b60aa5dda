/**
 * The 2024-11-05 HTTP+SSE transport, as the Streamable HTTP revisions' backwards compatibility
 * describes it: a server that refuses a POST of initialize (400, 404, 405) may be an older one;
 * the client then GETs the same URL, expecting an SSE stream whose first event is `endpoint`,
 * its data the URL every message is POSTed to. Answers and the server's own messages come on
 * that stream. The endpoint is the server's string, so it is read as hostile: it must resolve on
 * the connection's own origin, since the connection's headers (a bearer token) go with each POST.
 */

/** The statuses after which a POST of initialize is tried again the older way. */
export const LEGACY_FALLBACK_STATUSES: ReadonlySet<number> = new Set([400, 404, 405]);

/** The SSE event that names where messages go. */
export const ENDPOINT_EVENT = 'endpoint';

export type EndpointReading = { ok: true; url: string } | { ok: false; reason: string };

/** The URL an `endpoint` event's data names, resolved against the connection's URL; refused off its origin. */
export function readEndpoint(base: string, data: string): EndpointReading {
  const given = data.trim();
  const shown = JSON.stringify(given.length > 200 ? `${given.slice(0, 200)}…` : given);
  if (given === '') return { ok: false, reason: 'the endpoint event names no URL' };
  let baseUrl: URL;
  let url: URL;
  try {
    baseUrl = new URL(base);
    url = new URL(given, baseUrl);
  } catch {
    return { ok: false, reason: `the endpoint event names ${shown}, which is not a URL` };
  }
  if (url.origin !== baseUrl.origin)
    return {
      ok: false,
      reason: `the endpoint event names ${shown}, on ${url.origin} rather than the server's own ${baseUrl.origin}: refused, since every message would carry the connection's headers there`,
    };
  url.hash = '';
  return { ok: true, url: url.href };
}
