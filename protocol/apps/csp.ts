/**
 * An MCP App's Content-Security-Policy, from what its UI resource declares in `_meta.ui.csp`
 * (the `io.modelcontextprotocol/ui` extension): nothing reaches the network unless declared,
 * and a declared origin is only ever an origin, so no value a server writes can add a directive,
 * a keyword or a nonce to the policy. The bridge's sandbox serves the policy as a header; the
 * app shows the same text and what was set aside.
 */
import { z } from 'zod';

export const declaredCspSchema = z
  .object({
    connectDomains: z.array(z.unknown()).optional(),
    resourceDomains: z.array(z.unknown()).optional(),
    frameDomains: z.array(z.unknown()).optional(),
    baseUriDomains: z.array(z.unknown()).optional(),
  })
  .loose();
export type DeclaredCsp = z.infer<typeof declaredCspSchema>;

export type CspField = 'connectDomains' | 'resourceDomains' | 'frameDomains' | 'baseUriDomains';
export const CSP_FIELDS: readonly CspField[] = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'];

/** An origin, with a wildcard for subdomains at most: `https://cdn.example.com`, `wss://*.example.com:8443`. */
const ORIGIN = /^(https?|wss?):\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i;

export interface AppCsp {
  /** The policy, one line. */
  policy: string;
  /** The origins kept, by field. */
  allowed: Record<CspField, string[]>;
  /** What was set aside and why (a value that is no origin). */
  rejected: { field: CspField; value: string; reason: string }[];
}

/** The policy an app runs under: its declared origins where they are origins, none otherwise. */
export function appCsp(declared: unknown): AppCsp {
  const parsed = declaredCspSchema.safeParse(declared ?? {});
  const fields: DeclaredCsp = parsed.success ? parsed.data : {};
  const allowed: Record<CspField, string[]> = { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] };
  const rejected: AppCsp['rejected'] = [];
  if (!parsed.success && declared !== undefined)
    rejected.push({ field: 'connectDomains', value: short(declared), reason: 'csp is not an object of origin lists' });
  for (const field of CSP_FIELDS) {
    for (const value of fields[field] ?? []) {
      if (typeof value !== 'string') rejected.push({ field, value: short(value), reason: 'not a string' });
      else if (!ORIGIN.test(value)) rejected.push({ field, value: short(value), reason: 'not an origin (scheme://host[:port])' });
      else if (!allowed[field].includes(value.toLowerCase())) allowed[field].push(value.toLowerCase());
    }
  }
  const list = (values: string[]): string => values.map((v) => ` ${v}`).join('');
  const resources = list(allowed.resourceDomains);
  const or = (values: string[], otherwise: string): string => (values.length ? list(values).trim() : otherwise);
  // The extension's construction: with no `csp` declared an app may reach nothing (connect-src
  // 'none'); with one, its own origin and the declared ones.
  const directives = [
    "default-src 'none'",
    `script-src 'self' 'unsafe-inline'${resources}`,
    `style-src 'self' 'unsafe-inline'${resources}`,
    `connect-src ${declared === undefined ? "'none'" : `'self'${list(allowed.connectDomains)}`}`,
    `img-src 'self' data:${resources}`,
    `font-src 'self'${resources}`,
    `media-src 'self' data:${resources}`,
    `frame-src ${or(allowed.frameDomains, "'none'")}`,
    "object-src 'none'",
    `base-uri ${or(allowed.baseUriDomains, "'self'")}`,
  ];
  return { policy: directives.join('; '), allowed, rejected };
}

function short(value: unknown): string {
  let text: string;
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
