/**
 * What of an OAuth request or response is never recorded: tokens, codes, verifiers, secrets and
 * assertions, wherever they sit (a form body, a JSON body, a URL's query, a Location header, an
 * Authorization header), besides every value the connection already knows as secret.
 */
import { maskText, REDACTED } from '../../protocol/redact.js';
import { TOKEN_PARAMS } from '../../protocol/oauth/secretParams.js';

/** Parameter and member names whose value is a secret: the credentials, the code, a DPoP private key's members. */
const SECRET_NAMES = new Set([...TOKEN_PARAMS, 'code', 'd', 'p', 'q', 'dp', 'dq', 'qi']);

/** Names the DPoP private key members share with ordinary words: masked inside JSON only. */
const JSON_ONLY = new Set(['d', 'p', 'q', 'dp', 'dq', 'qi']);

/** Every secret value found in a form or JSON body or a URL, to be learned and masked everywhere. */
export function secretsIn(text: string | undefined): string[] {
  if (text === undefined || text === '') return [];
  const found: string[] = [];
  const json = parseJson(text);
  if (json !== undefined) collectJson(json, found);
  else for (const [name, value] of formPairs(text)) if (SECRET_NAMES.has(name) && !JSON_ONLY.has(name) && value !== '') found.push(value);
  return found;
}

export function maskBody(text: string | undefined, known: readonly string[]): string | undefined {
  if (text === undefined) return undefined;
  return maskText(
    text,
    [...known, ...secretsIn(text)].filter((v) => v.length >= 4),
  ).text;
}

export function maskAuthUrl(url: string, known: readonly string[]): string {
  let out = url;
  try {
    const parsed = new URL(url);
    let changed = false;
    for (const name of [...parsed.searchParams.keys()])
      if (SECRET_NAMES.has(name) && !JSON_ONLY.has(name)) {
        parsed.searchParams.set(name, REDACTED);
        changed = true;
      }
    if (changed) out = parsed.href;
  } catch {
    // Not a URL: the known values are still masked.
  }
  return maskText(
    out,
    known.filter((v) => v.length >= 4),
  ).text;
}

/** Authorization keeps its scheme; Location is a URL; the rest by the known values. */
export function maskAuthHeaders(headers: Readonly<Record<string, string>>, known: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (lower === 'authorization' || lower === 'proxy-authorization' || lower === 'cookie' || lower === 'set-cookie') {
      const scheme = /^(\S+)\s+\S/.exec(value)?.[1];
      out[name] = scheme === undefined ? REDACTED : `${scheme} ${REDACTED}`;
    } else if (lower === 'location' || lower === 'content-location') out[name] = maskAuthUrl(value, known);
    else
      out[name] = maskText(
        value,
        known.filter((v) => v.length >= 4),
      ).text;
  }
  return out;
}

function collectJson(value: unknown, found: string[]): void {
  if (Array.isArray(value)) for (const item of value) collectJson(item, found);
  else if (typeof value === 'object' && value !== null)
    for (const [name, member] of Object.entries(value)) {
      if (SECRET_NAMES.has(name) && typeof member === 'string' && member !== '') found.push(member);
      else collectJson(member, found);
    }
}

function parseJson(text: string): unknown {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function formPairs(text: string): [string, string][] {
  try {
    return [...new URLSearchParams(text)];
  } catch {
    return [];
  }
}

interface ShownRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/**
 * A held request as the user edited it. The editor showed it masked, so a value still reading
 * as masked stands for the held value: a header equal to its shown value, a URL query or form
 * parameter that is still `[redacted]`, a body or URL left as shown. What the user changed goes
 * as written.
 */
export function keepMasked(
  held: ShownRequest,
  shown: ShownRequest,
  edit: { url?: string; headers?: Record<string, string>; body?: string },
): ShownRequest {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(edit.headers ?? shown.headers)) {
    const original = Object.entries(held.headers).find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1];
    const asShown = Object.entries(shown.headers).find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1];
    headers[name] = original !== undefined && value === asShown ? original : value;
  }
  const url = edit.url === undefined || edit.url === shown.url ? held.url : keepMaskedParams(edit.url, held.url);
  const body =
    edit.body === undefined || edit.body === shown.body
      ? held.body
      : held.body !== undefined && parseJson(held.body) === undefined
        ? keepMaskedForm(edit.body, held.body)
        : edit.body;
  return { method: held.method, url, headers, ...(body === undefined ? {} : { body }) };
}

function keepMaskedParams(edited: string, held: string): string {
  try {
    const out = new URL(edited);
    out.search = keepMaskedForm(out.search.slice(1), new URL(held).search.slice(1));
    return out.href;
  } catch {
    return edited;
  }
}

function keepMaskedForm(edited: string, held: string): string {
  const originals = new URLSearchParams(held);
  const out = new URLSearchParams(edited);
  for (const [name, value] of [...out]) if (value === REDACTED && originals.has(name)) out.set(name, originals.get(name) ?? '');
  return out.toString();
}
