/**
 * `--record <file>` for `call` and `check`: the target is checked before the server starts (a
 * missing folder, or a folder given as the file, is bad usage found in a moment, not after the
 * whole run), and the file is written whole or not at all (a temporary file, then a rename).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BridgeEvent, ConnectionConfig } from '../../protocol/envelope.js';
import { applyExportChoices, planExport } from '../../protocol/exportRedaction.js';
import { buildSessionFile } from '../../protocol/sessionFile.js';
import { VERSION } from '../version.js';
import { UsageError } from './args.js';

/** The record's path, or a UsageError saying why it cannot be written there. */
export function recordTarget(file: string | undefined): string | undefined {
  if (file === undefined) return undefined;
  if (file === '') throw new UsageError('--record needs a file name');
  const target = path.resolve(file);
  const existing = statOf(target);
  if (existing?.isDirectory()) throw new UsageError(`--record ${file} is a folder; give a file name inside it`);
  const folder = path.dirname(target);
  const parent = statOf(folder);
  if (!parent) throw new UsageError(`--record ${file}: the folder ${folder} does not exist`);
  if (!parent.isDirectory()) throw new UsageError(`--record ${file}: ${folder} is not a folder`);
  try {
    fs.accessSync(folder, fs.constants.W_OK);
  } catch {
    throw new UsageError(`--record ${file}: the folder ${folder} is not writable`);
  }
  return target;
}

function statOf(file: string): fs.Stats | undefined {
  try {
    return fs.statSync(file);
  } catch {
    return undefined;
  }
}

/**
 * Writes the session file; undefined when written, else why not (the disk filled, say). The
 * configs run, known in clear, are the export's: every secret value they hold is masked wherever
 * a line holds it too (a server echoing its token), as an export from the app does by default.
 */
export function writeRecord(
  target: string,
  events: readonly BridgeEvent[],
  clear: ReadonlyMap<string, ConnectionConfig> = new Map(),
): string | undefined {
  const partial = `${target}.${process.pid}.partial`;
  try {
    const file = buildSessionFile(events, { name: 'mcp-lens', version: VERSION });
    const masked = applyExportChoices(file, clear, planExport(file, clear), { keep: new Set(), keepEchoes: false });
    fs.writeFileSync(partial, JSON.stringify(masked, null, 2));
    fs.renameSync(partial, target);
    return undefined;
  } catch (error) {
    fs.rmSync(partial, { force: true });
    const reason =
      error instanceof RangeError
        ? 'a value in it nests too deep to write'
        : ((error as NodeJS.ErrnoException).code ?? (error as Error).message);
    return `the record ${target} was not written: ${reason}`;
  }
}
