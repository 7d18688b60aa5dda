// MCP_LENS_DEMO_VARIANT=changed: the same demo server with one answer changed, so a session
// recorded against the standard demo has something to find when replayed (`mcp-lens replay`).
// The only change: echo's text starts "Echoed: " instead of "Echo: ". Any other value, or none,
// is the standard server.

export type DemoVariant = 'standard' | 'changed';

export const DEMO_VARIANT: DemoVariant = process.env.MCP_LENS_DEMO_VARIANT === 'changed' ? 'changed' : 'standard';

/** What echo puts before the message it was given. */
export function echoPrefix(variant: DemoVariant = DEMO_VARIANT): string {
  return variant === 'changed' ? 'Echoed: ' : 'Echo: ';
}
