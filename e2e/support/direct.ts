/** Runs a fixture straight from a pipe (no bridge) to learn the exact bytes it writes. */
import { spawn } from 'node:child_process';

export async function directStdout(
  script: string,
  opts: { env?: Record<string, string>; stdin?: string; untilBytes?: number; ms?: number } = {},
): Promise<Buffer> {
  const child = spawn(process.execPath, [script], { env: { ...process.env, ...opts.env }, stdio: ['pipe', 'pipe', 'ignore'] });
  const chunks: Buffer[] = [];
  let size = 0;
  if (opts.stdin) child.stdin.write(opts.stdin);
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, opts.ms ?? 3000);
    child.stdout.on('data', (c: Buffer) => {
      chunks.push(c);
      size += c.length;
      if (opts.untilBytes !== undefined && size >= opts.untilBytes) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  child.kill('SIGKILL');
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
