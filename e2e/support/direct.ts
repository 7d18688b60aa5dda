/** Runs a fixture straight from a pipe (no bridge) to learn the exact bytes it writes. */
import { spawn } from 'node:child_process';

/**
 * Everything the fixture writes on stdout until it ends it: stdin is closed (after `stdin`, if
 * given), which ends every fixture that waits on it once its output is written. With
 * `untilBytes`, stops as soon as that much has come. Rejects if neither happens within `ms`
 * (default 60 s: room for a loaded machine, never a wait of its own).
 */
export async function directStdout(
  script: string,
  opts: { env?: Record<string, string>; stdin?: string; untilBytes?: number; ms?: number } = {},
): Promise<Buffer> {
  const child = spawn(process.execPath, [script], { env: { ...process.env, ...opts.env }, stdio: ['pipe', 'pipe', 'ignore'] });
  const chunks: Buffer[] = [];
  let size = 0;
  child.stdin.end(opts.stdin ?? '');
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${script} did not finish its output within ${opts.ms ?? 60_000} ms`)),
        opts.ms ?? 60_000,
      );
      const done = (): void => {
        clearTimeout(timer);
        resolve();
      };
      child.stdout.on('data', (c: Buffer) => {
        chunks.push(c);
        size += c.length;
        if (opts.untilBytes !== undefined && size >= opts.untilBytes) done();
      });
      child.stdout.on('end', done);
      child.on('error', reject);
    });
  } finally {
    child.kill('SIGKILL');
  }
  return Buffer.concat(chunks);
}

/** Each line with its terminator, as it was on the pipe. */
export function splitWire(bytes: Buffer): Buffer[] {
  const lines: Buffer[] = [];
  let start = 0;
  for (let i = bytes.indexOf(0x0a); i !== -1; i = bytes.indexOf(0x0a, start)) {
    lines.push(bytes.subarray(start, i + 1));
    start = i + 1;
  }
  if (start < bytes.length) lines.push(bytes.subarray(start));
  return lines;
}
