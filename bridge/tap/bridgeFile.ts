/**
 * `<home>/bridge.json`: how a tap finds a running bridge and joins it (docs/adr/0010). The bridge
 * writes it when it listens and removes it when it stops; it holds the bridge's loopback address
 * and the tap token of this run, so it is owner-only (0600, in the 0700 home), and a tap reads it
 * only when it is: a file someone else could have written is not believed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';

export const BRIDGE_FILE = 'bridge.json';

const bridgeFileSchema = z.object({
  /** The bridge's own address, `http://127.0.0.1:<port>`: a tap opens `<url>/ws/tap`. */
  url: z.string().regex(/^http:\/\/(127\.0\.0\.1|localhost|\[::1\]):\d+$/),
  pid: z.number().int().positive(),
  session: z.string(),
  /** Minted per run; lets a tap in at `/ws/tap` and nowhere else. */
  tapToken: z.string().min(16),
  version: z.string(),
});
export type BridgeFile = z.infer<typeof bridgeFileSchema>;

export function bridgeFilePath(home: string): string {
  return path.join(home, BRIDGE_FILE);
}

/** Writes the file whole (a temp file renamed over it), owner-only. Throws what the disk says. */
export function writeBridgeFile(home: string, info: BridgeFile): void {
  fs.mkdirSync(home, { recursive: true, mode: 0o700 });
  const file = bridgeFilePath(home);
  const part = `${file}.${randomBytes(4).toString('hex')}.part`;
  fs.writeFileSync(part, `${JSON.stringify(info, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  fs.renameSync(part, file);
}

/** Removes the file if it is still this run's (another bridge on the same home may have written its own since). */
export function removeBridgeFile(home: string, tapToken: string): void {
  const found = readBridgeFile(home, { checkPid: false });
  if (found.ok && found.info.tapToken === tapToken) fs.rmSync(bridgeFilePath(home), { force: true });
}

export type BridgeFileRead = { ok: true; info: BridgeFile } | { ok: false; why: string; absent?: true };

/**
 * The running bridge a tap may join, or why there is none. A file owned by another user, or that
 * others may read or write, is refused (its token could be anyone's, or anyone's to take); a file
 * whose bridge is gone (its pid) is stale.
 */
export function readBridgeFile(home: string, options: { checkPid?: boolean } = {}): BridgeFileRead {
  const file = bridgeFilePath(home);
  let text: string;
  try {
    const stat = fs.statSync(file);
    const uid = process.getuid?.();
    if (uid !== undefined && stat.uid !== uid) return { ok: false, why: `${file} belongs to another user: not read` };
    if ((stat.mode & 0o077) !== 0)
      return { ok: false, why: `${file} may be read or written by others (mode ${(stat.mode & 0o777).toString(8)}): not read` };
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT'
      ? { ok: false, why: 'no MCP Lens bridge is running', absent: true }
      : { ok: false, why: `${file}: ${code ?? String(error)}` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, why: `${file} is not JSON` };
  }
  const parsed = bridgeFileSchema.safeParse(value);
  if (!parsed.success) return { ok: false, why: `${file} is not a bridge's file` };
  if (options.checkPid !== false && !alive(parsed.data.pid))
    return { ok: false, why: 'the bridge that wrote bridge.json is gone', absent: true };
  return { ok: true, info: parsed.data };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: a process is there, someone else's; the socket's token will tell.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
