/**
 * The two compiled programs that put the demo behind authorization: httpServer.js with
 * `--issuer` (bearer tokens of a given authorization server) and oauthServer.js (the demo and its
 * authorization server together, for `npm run demo:oauth`), each as a user starts it.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';

import { startAuthServer, type AuthServer } from './oauth/authServer.js';
import { startHttpDemo, type HttpDemo } from './testing/httpDemo.js';
import { statelessRequest, toolNames } from './testing/mcpHttpClient.js';
import { discover, obtainToken } from './testing/oauthClient.js';

const oauthServerJs = path.resolve(import.meta.dirname, '..', 'dist', 'node', 'demo', 'oauthServer.js');

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((close) => close()));
});

describe('the demo behind authorization, by hand', () => {
  it('httpServer.js --issuer refuses a request without a token, serves its metadata, and serves a token of that issuer', async () => {
    const auth: AuthServer = await startAuthServer();
    cleanups.push(auth.close);
    const demo: HttpDemo = await startHttpDemo(['--issuer', auth.issuer]);
    cleanups.push(demo.close);

    const refused = await statelessRequest(demo.url, 'tools/list', {});
    if (refused.ok) throw new Error('not refused');
    const metadataUrl = demo.url.replace(/\/mcp$/, '/.well-known/oauth-protected-resource/mcp');
    expect(refused.response.headers.get('www-authenticate')).toBe(`Bearer scope="mcp:tools", resource_metadata="${metadataUrl}"`);
    expect(await (await fetch(metadataUrl)).json()).toMatchObject({ resource: demo.url, authorization_servers: [auth.issuer] });

    const { tokens } = await obtainToken({ issuer: auth.issuer, resource: demo.url, scope: 'mcp:tools' });
    const withToken = { authorization: `Bearer ${tokens.access_token}` };
    expect(toolNames(await statelessRequest(demo.url, 'tools/list', {}, withToken))).toContain('echo');

    // A demo whose authorization server cannot be reached answers 503, not invalid_token.
    const orphan = await startHttpDemo(['--issuer', 'http://127.0.0.1:9']);
    cleanups.push(orphan.close);
    const unreachable = await statelessRequest(orphan.url, 'tools/list', {}, withToken);
    expect(!unreachable.ok && unreachable.status).toBe(503);
  });

  it('oauthServer.js prints the MCP URL and the issuer, with registration off when asked', async () => {
    const child = spawn(process.execPath, [oauthServerJs, '--no-registration', '--client-id', 'by-hand'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    cleanups.push(async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    });
    const lines: string[] = [];
    await new Promise<void>((resolve, reject) => {
      readline.createInterface({ input: child.stdout }).on('line', (line) => {
        lines.push(line);
        if (lines.length === 2) resolve();
      });
      void exited.then(() => reject(new Error(`oauthServer.js exited: ${lines.join('\n')}`)));
    });
    const [mcp, issuer] = lines.map((line) => /^(?:listening on|authorization server) (http:\/\/127\.0\.0\.1:\d+\S*)$/.exec(line)?.[1]);
    expect(mcp).toMatch(/\/mcp$/);
    expect((await statelessRequest(mcp ?? '', 'tools/list', {})).ok).toBe(false);
    const metadata = await discover(issuer ?? '');
    expect(metadata.registration_endpoint).toBeUndefined();
  });
});
