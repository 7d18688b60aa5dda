/**
 * Reading a journal (JSONL, one stamped event per line) back into events. A bridge that died
 * mid-write can leave a cut last line; that and any other damaged line is reported, not fatal.
 */
import { parseBridgeEvent, type BridgeEvent } from './envelope.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './jsonDepth.js';

export interface ReadJournal {
  events: BridgeEvent[];
  problems: string[];
}

export function readJournalText(text: string): ReadJournal {
  const events: BridgeEvent[] = [];
  const problems: string[] = [];
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    if (line === '') return;
    if (nestsDeeperThan(line)) {
      problems.push(`line ${i + 1} nests deeper than ${MAX_JSON_DEPTH} levels, and is not read`);
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      problems.push(i === lines.length - 1 ? `line ${i + 1} is cut off (the bridge stopped mid-write)` : `line ${i + 1} is not JSON`);
      return;
    }
    const parsed = parseBridgeEvent(value);
    if (parsed.ok) events.push(parsed.event);
    else problems.push(`line ${i + 1}: ${parsed.error}`);
  });
  return { events, problems };
}
