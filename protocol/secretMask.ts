/**
 * Known secret values kept out of what is recorded: the values a connection's config holds (its
 * env values, credential arguments, headers, marked values) looked for wherever else they could
 * turn up, in a note the app writes or in a line a server echoes. Pure: the bridge masks what it
 * journals with it, and the app what it notes before a connection even starts.
 */
import type { ConnectionConfig, RedactedConnectionConfig } from './envelope.js';
import { isCredentialName, maskText, redactConnectionConfig, redactServerConfig, REDACTED, type Redaction } from './redact.js';
import type { Tour, TourServer } from './tour/format.js';

/**
 * Shorter values (`1`, `true`, `json`) are not looked for elsewhere: they would match everywhere,
 * and a JSON body's `true` masked would no longer parse.
 */
export const MIN_SECRET_LENGTH = 6;

/** The values a config holds in clear that the recorded config masks, long enough to look for. */
export function configSecrets(config: ConnectionConfig | RedactedConnectionConfig): string[] {
  return cleared(redactConnectionConfig(config).redactions);
}

function cleared(redactions: readonly Redaction[]): string[] {
  return [...new Set(redactions.flatMap((r) => (r.secret !== undefined && lookedFor(r, r.secret) ? [r.secret] : [])))];
}

/**
 * Whether a value is hunted for beyond its config. Every env value is masked in the recorded
 * config, but most are settings (`MODE=changed`, a path, a port), and masking such a word in every
 * note and line would corrupt them (a replay verdict's `"changed"`, a server's output). So an env
 * value is looked for elsewhere when its name is a credential's, or when it is shaped like one:
 * one word of letters and digits, at least 8 characters. Every other kind of redaction (a
 * credential flag, header, URL part, a marked value) names a credential already.
 */
function lookedFor(redaction: Redaction, value: string): boolean {
  if (value.length < MIN_SECRET_LENGTH) return false;
  if (redaction.rule !== 'env') return true;
  return isSecretEnvValue(redaction.key, value);
}

/**
 * Whether an env value is to be treated as a secret wherever it would be written out: its name is
 * a credential's, or it is shaped like one. The journal's masking and a copied command line judge
 * by this one rule, so a value the record hides is never spelled out in a command.
 */
export function isSecretEnvValue(key: string | undefined, value: string): boolean {
  if (key !== undefined && isCredentialName(key)) return true;
  return value.length >= 8 && !/\s/.test(value) && /\p{L}/u.test(value) && /\p{N}/u.test(value);
}

/** Each value as it appears in text, and as it appears inside a JSON string (quotes, backslashes escaped). */
export function secretForms(values: Iterable<string>): string[] {
  const forms = new Set<string>();
  for (const value of values) {
    if (value.length < MIN_SECRET_LENGTH) continue;
    forms.add(value);
    forms.add(JSON.stringify(value).slice(1, -1));
  }
  return [...forms];
}

/**
 * A JSON value with every occurrence of the values masked, in any string, key or not. When a
 * value spans JSON's own punctuation (it holds a quote, say) and masking it breaks the text, the
 * whole value gives way to the marker: nothing of it is kept rather than the secret.
 */
export function maskJson<T>(data: T, values: readonly string[]): T | string {
  if (values.length === 0 || data === undefined) return data;
  const text = JSON.stringify(data);
  if (text === undefined) return data;
  const masked = maskText(text, secretForms(values));
  if (masked.count === 0) return data;
  try {
    return JSON.parse(masked.text) as T;
  } catch {
    return REDACTED;
  }
}

/** The program and arguments of a server, as a note may tell them: by the same rules as its config. */
export function redactCommandLine(
  command: string,
  args: readonly string[],
  marked: readonly string[] = [],
): { command: string; args: string[] } {
  const { config } = redactServerConfig({ command, args: [...args], env: {} }, { marked });
  return { command: config.command, args: config.args };
}

/** The secrets a tour's server config holds (its env values, credential arguments). */
export function tourSecrets(tour: Pick<Tour, 'server'>): string[] {
  const server: TourServer = tour.server;
  if (!('command' in server)) return [];
  return cleared(redactServerConfig({ command: server.command, args: server.args, env: server.env }).redactions);
}

/** A tour's text as a note may carry it to followers and the journal: its server's secrets masked. */
export function maskTourText(text: string, tour: Pick<Tour, 'server'>): string {
  return maskText(text, secretForms(tourSecrets(tour))).text;
}
