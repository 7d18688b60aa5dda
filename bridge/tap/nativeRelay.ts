/**
 * Where the tap's C relay (relay.c, ADR 11) is, building it when it is not: the build puts one
 * beside the bundle for its own platform (dist/node/tap-relay-<platform>-<arch>); anywhere else
 * the tap compiles the shipped source once with the machine's C compiler into the MCP Lens home,
 * named by the source's hash so an upgrade builds afresh. No compiler, Windows, or
 * MCP_LENS_TAP_RELAY=node: the tap relays in Node, and the session says why.
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type RelayChoice = { kind: 'native'; file: string } | { kind: 'node'; why: string };

/** The prebuilt relay's name beside the bundle, for this platform. */
export const prebuiltName = (): string => `tap-relay-${process.platform}-${process.arch}`;

/** The relay's source: in the repository beside this file; in the bundle, copied beside the chunks. */
function sourceFile(): string | undefined {
  const candidates = [new URL('./relay.c', import.meta.url), new URL('../tap-relay.c', import.meta.url)];
  return candidates.map((url) => fileURLToPath(url)).find((file) => fs.existsSync(file));
}

function executable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Compiles `source` to `target` (through a temporary name, so a half-written binary is never run). */
export function compileRelay(source: string, target: string): void {
  const temp = `${target}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    execFileSync(process.env.CC ?? 'cc', ['-O2', '-o', temp, source], { stdio: ['ignore', 'ignore', 'pipe'], timeout: 60_000 });
    fs.renameSync(temp, target);
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

export function chooseRelay(home: string): RelayChoice {
  if (process.env.MCP_LENS_TAP_RELAY === 'node') return { kind: 'node', why: 'MCP_LENS_TAP_RELAY=node asks for it' };
  if (process.platform === 'win32') return { kind: 'node', why: 'the C relay is for POSIX systems' };
  const prebuilt = fileURLToPath(new URL(`../${prebuiltName()}`, import.meta.url));
  if (executable(prebuilt)) return { kind: 'native', file: prebuilt };
  const source = sourceFile();
  if (!source) return { kind: 'node', why: 'the C relay’s source is not installed' };
  const hash = createHash('sha256').update(fs.readFileSync(source)).digest('hex').slice(0, 12);
  const file = path.join(home, 'bin', `tap-relay-${hash}-${process.platform}-${process.arch}`);
  if (executable(file)) return { kind: 'native', file };
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    compileRelay(source, file);
    return { kind: 'native', file };
  } catch (error) {
    const detail = (error as { stderr?: Buffer }).stderr?.toString('utf8').trim().split('\n')[0] ?? (error as Error).message;
    return { kind: 'node', why: `the C relay could not be built (${process.env.CC ?? 'cc'}: ${detail})` };
  }
}
