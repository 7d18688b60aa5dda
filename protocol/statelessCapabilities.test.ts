import { describe, expect, it } from 'vitest';
import { discoverRequest, META_KEYS } from './flows.js';

describe('the stateless envelope declares what 2026-07-28 defines', () => {
  it('roots without listChanged, whatever the handshake side declared', () => {
    const frame = discoverRequest(1, { capabilities: { roots: { listChanged: true }, elicitation: { form: {} } } });
    expect((frame.params?._meta as Record<string, unknown>)[META_KEYS.clientCapabilities]).toEqual({
      roots: {},
      elicitation: { form: {} },
    });
  });
});
