/**
 * Reads a session file for `replay` and `mock`: any failure (unreadable, not JSON, truncated,
 * another tool's file, a newer version) becomes one line naming the file and what is wrong.
 */
import fs from 'node:fs';
import { parseSessionFile, type SessionFile } from '../../protocol/sessionFile.js';

export type ReadSession = { ok: true; file: SessionFile } | { ok: false; error: string };

export function readSessionFile(name: string): ReadSession {
  let text: string;
  try {
    text = fs.readFileSync(name, 'utf8');
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    const why = e.code === 'ENOENT' ? 'no such file' : e.code === 'EISDIR' ? 'it is a folder' : (e.code ?? e.message);
    return { ok: false, error: `cannot read ${name}: ${why}` };
  }
  const parsed = parseSessionFile(text);
  if (!parsed.ok) return { ok: false, error: `${name}: ${oneLine(parsed.error)}` };
  return parsed;
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ');
}
