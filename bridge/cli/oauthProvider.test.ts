/**
 * The OAuth client against a real authorization server (oidc-provider) guarding the demo: `mcp-lens
 * call --url` with nothing but the URL registers itself, sends the user to the provider's own
 * login and consent (walked here as a browser would), takes the code back on its loopback
 * listener, and lists the demo's tools, in both flows; `check --url` passes there and exits 1
 * naming the rule against each broken variant.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runWithBrowser, type BrowserRun } from '../testing/runCli.js';
import { completeAuthorization } from '../../demo/oauth/completeAuthorization.js';
import { startProtectedDemo, type ProtectedDemo, type ProtectedDemoVariant } from '../../demo/oauth/protectedDemo.js';

/** Runs the CLI; at the printed URL a user logs in and consents, and the browser comes back. */
const runAsUser = (args: string[], home: string): Promise<BrowserRun> =>
  runWithBrowser([...args, '--no-browser'], home, async (url) => fetch(await completeAuthorization(url)));

describe('the OAuth client against oidc-provider guarding the demo', () => {
  let demo: ProtectedDemo | undefined;
  const homes: string[] = [];
  const home = (): string => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-oidc-'));
    homes.push(dir);
    return dir;
  };
  afterEach(async () => {
    await demo?.close();
    demo = undefined;
    for (const dir of homes.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each(['handshake', 'stateless'] as const)('lists the tools in the %s flow with nothing but the URL', async (flow) => {
    demo = await startProtectedDemo({ flow });
    const run = await runAsUser(['call', '--flow', flow, '--method', 'tools/list', '--url', demo.mcpUrl], home());
    expect(run.visited).toBe(true);
    expect(run.code, run.stderr).toBe(0);
    const tools = (JSON.parse(run.stdout) as { tools: { name: string }[] }).tools.map((t) => t.name);
    expect(tools).toContain('echo');
    // The code and the access token, at least.
    expect(demo.issued.length).toBeGreaterThanOrEqual(2);
    for (const secret of demo.issued) expect(run.stdout + run.stderr).not.toContain(secret);
  });

  it('check --url passes against the working server', async () => {
    demo = await startProtectedDemo();
    const run = await runAsUser(['check', '--url', demo.mcpUrl], home());
    expect(run.code, run.stdout + run.stderr).toBe(0);
  });

  it.each([
    ['wrong-resource', 'auth-resource-mismatch'],
    ['no-pkce', 'auth-pkce-s256-missing'],
    ['no-metadata', 'auth-resource-metadata-missing'],
  ] as [ProtectedDemoVariant, string][])('check --url against %s exits 1 naming %s', async (variant, rule) => {
    demo = await startProtectedDemo({ variant });
    const run = await runAsUser(['check', '--url', demo.mcpUrl], home());
    expect(run.visited).toBe(false);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stdout + run.stderr).toContain(rule);
  });
});
