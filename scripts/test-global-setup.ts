// Integration tests spawn the compiled demo server and bridge bin: build them first if stale.
import { spawnSync } from 'node:child_process';

export default function setup(): void {
  const result = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('build failed');
}
