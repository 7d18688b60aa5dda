// A SIGKILL to the npm of `npm start`: npm alone ends (its shell, the bridge's parent, stays,
// waiting on the bridge), and the bridge must still stop with every server it started.
import { describe, it, expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { BridgeClient, eventually, nodeServer, pidAlive } from './testing/bridgeClient.js';
import { startBin } from './testing/runBin.js';

/** The parent of `pid`, as ps tells it. */
function parentOf(pid: number): number {
  const ps = spawnSync('ps', ['-o', 'ppid=', '-p', String(pid)], { encoding: 'utf8' });
  return Number(ps.stdout.trim());
}

describe('npm start under SIGKILL', () => {
  it('a SIGKILL to npm stops the bridge and its servers', async () => {
    const bin = await startBin('npm');
    const left: number[] = [];
    try {
      const client = await BridgeClient.connect(bin);
      const server = await client.spawn('stubborn', nodeServer('ignore-sigterm.mjs'));
      left.push(server);
      await client.waitForLine('stubborn', 'stderr', 'ready');
      // The server's parent is the bridge; the bridge's is the shell npm ran the script in.
      const bridge = parentOf(server);
      left.push(bridge);
      expect(parentOf(bridge)).not.toBe(bin.proc.pid);
      expect(pidAlive(bridge) && pidAlive(server)).toBe(true);

      bin.proc.kill('SIGKILL');
      expect(await bin.exited).toEqual({ code: null, signal: 'SIGKILL' });
      expect(await eventually(() => !pidAlive(bridge), 60_000), `the bridge (pid ${bridge}) outlived npm`).toBe(true);
      expect(await eventually(() => !pidAlive(server), 30_000), `the server (pid ${server}) outlived npm`).toBe(true);
      await client.close();
    } finally {
      for (const pid of left) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // gone, as it should be
        }
      }
      fs.rmSync(bin.home, { recursive: true, force: true });
    }
  }, 120_000);
});
