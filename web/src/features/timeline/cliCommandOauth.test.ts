// Copy as CLI for an HTTP connection with OAuth settings: the flags go along, the client secret
// by the name of a variable of the user's shell, never its value (the recorded config has it masked).
import { describe, expect, it } from 'vitest';
import { cliCommand } from './cliCommand.js';

const request = { jsonrpc: '2.0', id: 2, method: 'tools/list' };

describe('copy as CLI with OAuth', () => {
  it('carries the client, the secret by its variable, the scope and remember', () => {
    const built = cliCommand({
      request,
      config: {
        transport: 'http',
        url: 'https://mcp.example.com/mcp',
        headers: {},
        oauth: { clientId: 'lens-cli', clientSecret: '[redacted]', scope: 'mcp:read mcp:write', remember: true, stepByStep: true },
      },
      flow: 'stateless',
    });
    expect(built).toMatchObject({
      ok: true,
      line: "mcp-lens call --flow stateless --method tools/list --url https://mcp.example.com/mcp --oauth-client-id lens-cli --oauth-client-secret-env MCP_OAUTH_CLIENT_SECRET --oauth-scope 'mcp:read mcp:write' --oauth-remember",
      needs: ['MCP_OAUTH_CLIENT_SECRET'],
    });
    expect(built.ok && built.line).not.toContain('[redacted]');
  });

  it('with a bearer token the OAuth flags stay out (the flow would not run)', () => {
    const built = cliCommand({
      request,
      config: {
        transport: 'http',
        url: 'https://mcp.example.com/mcp',
        headers: { Authorization: 'Bearer [redacted]' },
        oauth: { clientId: 'c' },
      },
    });
    expect(built.ok && built.line).not.toContain('--oauth');
  });
});
