/**
 * Opening whatever a person hands the app as a recorded session: a session file
 * (*.mcplens.json) or a bridge journal (*.jsonl, one event a line, the file the bridge writes
 * as it goes). Anything else is refused with what it seems to be and where it breaks.
 */
import type { BridgeEvent } from './envelope.js';
import { readJournalText } from './journalFile.js';
import { parseSessionFile, type SessionFile } from './sessionFile.js';

export type OpenedSession =
  | { ok: true; from: 'session'; file: SessionFile; events: BridgeEvent[]; problems: string[] }
  | { ok: true; from: 'journal'; events: BridgeEvent[]; problems: string[] }
  | { ok: false; error: string };

/** Past this, a first line is not parsed on the way to seeing what the file is. */
const PEEK_LIMIT = 1024 * 1024;

/**
 * A journal's first line is one stamped event (the bridge writes `seq` first); a session file's
 * is `{` or the whole document, whose first key is `format`. Also asked of a file's first bytes
 * only: a first line longer than those does not look like a journal.
 */
export function looksLikeJournal(text: string): boolean {
  if (/^\{\s*"seq"\s*:/.test(text.slice(0, 64))) return true;
  const newline = text.indexOf('\n');
  const first = (newline === -1 ? text : text.slice(0, newline)).trim();
  if (!first.startsWith('{') || first.length > PEEK_LIMIT) return false;
  try {
    const value = JSON.parse(first) as { seq?: unknown; kind?: unknown } | null;
    return typeof value?.seq === 'number' && typeof value.kind === 'string';
  } catch {
    return false;
  }
}

export function openSessionText(text: string): OpenedSession {
  // Some editors save a byte order mark; JSON has none, and it says nothing about the content.
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === '') return { ok: false, error: 'the file is empty' };
  if (looksLikeJournal(body)) {
    const { events, problems } = readJournalText(body);
    if (events.length === 0)
      return { ok: false, error: `a journal (one event a line), but none of its lines could be read: ${problems[0] ?? 'no events'}` };
    return { ok: true, from: 'journal', events, problems };
  }
  const parsed = parseSessionFile(body);
  if (!parsed.ok) return parsed;
  return { ok: true, from: 'session', file: parsed.file, events: parsed.file.events, problems: [] };
}
