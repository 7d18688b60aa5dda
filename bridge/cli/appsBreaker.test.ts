// `mcp-lens check` against a server that breaks what MCP Apps asks of a server: each rule that a
// check run can show (it lists tools and reads resources; it renders no app) is reported by id,
// citing the extension, and the run exits 1.
import { describe, expect, it } from 'vitest';
import { fixtureServer, runLens } from '../testing/runCli.js';

describe('mcp-lens check: MCP Apps on the server side', { timeout: 300_000 }, () => {
  it('names a UI resource that is no ui:// URI, a CSP on the tool, and a UI resource of another type', async () => {
    const run = await runLens(['check', '--flow', 'handshake', '--', ...fixtureServer('apps-breaker.mjs')]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('error app-resource-uri:');
    expect(run.stdout).toContain('warning app-tool-meta-misplaced:');
    expect(run.stdout).toContain('error app-resource-mime:');
    expect(run.stdout).toContain('see https://modelcontextprotocol.io/extensions/apps/overview#ui-resources');
  });
});
