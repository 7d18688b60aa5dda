// Builds dist/ once, if stale, before any worker starts the bin: every test runs the same build.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { root } from './support/lens.js';

export default function globalSetup(): void {
  const result = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the build failed');
}
