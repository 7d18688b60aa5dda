/**
 * What a server offers, read from the capabilities it declared (InitializeResult in the
 * handshake flow, server/discover in the stateless one). A client only uses what was declared
 * (2025-11-25 lifecycle, "Operation"); a method behind an undeclared capability is -32601. So the
 * app says "not offered" rather than asking and showing the refusal. `unknown`: the server never
 * said (a stateless connection opened without server/discover), and asking is the only way to know.
 */
export type Feature = 'tools' | 'resources' | 'prompts' | 'logging' | 'completions';

export type Offer = 'yes' | 'no' | 'unknown';

export function serverOffers(capabilities: unknown, feature: Feature): Offer {
  if (typeof capabilities !== 'object' || capabilities === null || Array.isArray(capabilities)) return 'unknown';
  const value = (capabilities as Record<string, unknown>)[feature];
  // The spec's shape is an object ({} when it has no options); anything else is not a declaration.
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? 'yes' : 'no';
}

/** The sentence a panel shows in place of a list the server does not offer. */
export function notOfferedText(feature: Exclude<Feature, 'logging' | 'completions'>): string {
  return `This server does not offer ${feature}: it declares no ${feature} capability, so ${feature}/list is not sent.`;
}
