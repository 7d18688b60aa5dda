/**
 * What a presenter journals as it moves through a tour, read back by a follower page on the
 * same bridge session (and by anyone who opens the session later):
 *
 * - `tour.start` {run, title, source}: a run begins (each Restart is a new run). The source says
 *   where a follower finds the tour: bundled, from the bridge (`--tour`), or its text here
 *   (a file the presenter picked, which no other page can read).
 * - `tour.step` {run, title, index, stepTitle?, total, conns, sent?, outcome?, preview?, figures?}: the step
 *   shown, written when the presenter moves and when the step's exchange completes; `sent` and
 *   `outcome` are the seqs of the lines on the wire, so a follower shows the very messages from
 *   its own events; `preview` is the line about to be sent, `figures` a figures step's table.
 * - `tour.end` {run}: the run ended: a restart (a new run follows), another tour chosen, the
 *   tour closed.
 *
 * Read through zod: a note is data from whatever wrote the journal.
 */
import { z } from 'zod';
import type { BridgeEvent } from '../envelope.js';

export const TOUR_TOPICS = { start: 'tour.start', step: 'tour.step', end: 'tour.end' } as const;

export const tourSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('builtin') }),
  z.object({ kind: z.literal('cli') }),
  z.object({ kind: z.literal('file'), name: z.string().max(500), text: z.string() }),
]);
export type TourSource = z.infer<typeof tourSourceSchema>;

export const tourStartSchema = z.object({
  run: z.string().min(1).max(100),
  title: z.string().max(200),
  source: tourSourceSchema,
});
export type TourStart = z.infer<typeof tourStartSchema>;

export const tourStepNoteSchema = z.object({
  run: z.string().min(1).max(100),
  title: z.string().max(200),
  /** 0-based. */
  index: z.number().int().min(0),
  /** The step's title, for a reader without the tour (an exported session's timeline). */
  stepTitle: z.string().max(200).optional(),
  total: z.number().int().min(1),
  /** The tour's connection names and the bridge connections playing them. */
  conns: z.record(z.string(), z.string()).default({}),
  /** The seq of the line the step sent. */
  sent: z.number().int().optional(),
  /** The seq of the step's outcome (the awaited message). */
  outcome: z.number().int().optional(),
  /** Before it is sent: the line the step will send, as the presenter's screen shows it. */
  preview: z.string().max(1_000_000).optional(),
  /** On a figures step: the figures of the run so far, per connection. */
  figures: z
    .array(
      z.object({
        connection: z.string(),
        flow: z.enum(['handshake', 'stateless']),
        label: z.string().optional(),
        figures: z.object({
          messages: z.number(),
          roundTrips: z.number(),
          bytesSent: z.number(),
          bytesReceived: z.number(),
          ms: z.number(),
        }),
      }),
    )
    .max(100)
    .optional(),
});
export type TourStepNote = z.infer<typeof tourStepNoteSchema>;

export const tourEndSchema = z.object({ run: z.string().min(1).max(100) });

type Note = Extract<BridgeEvent, { kind: 'note' }>;

export interface FollowedTour {
  start: TourStart;
  /** The latest step of that run, if the presenter has written one. */
  step?: TourStepNote;
  /** The presenter ended this run. */
  ended: boolean;
}

/**
 * The run a follower shows: the latest `tour.start` whose data reads, with the latest step and
 * end of that same run. Reads from the end: a long session holds many runs.
 */
export function followedTour(notes: readonly Note[]): FollowedTour | undefined {
  let step: TourStepNote | undefined;
  const ended = new Set<string>();
  const steps = new Map<string, TourStepNote>();
  for (let i = notes.length - 1; i >= 0; i--) {
    const note = notes[i] as Note;
    if (note.topic === TOUR_TOPICS.step) {
      const parsed = tourStepNoteSchema.safeParse(note.data);
      if (parsed.success && !steps.has(parsed.data.run)) steps.set(parsed.data.run, parsed.data);
    } else if (note.topic === TOUR_TOPICS.end) {
      const parsed = tourEndSchema.safeParse(note.data);
      if (parsed.success) ended.add(parsed.data.run);
    } else if (note.topic === TOUR_TOPICS.start) {
      const parsed = tourStartSchema.safeParse(note.data);
      if (!parsed.success) continue;
      step = steps.get(parsed.data.run);
      return { start: parsed.data, ...(step ? { step } : {}), ended: ended.has(parsed.data.run) };
    }
  }
  return undefined;
}

/** A tour note as the timeline's row says it; undefined for any other note (or one that does not read). */
export function tourNoteText(topic: string, data: unknown): string | undefined {
  switch (topic) {
    case TOUR_TOPICS.start: {
      const parsed = tourStartSchema.safeParse(data);
      if (!parsed.success) return undefined;
      const { title, source } = parsed.data;
      const from = source.kind === 'builtin' ? 'the built-in tour' : source.kind === 'cli' ? 'the tour given with --tour' : source.name;
      return `tour "${title}" started (${from})`;
    }
    case TOUR_TOPICS.step: {
      const parsed = tourStepNoteSchema.safeParse(data);
      if (!parsed.success) return undefined;
      const n = parsed.data;
      const done = n.outcome !== undefined ? ', answered' : n.sent !== undefined ? ', sent' : '';
      return `tour step ${n.index + 1} of ${n.total}${n.stepTitle === undefined ? '' : `: ${n.stepTitle}`}${done}`;
    }
    case TOUR_TOPICS.end:
      return tourEndSchema.safeParse(data).success ? 'tour ended' : undefined;
    default:
      return undefined;
  }
}
