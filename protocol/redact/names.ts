/** What a name means: whether a flag, header, variable or field names a credential. */

/** Whole words (after splitting on -, _, ., camelCase) that make a name a credential's. */
const CREDENTIAL_WORDS = new Set([
  'token',
  'secret',
  'secrets',
  'password',
  'passwd',
  'passphrase',
  'pwd',
  'apikey',
  'auth',
  'authorization',
  'credential',
  'credentials',
  'cookie',
  'bearer',
  'key',
  'pat',
  'sig',
  'signature',
]);
/** A last word that says the value describes a credential rather than being one: `--token-file p`. */
const NOT_CREDENTIAL_LAST = new Set(['file', 'path', 'dir', 'url', 'uri', 'endpoint', 'type', 'mode', 'method', 'env', 'var', 'name']);
/** A first word that makes it a quantity: `--max-token 100`. */
const NOT_CREDENTIAL_FIRST = new Set(['max', 'min', 'num']);

function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
}

export function isCredentialName(name: string): boolean {
  const w = words(name);
  const first = w[0];
  const last = w.at(-1);
  if (first === undefined || last === undefined) return false;
  if (w.length > 1 && (NOT_CREDENTIAL_LAST.has(last) || NOT_CREDENTIAL_FIRST.has(first))) return false;
  return w.some((word) => CREDENTIAL_WORDS.has(word));
}
