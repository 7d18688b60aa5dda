/**
 * The worker's boundary: every message from the page is checked against these schemas before
 * the index sees it (the page is trusted code, but a stale tab or a bad build is not).
 */
import { z } from 'zod';
import { DIRECTIONS, KINDS, STATUSES } from './codes.js';
import type { Direction, RowKind, RowStatus, TimelineQuery } from './contract.js';

const kind = z.enum(KINDS as [RowKind, ...RowKind[]]);
const status = z.enum(STATUSES as [RowStatus, ...RowStatus[]]);
const direction = z.enum(DIRECTIONS as [Direction, ...Direction[]]);
const q = z.number().int().nonnegative();
const count = z.number().int().min(0).max(100_000);

export const timelineFilterSchema = z.object({
  conns: z.array(z.string()).max(10_000),
  directions: z.array(direction),
  kinds: z.array(kind),
  methods: z.array(z.string()).max(10_000),
  statuses: z.array(status),
  findingsOnly: z.boolean(),
  text: z.string().max(10_000),
});

export const timelineSortSchema = z.object({
  column: z.enum(['time', 'conn', 'direction', 'method', 'id', 'status', 'duration', 'bytesOut', 'bytesIn']),
  descending: z.boolean(),
});

const journal = z.object({ url: z.string().min(1), token: z.string() });

export const timelineQuerySchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('source'),
    source: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('live'), session: z.string(), backlog: journal.optional() }),
      journal.extend({ kind: z.literal('journal'), index: z.string().min(1).optional() }),
    ]),
  }),
  z.object({ type: z.literal('frame'), text: z.string() }),
  z.object({ type: z.literal('filter'), q, filter: timelineFilterSchema, sort: timelineSortSchema }),
  z.object({ type: z.literal('window'), q, start: z.number().int().min(0), count }),
  z.object({ type: z.literal('spans'), q, t0: z.number(), t1: z.number(), limit: count }),
  z.object({ type: z.literal('detail'), q, row: z.number().int() }),
  z.object({ type: z.literal('position'), q, row: z.number().int() }),
  z.object({ type: z.literal('rowOf'), q, seq: z.number().int() }),
  z.object({ type: z.literal('tasks'), q, conn: z.string().max(1000).optional() }),
]);

/** The schema and the contract's type must describe the same messages. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const agrees: Same<z.infer<typeof timelineQuerySchema>, TimelineQuery> = true;
void agrees;
