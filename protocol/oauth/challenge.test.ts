import { describe, expect, it } from 'vitest';
import { bearerChallenge } from './challenge.js';

describe('the Bearer challenge of WWW-Authenticate', () => {
  it('gives resource_metadata, scope and error', async () => {
    expect(
      await bearerChallenge(
        403,
        'Bearer error="insufficient_scope", scope="mcp:write files:read", resource_metadata="https://a.example/.well-known/oauth-protected-resource/mcp"',
      ),
    ).toEqual({
      scheme: 'bearer',
      error: 'insufficient_scope',
      scope: 'mcp:write files:read',
      resourceMetadata: 'https://a.example/.well-known/oauth-protected-resource/mcp',
    });
  });

  it('is absent for another scheme, an empty header or none', async () => {
    expect(await bearerChallenge(401, 'Basic realm="x"')).toBeUndefined();
    expect(await bearerChallenge(401, '')).toBeUndefined();
    expect(await bearerChallenge(401, null)).toBeUndefined();
  });

  it('is found among several challenges, whatever the case of the scheme', async () => {
    expect(await bearerChallenge(401, 'Basic realm="x", bearer realm="mcp"')).toEqual({ scheme: 'bearer' });
  });
});
