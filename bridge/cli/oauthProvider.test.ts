/**
 * The OAuth client against a real authorization server (oidc-provider) guarding the demo: `mcp-lens
 * call --url` with nothing but the URL registers itself, sends the user to the provider's own
 * login and consent (walked here as a browser would), takes the code back on its loopback
 * listener, and lists the demo's tools, in both flows; `check --url` passes there and exits 1
 * naming the rule against each broken variant.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { binJs } from '../testing/runCli.js';
import { completeAuthorization } from '../../demo/oauth/completeAuthorization.js';
import { startProtectedDemo, type ProtectedDemo, type ProtectedDemoVariant } from '../../demo/oauth/protectedDemo.js';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  visited: boolean;
}

/** Runs the CLI; when it prints the authorization URL, a user logs in, consents, and the browser comes back. */
function runAsUser(args: string[], home: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [binJs, ...args, '--no-browser'], {
      env: { ...process.env, MCP_LENS_TOKEN: '', MCP_LENS_HOME: home },
    });
    let stdout = '';
    let stderr = '';
    let visited = false;
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      const match = /Open this URL to authorize: (\S+)/.exec(stderr);
      if (match && !visited) {
        visited = true;
        void completeAuthorization(match[1] ?? '')
          .then((back) => fetch(back))
          .catch((error: unknown) => (stderr += `\n[the test's browser: ${String(error)}]\n`));
      }
    });
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr, visited }));
  });
}

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
