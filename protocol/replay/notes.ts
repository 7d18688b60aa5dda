/**
 * What a replay run from the app journals, so its findings sit on the timeline beside the wire
 * lines they are about: a note when the replay of a recorded connection starts, one per judged
 * exchange (its verdict and its differences, capped), and one when it ends. The timeline reads
 * each as one line ("replay tools/call echo: differs at $.result.content[0].text") and the
 * detail pane shows an exchange's differences as a table. Any opened file may carry these notes,
 * whatever their data holds: they are read through zod, and only ever shown as text.
 */
import { z } from 'zod';
import { ExactId, type JsonRpcId } from '../jsonrpc.js';
import type { Difference } from './diff.js';
import { formatPath } from './jsonPath.js';
import { describeRequest } from './params.js';
import type { ExchangeReport } from './replayCalls.js';
import { renderSummary } from './report.js';

export const REPLAY_TOPICS = {
  start: 'replay.start',
  exchange: 'replay.exchange',
  done: 'replay.done',
} as const;

/** Differences kept per exchange in its note; `total` counts them all. */
export const MAX_NOTED_DIFFERENCES = 50;
/** Characters of a value's JSON kept in a note; a longer value keeps its start as text. */
export const MAX_NOTED_VALUE = 2000;

const idSchema = z.union([z.string(), z.number()]);

/** A note is read back as JSON: an id past 2^53 keeps its digits, as text. */
function notedId(id: JsonRpcId): string | number {
  return id instanceof ExactId ? id.text : id;
}
const statusSchema = z.enum(['match', 'differ', 'skipped', 'failed']);
const tallySchema = z.object({
  match: z.number(),
  differ: z.number(),
  skipped: z.number(),
  failed: z.number(),
});

export const notedDifferenceSchema = z.object({
  /** Where, as JSONPath rooted at the response: `$.result.content[0].text`. */
  path: z.string(),
  kind: z.enum(['changed', 'missing', 'added']),
  /** The recorded value (absent when the recording had none here, or it is clipped). */
  recorded: z.unknown().optional(),
  replayed: z.unknown().optional(),
  /** In place of a value whose JSON is longer than MAX_NOTED_VALUE: its start, and its length. */
  recordedText: z.string().optional(),
  replayedText: z.string().optional(),
});
export type NotedDifference = z.infer<typeof notedDifferenceSchema>;

export const replayStartSchema = z.object({
  /** One run of Replay; its connections' notes share it. */
  id: z.string(),
  /** The file (or past session) replayed. */
  source: z.string(),
  recordedConn: z.string(),
  label: z.string().optional(),
  recordedFlow: z.enum(['handshake', 'stateless']).optional(),
  /** The flow asked for: absent when the recorded one. */
  flow: z.enum(['handshake', 'stateless', 'auto']).optional(),
  /** Recorded calls to send again (the opening is compared besides). */
  calls: z.number(),
  ignore: z.array(z.string()),
});
export type ReplayStartNote = z.infer<typeof replayStartSchema>;

export const replayExchangeSchema = z.object({
  id: z.string(),
  recordedConn: z.string(),
  /** The call's number in the recording; 0 for the opening (initialize or server/discover). */
  index: z.number(),
  method: z.string(),
  /** What was asked, in a few words: `tools/call echo`. */
  what: z.string(),
  status: statusSchema,
  recordedIds: z.array(idSchema),
  replayedIds: z.array(idSchema),
  /** The seq of the replayed request line (the last round's): the timeline row of the new exchange. */
  replayedSeq: z.number().optional(),
  differences: z.array(notedDifferenceSchema),
  /** Every difference found, those past MAX_NOTED_DIFFERENCES too. */
  total: z.number(),
  /** A difference no path shows (an invalid response on one side). */
  note: z.string().optional(),
  /** Why it was skipped or failed. */
  reason: z.string().optional(),
});
export type ReplayExchangeNote = z.infer<typeof replayExchangeSchema>;

export const replayDoneSchema = z.object({
  id: z.string(),
  recordedConn: z.string(),
  /** The flow the replay ran in, once connected. */
  flow: z.enum(['handshake', 'stateless']).optional(),
  tally: tallySchema,
  /** Why it could not run at all (the server would not start or connect). */
  reason: z.string().optional(),
  cancelled: z.boolean().optional(),
});
export type ReplayDoneNote = z.infer<typeof replayDoneSchema>;

export interface ExchangeContext {
  id: string;
  recordedConn: string;
  /** Seq of the replayed request line, once the journal has it. */
  replayedSeq?: number;
}

/** The note of one judged exchange. */
export function exchangeNote(report: ExchangeReport, context: ExchangeContext): ReplayExchangeNote {
  const base = {
    id: context.id,
    recordedConn: context.recordedConn,
    index: report.call.index,
    method: report.call.method,
    what: describeRequest(report.call.method, report.call.params),
    status: report.status,
    recordedIds: (report.status === 'skipped' ? report.call.rounds.map((r) => r.id) : report.ids.recorded).map(notedId),
    replayedIds: report.status === 'skipped' ? [] : report.ids.replayed.map(notedId),
    ...(context.replayedSeq === undefined ? {} : { replayedSeq: context.replayedSeq }),
    differences: [] as NotedDifference[],
    total: 0,
  };
  switch (report.status) {
    case 'match':
      return base;
    case 'differ':
      return {
        ...base,
        differences: report.differences.slice(0, MAX_NOTED_DIFFERENCES).map(notedDifference),
        total: report.total,
        ...(report.note === undefined ? {} : { note: report.note }),
      };
    case 'skipped':
    case 'failed':
      return { ...base, reason: report.reason };
    default: {
      const never: never = report;
      return never;
    }
  }
}

export function notedDifference(difference: Difference): NotedDifference {
  const out: NotedDifference = { path: formatPath(difference.path), kind: difference.kind };
  if (difference.kind !== 'added') Object.assign(out, kept('recorded', difference.recorded));
  if (difference.kind !== 'missing') Object.assign(out, kept('replayed', difference.got));
  return out;
}

function kept(side: 'recorded' | 'replayed', value: unknown): Partial<NotedDifference> {
  const json = JSON.stringify(value) ?? 'null';
  if (json.length <= MAX_NOTED_VALUE) return { [side]: value };
  return { [`${side}Text`]: `${json.slice(0, MAX_NOTED_VALUE)}… (${json.length} characters)` };
}

/** A side of a difference as the detail pane shows it: JSON text, or what the other side had instead of nothing. */
export function differenceValue(difference: NotedDifference, side: 'recorded' | 'replayed'): string {
  const text = side === 'recorded' ? difference.recordedText : difference.replayedText;
  if (text !== undefined) return text;
  const has = side === 'recorded' ? difference.kind !== 'added' : difference.kind !== 'missing';
  if (!has) return side === 'recorded' ? '(not in the recording)' : '(missing now)';
  return JSON.stringify(side === 'recorded' ? difference.recorded : difference.replayed) ?? 'null';
}

export function readExchangeNote(data: unknown): ReplayExchangeNote | undefined {
  const parsed = replayExchangeSchema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}

/** The verdict of an exchange in a few words: "same as recorded", "differs at $.result.content[0].text". */
export function verdictText(note: ReplayExchangeNote): string {
  switch (note.status) {
    case 'match':
      return 'same as recorded';
    case 'differ': {
      const first = note.differences[0];
      if (!first) return note.note === undefined ? 'differs' : `differs: ${note.note}`;
      const more = note.total - 1;
      return `differs at ${first.path}${more > 0 ? ` and ${more} more ${more === 1 ? 'place' : 'places'}` : ''}`;
    }
    case 'skipped':
      return `not sent: ${note.reason ?? 'skipped'}`;
    case 'failed':
      return `failed: ${note.reason ?? 'no answer'}`;
    default: {
      const never: never = note.status;
      return never;
    }
  }
}

/** One line for the timeline's list, for a replay note; undefined for any other topic, or data that is not one. */
export function replayNoteText(topic: string, data: unknown): string | undefined {
  switch (topic) {
    case REPLAY_TOPICS.start: {
      const parsed = replayStartSchema.safeParse(data);
      if (!parsed.success) return undefined;
      const n = parsed.data;
      const recorded = n.recordedFlow === undefined ? '' : `, recorded in the ${n.recordedFlow} flow`;
      const flow =
        n.flow === undefined ? 'in the recorded flow' : n.flow === 'auto' ? 'in the flow auto settles on' : `in the ${n.flow} flow`;
      return `replay of ${n.recordedConn}${n.label === undefined ? '' : ` (${n.label})`} from ${n.source}${recorded}: ${n.calls} ${n.calls === 1 ? 'call' : 'calls'}, ${flow}`;
    }
    case REPLAY_TOPICS.exchange: {
      const note = readExchangeNote(data);
      return note && `replay ${note.what}: ${verdictText(note)}`;
    }
    case REPLAY_TOPICS.done: {
      const parsed = replayDoneSchema.safeParse(data);
      if (!parsed.success) return undefined;
      const n = parsed.data;
      const how = n.cancelled ? 'cancelled' : 'done';
      return `replay of ${n.recordedConn} ${how}${n.reason === undefined ? '' : ` (${n.reason})`}: ${renderSummary(n.tally)}${n.flow === undefined ? '' : ` in the ${n.flow} flow`}`;
    }
    default:
      return undefined;
  }
}
