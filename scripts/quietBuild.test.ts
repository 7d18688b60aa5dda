/**
 * The app's build, as `npm start` runs it on a fresh clone, prints nothing: Rolldown's timing
 * report ([PLUGIN_TIMINGS], in yellow) read like a warning in a new user's first start.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

it('bundles the web app without a word', { timeout: 600_000 }, async () => {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-quiet-build-'));
  try {
    const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
    // The arguments scripts/build.mjs gives, into a folder of the test's own.
    const child = spawn(process.execPath, [vite, 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    expect(fs.existsSync(path.join(outDir, 'index.html'))).toBe(true);
    expect(out).not.toContain('PLUGIN_TIMINGS');
    expect(out.trim()).toBe('');
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
});
