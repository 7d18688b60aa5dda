/**
 * What a tap (`mcp-lens tap`) sends the bridge on `/ws/tap`, and what it gets back. A tap records
 * one connection a host opened; it says which in its hello, then sends what it saw as events in
 * the envelope's own shapes, each with the time the tap saw it. The bridge decides the
 * connection id, stamps the events and journals them: a tap can add lines to the record of its
 * own connection and nothing else (docs/adr/0010).
 */
import { z } from 'zod';
import { parseBridgeEvent, tapInfoSchema, type BridgeEvent } from '../envelope.js';

/** The event kinds a tap may record: what passes on a connection, and the tap's own words. */
export const TAP_EVENT_KINDS = ['spawn', 'spawn-error', 'line', 'exit', 'notice', 'http'] as const;
export type TapEventKind = (typeof TAP_EVENT_KINDS)[number];

/** An event as a tap sends it: the envelope's event without `seq`, `t` or `conn`, plus `at`. */
export const tapEventSchema = z.object({
  /** When the tap saw it: epoch-aligned monotonic milliseconds of the tap's clock. */
  at: z.number(),
  event: z.record(z.string(), z.unknown()),
});
export type TapEventInput = z.infer<typeof tapEventSchema>;

export const tapHelloSchema = z.object({
  type: z.literal('hello'),
  tap: tapInfoSchema,
  /** The tap's MCP Lens version, for the record. */
  version: z.string().max(100),
  /**
   * The tap's own journal, when it kept one while no bridge ran (`tap-<session>`): what it sends
   * first is what that journal holds.
   */
  journal: z.string().max(200).optional(),
});
export type TapHello = z.infer<typeof tapHelloSchema>;

export const tapEventsFrameSchema = z.object({
  type: z.literal('events'),
  events: z.array(tapEventSchema).max(100_000),
});

export const tapFrameSchema = z.discriminatedUnion('type', [tapHelloSchema, tapEventsFrameSchema]);
export type TapFrame = z.infer<typeof tapFrameSchema>;

/** What the bridge answers: the connection it records the tap as, or why it will not. */
export const tapReplySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('welcome'), conn: z.string(), session: z.string() }),
  z.object({ type: z.literal('rejected'), message: z.string() }),
]);
export type TapReply = z.infer<typeof tapReplySchema>;

/** The connection id a tap's events are recorded under: one per tap, whichever bridge records it. */
export function tapConnId(tap: string): string {
  return `tap-${tap}`;
}

/**
 * One event a tap sent, checked as the envelope checks any event and limited to the kinds a tap
 * may record; `conn` is the bridge's choice, never the tap's.
 */
export function readTapEvent(input: TapEventInput, conn: string): { ok: true; event: BridgeEvent } | { ok: false; error: string } {
  const kind = input.event.kind;
  if (typeof kind !== 'string' || !(TAP_EVENT_KINDS as readonly string[]).includes(kind))
    return {
      ok: false,
      error: `a tap may not record a ${typeof kind === 'string' ? JSON.stringify(kind.slice(0, 40)) : 'kindless'} event`,
    };
  const parsed = parseBridgeEvent({ ...input.event, seq: 0, t: input.at, conn });
  return parsed;
}
