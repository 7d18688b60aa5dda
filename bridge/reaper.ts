/**
 * A watcher that outlives the bridge. The bridge tells it each server's process group as it
 * starts; when the bridge ends in any way, SIGKILL included, the watcher's stdin closes and it
 * kills every group still listed. Without it, a server that ignores the end of its stdin (and
 * whatever it started) outlived a killed bridge for good.
 */
import { spawn, type ChildProcess } from 'node:child_process';

/** The watcher, run with `node -e` so that it needs no file of its own, built or not. */
const WATCHER = `
const groups = new Set();
let rest = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  rest += chunk;
  for (let nl = rest.indexOf('\\n'); nl !== -1; nl = rest.indexOf('\\n')) {
    const line = rest.slice(0, nl);
    rest = rest.slice(nl + 1);
    const group = Number(line.slice(1));
    if (!Number.isSafeInteger(group) || group <= 1) continue;
    if (line[0] === '+') groups.add(group);
    else if (line[0] === '-') groups.delete(group);
  }
});
const reap = () => {
  for (const group of groups) {
    try { process.kill(-group, 'SIGKILL'); } catch {}
  }
  process.exit(0);
};
process.stdin.on('end', reap);
process.stdin.on('error', reap);
`;

export class Reaper {
  private watcher: ChildProcess | undefined;

  constructor() {
    // Process groups are a POSIX matter; on Windows the bridge's own stop is all there is.
    if (process.platform === 'win32') return;
    try {
      // Its own session: a Ctrl-C or a hang-up meant for the bridge's terminal does not reach it.
      const watcher = spawn(process.execPath, ['-e', WATCHER], { detached: true, stdio: ['pipe', 'ignore', 'ignore'] });
      watcher.on('error', () => {
        this.watcher = undefined;
      });
      watcher.stdin?.on('error', () => {
        this.watcher = undefined;
      });
      // Neither the watcher nor the pipe to it keeps the bridge's process alive.
      watcher.unref();
      (watcher.stdin as (NodeJS.WritableStream & { unref?: () => void }) | null)?.unref?.();
      this.watcher = watcher;
    } catch {
      this.watcher = undefined;
    }
  }

  /** A server's process group, to kill should the bridge end without stopping it. */
  watch(group: number): void {
    this.watcher?.stdin?.write(`+${group}\n`);
  }

  /** A group that is gone: never to be signalled again (its id may be reused). */
  forget(group: number): void {
    this.watcher?.stdin?.write(`-${group}\n`);
  }

  /** The bridge stopped its servers itself: the watcher kills what is left, if anything, and exits. */
  close(): void {
    this.watcher?.stdin?.end();
    this.watcher = undefined;
  }
}
