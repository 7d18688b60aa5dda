/**
 * What replay sets aside when it compares a new answer with the recorded one: the values that
 * differ on every run of a healthy server (volatile), the members only one flow has (when a
 * recording is replayed in the other flow), and the paths the user names with --ignore.
 * The lists here are the documented defaults (docs/session-format.md, "Replay and mock").
 */
import { parseJsonPath, pathMatches, type JsonPath, type PathStep } from './jsonPath.js';
import type { IgnorePlace } from './diff.js';
import { TASKS_EXTENSION } from '../tasks.js';

/**
 * Set aside wherever they appear. The JSON-RPC id and `jsonrpc` are not in the compared value
 * at all (see compare.ts).
 */
export const VOLATILE_PATHS: readonly { path: string; why: string }[] = [
  { path: '$..progressToken', why: 'chosen by each client run' },
  { path: '$..requestState', why: 'opaque to the client; servers sign or date it per run' },
];

/**
 * Keys whose values are times: `timestamp`, `time`, `date`, `datetime`, and names ending in
 * `At`, `Time`, `Timestamp` or `Date` after a lower-case letter (`createdAt`, `startTime`), or
 * in `_at`, `_time`, `_timestamp`, `_date`.
 */
export const TIME_KEY = /^(timestamp|time|date|datetime)$|[a-z](At|Time|Timestamp|Date)$|_(at|time|timestamp|date)$/;

/** An ISO 8601 date and time (`2026-11-30T00:40:12.345Z`, with an offset, or a space for the T). */
export const ISO_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * Members of a result that only the stateless flow (2026-07-28) has, set aside when a recording
 * is replayed in the other flow: `resultType` when it says `complete` (what a handshake result
 * means without saying), the cache hints `ttlMs` and `cacheScope`, and `_meta` keys under
 * `io.modelcontextprotocol/` (the server's identity on every result); and one the handshake flow
 * alone has: a listed tool's `execution` (its taskSupport); and tasks as each declares them, the
 * `tasks` capability or the Tasks extension.
 */
const FLOW_META_PREFIX = 'io.modelcontextprotocol/';

const volatilePaths = VOLATILE_PATHS.map(({ path }) => {
  const parsed = parseJsonPath(path);
  if (!parsed.ok) throw new Error(`bad built-in path ${path}: ${parsed.error}`);
  return parsed.path;
});

export interface IgnoreOptions {
  /** Paths the user gave (--ignore), already parsed. */
  paths?: readonly JsonPath[];
  /** The recording was made in the other flow than the replay. */
  crossFlow?: boolean;
  /** Leave the volatile defaults out (compare everything but the user's paths). */
  strict?: boolean;
}

export function ignoreRule(options: IgnoreOptions = {}): IgnorePlace {
  const user = options.paths ?? [];
  return (path, recorded, got) => {
    if (user.some((p) => pathMatches(p, path))) return true;
    if (!options.strict && isVolatile(path, recorded, got)) return true;
    return options.crossFlow === true && isFlowOnly(path, recorded, got);
  };
}

/** Keys whose values are process ids: a new one on every start of the server. */
export const PROCESS_ID_KEY = /^(pid|ppid|processId|process_id)$/;

export function isVolatile(path: readonly PathStep[], recorded: unknown, got: unknown): boolean {
  if (volatilePaths.some((p) => pathMatches(p, path))) return true;
  const last = path[path.length - 1];
  if (typeof last === 'string' && (TIME_KEY.test(last) || (PROCESS_ID_KEY.test(last) && isProcessId(recorded) && isProcessId(got))))
    return true;
  return isIsoTime(recorded) && isIsoTime(got);
}

function isProcessId(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

function isIsoTime(value: unknown): boolean {
  return typeof value === 'string' && ISO_TIME.test(value);
}

export function isFlowOnly(path: readonly PathStep[], recorded: unknown, got: unknown): boolean {
  if (path[0] !== 'result') return false;
  if (path.length === 2) {
    const member = path[1];
    if (member === 'resultType') return (recorded ?? 'complete') === 'complete' && (got ?? 'complete') === 'complete';
    if (member === 'ttlMs' || member === 'cacheScope') return recorded === undefined || got === undefined;
    // A _meta only one side has, holding nothing but flow members.
    if (member === '_meta' && (recorded === undefined || got === undefined)) return onlyFlowMeta(recorded ?? got);
    return false;
  }
  // Tasks, as each flow declares them: the `tasks` capability (2025-11-25) or the Tasks extension (2026-07-28), on one side only.
  if (path[1] === 'capabilities' && (recorded === undefined || got === undefined)) {
    if (path.length === 3 && path[2] === 'tasks') return true;
    if (path.length === 3 && path[2] === 'extensions') return onlyTasksExtension(recorded ?? got);
    if (path.length === 4 && path[2] === 'extensions' && path[3] === TASKS_EXTENSION) return true;
  }
  // A tool's `execution` (2025-11-25's taskSupport; 2026-07-28 moved tasks to an extension and has none) on one side only.
  if (path.length === 4 && path[1] === 'tools' && typeof path[2] === 'number' && path[3] === 'execution')
    return recorded === undefined || got === undefined;
  return path.length === 3 && path[1] === '_meta' && typeof path[2] === 'string' && path[2].startsWith(FLOW_META_PREFIX);
}

function onlyTasksExtension(extensions: unknown): boolean {
  return (
    typeof extensions === 'object' &&
    extensions !== null &&
    !Array.isArray(extensions) &&
    Object.keys(extensions).every((k) => k === TASKS_EXTENSION)
  );
}

function onlyFlowMeta(meta: unknown): boolean {
  return (
    typeof meta === 'object' && meta !== null && !Array.isArray(meta) && Object.keys(meta).every((k) => k.startsWith(FLOW_META_PREFIX))
  );
}
