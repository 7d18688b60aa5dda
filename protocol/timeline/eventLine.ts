/**
 * Reading one journaled event (a JSON text) at the speed a million-line journal needs. The
 * envelope's zod schema is the judge; stdin, stdout and stderr lines, nearly every event, are
 * checked by a hand-written test of exactly the same rules first, because the schema's union
 * costs more than the JSON parse itself. The test only ever accepts: anything it does not
 * recognise goes to zod, and eventLine.test.ts holds it to agreeing with the schema.
 */
import { eventsFrameSchema, parseBridgeEvent, type BridgeEvent, type LineEvent } from '../envelope.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../jsonDepth.js';

export type ParsedEvent = { ok: true; event: BridgeEvent } | { ok: false; error: string };

/** Why a text that does not parse as JSON at all is refused. */
export const NOT_JSON = 'not JSON';

/**
 * A journal's last line, which came without its "\n": cut off by a bridge that stopped
 * mid-write only when it is not JSON; whole JSON (an event, or a line nested too deep) reads as
 * any other line does.
 */
export function isCutOff(parsed: ParsedEvent): boolean {
  return !parsed.ok && parsed.error === NOT_JSON;
}

const STREAMS = new Set(['stdin', 'stdout', 'stderr']);
const EOLS = new Set(['\n', '\r\n', '']);

export function parseEventText(text: string): ParsedEvent {
  // JSON.parse takes any depth; what shows and lints the event afterwards does not.
  if (nestsDeeperThan(text)) return { ok: false, error: `nests deeper than ${MAX_JSON_DEPTH} levels, and is not read` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: NOT_JSON };
  }
  return parseEventValue(value);
}

export function parseEventValue(value: unknown): ParsedEvent {
  if (isPlainLine(value)) return { ok: true, event: value };
  return parseBridgeEvent(value);
}

const natural = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** A line event exactly as lineEventSchema takes it (unknown keys, which zod strips, are left out). */
function isPlainLine(value: unknown): value is LineEvent {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  if (v.kind !== 'line') return false;
  const keys = Object.keys(v);
  for (const key of keys) if (!LINE_KEYS.has(key)) return false;
  if (!natural(v.seq) || typeof v.t !== 'number' || !Number.isFinite(v.t)) return false;
  if (v.conn !== undefined && typeof v.conn !== 'string') return false;
  if (typeof v.stream !== 'string' || !STREAMS.has(v.stream)) return false;
  if (typeof v.eol !== 'string' || !EOLS.has(v.eol)) return false;
  if (!natural(v.size)) return false;
  const hasText = v.text !== undefined;
  const hasB64 = v.b64 !== undefined;
  if (hasText === hasB64) return false;
  return hasText ? typeof v.text === 'string' : typeof v.b64 === 'string';
}

const LINE_KEYS = new Set(['seq', 't', 'conn', 'kind', 'stream', 'text', 'b64', 'eol', 'size']);

/** An events frame as the socket received it: each event read, or why the frame could not be. */
export type ParsedFrame = { ok: true; events: Array<{ raw: unknown; parsed: ParsedEvent }> } | { ok: false; error: string };

export function parseEventsFrame(text: string): ParsedFrame {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: 'not JSON' };
  }
  const frame = eventsFrameSchema.safeParse(value);
  if (!frame.success) return { ok: false, error: 'not an events frame' };
  return { ok: true, events: frame.data.events.map((raw) => ({ raw, parsed: parseEventValue(raw) })) };
}
