/**
 * `npx mcp-lens -- node server.js` from a packed tarball, the way users install it: pack what
 * the build produced, install it into an empty project, run its bin, and talk to the bridge.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
/** The tarball was 5.4 MB with its source maps and tsc's unbundled output; it is 3.8 MB without. */
const PACKED_BYTES_AT_MOST = 4_500_000;

describe('the packed tarball', () => {
  it('installs and serves the app with the server given after --', { timeout: 300_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-pack-'));
    // dist/ is fresh (the test setup builds it), so skip prepack's forced rebuild.
    const name =
      execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', dir], {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      })
        .trim()
        .split('\n')
        .at(-1) ?? '';
    const tarball = path.join(dir, name);
    expect(fs.existsSync(tarball)).toBe(true);
    const listing = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' });
    expect(listing).toContain('package/dist/web/index.html');
    expect(listing).toContain('package/dist/node/bridge/bin.js');
    expect(listing).not.toMatch(/\.test\.js/);
    // Lean: the bundled programs and the app, no source maps (over a quarter of the 5.4 MB
    // tarball they made), no compiler output the bundles replace, no screenshots of the docs.
    expect(listing.split('\n').filter((file) => file.endsWith('.map'))).toEqual([]);
    expect(listing).not.toContain('package/dist/node/protocol/');
    expect(listing).not.toContain('package/docs/screenshots/');
    expect(fs.statSync(tarball).size).toBeLessThan(PACKED_BYTES_AT_MOST);

    const project = path.join(dir, 'user');
    fs.mkdirSync(project);
    fs.writeFileSync(path.join(project, 'package.json'), '{"name":"user","private":true}');
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball], { cwd: project, stdio: 'ignore' });

    const demo = path.join(project, 'node_modules', 'mcp-lens', 'dist', 'node', 'demo', 'server.js');
    const child = spawn('npx', ['mcp-lens', '--port', '0', '--no-open', '--', 'node', demo], {
      cwd: project,
      env: { ...process.env, MCP_LENS_HOME: path.join(dir, 'home') },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    try {
      let out = '';
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no URL printed:\n${out}`)), 90_000);
        child.on('exit', (code) => reject(new Error(`npx mcp-lens exited (${code}) before printing its URL:\n${out}`)));
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /(http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]+)/.exec(out);
          if (m?.[1]) {
            clearTimeout(timer);
            resolve(m[1]);
          }
        });
      });
      const { origin, hash } = new URL(url);
      const page = await fetch(`${origin}/`);
      expect(await page.text()).toContain('<div id="root">');
      const session = await fetch(`${origin}/api/session`, { headers: { Authorization: `Bearer ${hash.replace('#token=', '')}` } });
      expect(session.status).toBe(200);
    } finally {
      if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGINT');
      await exited;
    }
  });
});
