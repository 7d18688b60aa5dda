/**
 * `mcp-lens check --url --no-browser` against a server behind OAuth, as a user runs it: the URL
 * printed, the browser's visit played (the authorization server redirects at once), the flow
 * done, the server checked; with --oauth-remember the next run needs no browser at all.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWithBrowser } from '../testing/runCli.js';
import { startOAuthFixture, type OAuthFixture } from '../testing/oauthFixture.js';

/** The fixture's authorization server redirects at once: the visit is two requests. */
async function visit(url: string): Promise<void> {
  const atServer = await fetch(url, { redirect: 'manual' });
  await fetch(atServer.headers.get('location') ?? '', { redirect: 'manual' });
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
      visit,
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
      visit,
    );
    expect(second.visited).toBe(false);
    expect(second.code, second.stderr).toBe(0);
  });
});
