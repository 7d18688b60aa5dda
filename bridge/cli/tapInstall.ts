/**
 * `mcp-lens tap --install FILE --server NAME` and `--uninstall`: one entry of a host's config
 * file put through the tap, and back (the edit itself, and why uninstall gives back the same
 * bytes: protocol/tap/tapInstallEdit.ts). The change is printed; unless --dry-run, the file's
 * previous bytes go to FILE.mcp-lens-backup and the new text replaces the file at once (a
 * temporary file renamed over it, with the file's mode), never half-written. A host that
 * rewrote the file meanwhile (Claude Code keeps state in ~/.claude.json) is not overwritten.
 */
import fs from 'node:fs';
import path from 'node:path';
import { maskUrl } from '../../protocol/redact.js';
import { shellQuote } from '../../protocol/shellQuote.js';
import { changedLines } from '../../protocol/tap/tapInstallDiff.js';
import { installTap, uninstallTap, type TapEdit, type TapEditRefusal } from '../../protocol/tap/tapInstallEdit.js';
import { terminalText } from '../../protocol/terminalText.js';
import { absoluteCliWords } from '../cliWords.js';

export interface TapInstallOptions {
  file: string;
  server: string;
  uninstall: boolean;
  dryRun: boolean;
  /** For an entry with a url: where `mcp-lens tap --url` will listen. */
  listen?: { host: string; port: number };
}

export const BACKUP_SUFFIX = '.mcp-lens-backup';

/** 0 done; 1 nothing to do (not found, tapped already, not tapped) or not written; 2 a usage mistake. */
function exitFor(reason: TapEditRefusal): number {
  switch (reason) {
    case 'not-found':
    case 'tapped':
    case 'not-tapped':
      return 1;
    case 'invalid':
    case 'ambiguous':
    case 'not-an-entry':
    case 'needs-listen':
      return 2;
  }
}

export async function runTapInstall(options: TapInstallOptions, out: NodeJS.WritableStream, err: NodeJS.WritableStream): Promise<number> {
  const say = (stream: NodeJS.WritableStream, text: string): void => void stream.write(terminalText(text));
  const file = options.file;
  // The file a link points at is the one rewritten: renaming over the link would replace it.
  let target: string;
  let bytes: Buffer;
  try {
    target = await fs.promises.realpath(file);
    bytes = await fs.promises.readFile(target);
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    say(err, `mcp-lens tap: cannot read ${file}: ${e.code === 'ENOENT' ? 'no such file' : e.message}\n`);
    return 2;
  }
  const text = bytes.toString('utf8');
  if (!Buffer.from(text, 'utf8').equals(bytes)) {
    say(err, `mcp-lens tap: ${file} is not UTF-8 text; it is left as it is\n`);
    return 2;
  }
  let edit: TapEdit;
  let words: [string, string] | undefined;
  if (options.uninstall) edit = uninstallTap(text, options.server);
  else {
    words = absoluteCliWords();
    if (words === undefined) {
      say(err, 'mcp-lens tap: --install names the built CLI: run `npm run build`, then node dist/node/bridge/bin.js tap --install …\n');
      return 2;
    }
    edit = installTap(text, options.server, words, options.listen);
  }
  if (!edit.ok) {
    say(err, `mcp-lens tap: ${file}: ${edit.message}\n`);
    return exitFor(edit.reason);
  }
  if (!options.uninstall && options.listen !== undefined && edit.transport === 'stdio') {
    say(err, `mcp-lens tap: ${file}: ${edit.where} runs a command: --listen is for a remote entry (one with a url); nothing is changed\n`);
    return 2;
  }
  out.write(
    changedLines(text, edit.text, edit.secrets, {
      before: `${file} (${edit.where})`,
      after: `${file} (${edit.where}, ${options.uninstall ? 'as before the tap' : 'through the tap'})`,
    }),
  );
  if (options.dryRun) say(out, `--dry-run: ${file} is not written.\n`);
  else {
    const written = writeWithBackup(target, bytes, edit.text);
    if (written !== undefined) {
      say(err, `mcp-lens tap: ${file} is not written: ${written}\n`);
      return 1;
    }
    say(out, `Wrote ${file}; its previous version is in ${target}${BACKUP_SUFFIX}.\n`);
  }
  say(out, nextSteps(options, edit, words));
  return 0;
}

/** What the user does next: restart the host; for a remote entry, start the proxy first. */
function nextSteps(options: TapInstallOptions, edit: Extract<TapEdit, { ok: true }>, words: [string, string] | undefined): string {
  const name = JSON.stringify(options.server);
  if (options.uninstall) return `Restart the host (or the server in it) to run ${name} without the tap.\n`;
  const lines: string[] = [];
  if (edit.remote !== undefined && words !== undefined) {
    const shown = maskUrl(edit.remote.url);
    const command = [...words, 'tap', '--url', shown, '--listen', edit.remote.listen].map(shellQuote).join(' ');
    lines.push(
      `The entry now points at the tap's proxy. Start it, and keep it running while the host uses ${name}:`,
      `  ${command}`,
      ...(shown === edit.remote.url
        ? []
        : ["  (the URL's credentials are masked here: put them back from the backup or the entry's #mcp-lens-tap=)"]),
    );
  }
  lines.push(
    `Restart the host (or the server in it) to run ${name} through the tap: its traffic shows in a running MCP Lens, or is journaled under the MCP Lens home.`,
  );
  if (words !== undefined && /[\\/]_npx[\\/]/.test(words[1]))
    lines.push(`Note: this names mcp-lens in npx's cache, which npm may clear; \`npm install -g mcp-lens\` and --install again keeps it.`);
  return `${lines.join('\n')}\n`;
}

/**
 * The previous bytes to the backup, then the new text over the file, each whole or not at all.
 * Undefined when written, else why not.
 */
function writeWithBackup(target: string, before: Buffer, text: string): string | undefined {
  try {
    const mode = fs.statSync(target).mode & 0o7777;
    // The host may have rewritten the file since it was read: its change wins, and this run says so.
    if (!fs.readFileSync(target).equals(before)) return 'it changed while this ran (the host rewrote it?); run again';
    replaceFile(`${target}${BACKUP_SUFFIX}`, before, mode);
    replaceFile(target, Buffer.from(text, 'utf8'), mode);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

function replaceFile(target: string, bytes: Buffer, mode: number): void {
  const partial = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.partial`);
  try {
    fs.writeFileSync(partial, bytes, { mode, flag: 'wx' });
    // The umask may have narrowed the mode asked for.
    fs.chmodSync(partial, mode);
    fs.renameSync(partial, target);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
}
