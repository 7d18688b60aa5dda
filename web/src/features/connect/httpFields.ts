/**
 * The connect form's URL mode: a Streamable HTTP server's URL, its headers ("Name: value" per
 * line), a bearer token (a secret: kept in this tab's and the bridge's memory, masked wherever
 * recorded), values to mark secret, and the time a request may wait for its response.
 */
import type { HttpServerConfig } from '../../../../protocol/envelope.js';

export interface HttpFields {
  url: string;
  headers: string;
  token: string;
  secrets: string;
  timeoutMs: string;
}

export const EMPTY_HTTP_FIELDS: HttpFields = { url: '', headers: '', token: '', secrets: '', timeoutMs: '' };

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export function httpFieldsToConfig(fields: HttpFields): { config?: HttpServerConfig; errors: string[] } {
  const errors: string[] = [];
  const url = fields.url.trim();
  if (url === '') errors.push('URL is required');
  else if (!/^https?:\/\/[^/?#\s]+/i.test(url)) errors.push(`URL must start with http:// or https:// and name a host, not "${url}"`);
  const headers: Record<string, string> = {};
  fields.headers.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    const colon = line.indexOf(':');
    const name = colon === -1 ? '' : line.slice(0, colon).trim();
    if (!TOKEN.test(name)) errors.push(`Headers, line ${i + 1}: write Name: value, not "${line.trim()}"`);
    else headers[name] = line.slice(colon + 1).trim();
  });
  const token = fields.token.trim();
  const secrets = fields.secrets.split('\n').filter((s) => s.trim() !== '');
  if (token !== '') {
    if (Object.keys(headers).some((n) => n.toLowerCase() === 'authorization'))
      errors.push('Give the bearer token or an Authorization header, not both');
    else {
      headers.Authorization = `Bearer ${token}`;
      secrets.push(token);
    }
  }
  const timeout = fields.timeoutMs.trim();
  const timeoutMs = timeout === '' ? undefined : Number(timeout);
  if (timeoutMs !== undefined && (!Number.isInteger(timeoutMs) || timeoutMs <= 0 || timeoutMs > 3_600_000))
    errors.push(`Timeout must be a whole number of milliseconds up to an hour, not "${timeout}"`);
  if (errors.length > 0) return { errors };
  return {
    config: {
      transport: 'http',
      url,
      headers,
      ...(secrets.length > 0 ? { secrets } : {}),
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    },
    errors,
  };
}

/** A remote server (from a config file) in the form: a `Bearer` Authorization header goes to the token field. */
export function httpConfigToFields(config: HttpServerConfig): HttpFields {
  const headers = Object.entries(config.headers);
  const bearer = headers.find(([name, value]) => name.toLowerCase() === 'authorization' && /^Bearer\s+\S/i.test(value));
  const token = bearer ? bearer[1].replace(/^Bearer\s+/i, '') : '';
  return {
    url: config.url,
    headers: headers
      .filter((h) => h !== bearer)
      .map(([name, value]) => `${name}: ${value}`)
      .join('\n'),
    token,
    secrets: (config.secrets ?? []).filter((s) => s !== token).join('\n'),
    timeoutMs: config.timeoutMs === undefined ? '' : String(config.timeoutMs),
  };
}
