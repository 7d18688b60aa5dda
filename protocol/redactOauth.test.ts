import { describe, expect, it } from 'vitest';
import { REDACTED, redactHttpConfig } from './redact.js';

describe("an HTTP connection's OAuth settings as recorded", () => {
  it('are kept for the app to show, the client secret masked', () => {
    const { config } = redactHttpConfig({
      url: 'https://a.example/mcp',
      headers: {},
      oauth: { clientId: 'my-client', clientSecret: 'very-secret-value', tokenEndpointAuthMethod: 'client_secret_post', stepByStep: true },
    });
    expect(config.oauth).toEqual({
      clientId: 'my-client',
      clientSecret: REDACTED,
      tokenEndpointAuthMethod: 'client_secret_post',
      stepByStep: true,
    });
    expect(JSON.stringify(config)).not.toContain('very-secret-value');
  });
});
