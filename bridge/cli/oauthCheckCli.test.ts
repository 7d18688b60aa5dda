/**
 * `mcp-lens check --url --no-browser` against a server behind OAuth, as a user runs it: the URL
 * printed, the browser's visit played (the authorization server redirects at once), the flow
 * done, the server checked; with --oauth-remember the next run needs no browser at all.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binJs } from '../testing/runCli.js';
import { startOAuthFixture, type OAuthFixture } from '../testing/oauthFixture.js';

function runWithBrowser(args: string[], home: string): Promise<{ code: number; stdout: string; stderr: string; visited: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [binJs, ...args], { env: { ...process.env, MCP_LENS_TOKEN: '', MCP_LENS_HOME: home } });
    let stdout = '';
    let stderr = '';
    let visited = false;
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      const match = /Open this URL to authorize: (\S+)/.exec(stderr);
      if (match && !visited) {
        visited = true;
        void (async () => {
          const atServer = await fetch(match[1] ?? '', { redirect: 'manual' });
          await fetch(atServer.headers.get('location') ?? '', { redirect: 'manual' });
        })();
      }
    });
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr, visited }));
  });
}

describe('check --url behind OAuth', () => {
  let fixture: OAuthFixture;
  let home: string;
  beforeAll(async () => {
    fixture = await startOAuthFixture();
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-oauth-cli-'));
  });
  afterAll(async () => {
    await fixture.close();
    fs.rmSync(home, { recursive: true, force: true });
  });

  it('authorizes at the printed URL, checks the server, and remembers for the next run', async () => {
    const first = await runWithBrowser(
      [
        'call',
        '--flow',
        'stateless',
        '--no-discover',
        '--method',
        'tools/list',
        '--url',
        fixture.url,
        '--no-browser',
        '--oauth-remember',
        '--transcript',
      ],
      home,
    );
    expect(first.visited).toBe(true);
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toHaveProperty('tools');
    const file = path.join(home, 'oauth', 'grants.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    for (const secret of fixture.issued) {
      expect(first.stdout).not.toContain(secret);
      expect(first.stderr).not.toContain(secret);
    }
    const second = await runWithBrowser(
      ['call', '--flow', 'stateless', '--no-discover', '--method', 'tools/list', '--url', fixture.url, '--no-browser', '--oauth-remember'],
      home,
    );
    expect(second.visited).toBe(false);
    expect(second.code, second.stderr).toBe(0);
  });
});
