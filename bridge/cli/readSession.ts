/**
 * Reads a session for `replay` and `mock`: a session file, or a journal (the bridge's, or a
 * tap's), read as the session file its export would be. Any failure (unreadable, not JSON,
 * truncated, another tool's file, a newer version) becomes one line naming the file and what is wrong.
 */
import fs from 'node:fs';
import { buildSessionFile, type SessionFile } from '../../protocol/sessionFile.js';
import { openSessionText } from '../../protocol/sessionOpen.js';
import { VERSION } from '../version.js';

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
  const opened = openSessionText(text);
  if (!opened.ok) return { ok: false, error: `${name}: ${oneLine(opened.error)}` };
  if (opened.from === 'session') return { ok: true, file: opened.file };
  return { ok: true, file: buildSessionFile(opened.events, { name: 'mcp-lens', version: VERSION }) };
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ');
}
