/**
 * A tour: a guided walk through a protocol conversation, written as data (JSON or YAML) so a
 * trainer can write their own. The app plays it step by step on raw connections it launches
 * (the engine opens nothing by itself: every line on the wire is one a step sent), shows each
 * message with the notes the tour attaches to its fields, and checks what came back.
 *
 * The shape here is the contract between the reader (parse.ts), the player (player.ts), the
 * app's views and docs/tour.schema.json. Objects are strict: a misspelt field (`exercize`) is
 * refused with its line rather than silently ignored; `version` says what a reader can read.
 */
import { z } from 'zod';

export const TOUR_FORMAT = 'mcp-lens-tour';
export const TOUR_VERSION = 1;

/** Markdown, shown as text: no raw HTML is ever rendered from a tour. */
const markdown = z.string().max(20_000);

/** A JSONPath of the subset protocol/replay/jsonPath.ts parses, rooted at the message. */
const jsonPath = z.string().min(1).max(500).startsWith('$');

/** Which specification asks for the field: the badge on its note. */
export const noteOriginSchema = z.enum(['jsonrpc', 'mcp', 'handshake', 'stateless', 'server']);
export type NoteOrigin = z.infer<typeof noteOriginSchema>;

/**
 * A note on a field. Tour-wide notes apply to every message they match; a step's own notes
 * apply to that step's messages and win over tour-wide ones on the same field.
 */
export const fieldNoteSchema = z.strictObject({
  /** The field: `$.jsonrpc`, `$.params._meta["io.modelcontextprotocol/protocolVersion"]`, `$..type`. */
  at: jsonPath.describe('The field, as JSONPath: $.jsonrpc, $.params._meta["io.modelcontextprotocol/protocolVersion"], $..type'),
  text: markdown.min(1).describe('The note (Markdown, shown as text)'),
  origin: noteOriginSchema.optional().describe('Which specification asks for the field: the badge on the note'),
  /** Only messages of this method (a response counts as its request's method). */
  method: z.string().min(1).optional().describe("Only messages of this method (a response counts as its request's)"),
  /** Only messages going this way: sent by the client, or received from the server. */
  dir: z.enum(['sent', 'received']).optional().describe('Only messages sent by the client, or received from the server'),
  /** Only messages on connections of this flow. */
  flow: z.enum(['handshake', 'stateless']).optional().describe('Only messages on connections of this flow'),
});
export type FieldNote = z.infer<typeof fieldNoteSchema>;

/** The server a tour's connections launch: the built-in demo server unless it says otherwise. */
export const tourServerSchema = z.union([
  z.strictObject({ demo: z.literal(true) }),
  z.strictObject({
    command: z.string().min(1),
    args: z.array(z.string()).default([]),
    env: z.record(z.string(), z.string()).default({}),
  }),
]);
export type TourServer = z.infer<typeof tourServerSchema>;

/** A named connection of the tour: its own server process, in one flow. */
export const tourConnectionSchema = z.strictObject({
  flow: z.enum(['handshake', 'stateless']),
  label: z.string().min(1).max(100).optional(),
});

/** What came back, checked against the step's outcome (the awaited message). */
export const expectationSchema = z.strictObject({
  at: jsonPath.describe("The field of the step's outcome to check, as JSONPath"),
  /** Deep equality with this value; without it, the field must be present. */
  equals: z.unknown().optional().describe('The value the field must equal (as JSON); without it, the field must be there'),
  /** Shown when the check holds / fails (Markdown). */
  pass: markdown.optional().describe('Shown when the check holds'),
  fail: markdown.optional().describe('Shown when it fails'),
});
export type Expectation = z.infer<typeof expectationSchema>;

/**
 * What a step waits for after sending (or instead of sending): by default, the response to
 * the request it sent; a notification is awaited for nothing.
 */
export const waitSchema = z.union([
  /** A message from the server with this method (a request such as elicitation/create, or a notification). */
  z.strictObject({ method: z.string().min(1) }),
  /** The response to the request an earlier step sent. */
  z.strictObject({ response: z.string().min(1) }),
]);
export type Wait = z.infer<typeof waitSchema>;

/**
 * A step. `send` is the exact JSON-RPC message, shown before it goes out. In it, an object
 * `{"$ref": "<step id>#<jsonpath>"}` stands for a value of that earlier step's outcome (a
 * stateless retry's requestState, the id of the server's elicitation request). A request's
 * `id` is replaced by the connection's next free id, so a step sent again never reuses one.
 * A step with neither `send` nor `wait` is words only (an introduction, a summary, `figures`).
 */
export const tourStepSchema = z.strictObject({
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
  title: z.string().min(1).max(200),
  text: markdown.default('').describe('What the step says (Markdown, shown as text)'),
  /** The connection the step's message goes to (a key of `connections`). */
  connection: z
    .string()
    .min(1)
    .optional()
    .describe('The connection the step talks to (a key of connections); needed when there are several'),
  send: z
    .record(z.string(), z.unknown())
    .optional()
    .describe(
      'The exact JSON-RPC message to send. A request\'s id is replaced by the next free one; {"$ref": "<step id>#<jsonpath>"} is filled from an earlier outcome',
    ),
  wait: waitSchema.optional().describe('What ends the step instead of the response to its own request'),
  /** An exercise: the learner edits the message before sending it; this says what to do. */
  exercise: markdown.optional().describe('An exercise: the learner edits the message before sending it; this says what to do'),
  expect: z.array(expectationSchema).max(20).default([]).describe("Checks on the step's outcome"),
  notes: z.array(fieldNoteSchema).max(500).default([]).describe("Notes on the fields of this step's messages; they win over the tour's"),
  /** Show the figures of the tour so far per connection (messages, round trips, bytes, time). */
  figures: z.boolean().default(false).describe('Show the figures of the tour so far, per connection'),
});
export type TourStep = z.infer<typeof tourStepSchema>;

export const tourSchema = z.strictObject({
  /** For editors: the JSON Schema the file follows (docs/tour.schema.json). Not read. */
  $schema: z.string().optional(),
  format: z.literal(TOUR_FORMAT),
  version: z.literal(TOUR_VERSION),
  title: z.string().min(1).max(200),
  summary: markdown.default('').describe('What the tour teaches (Markdown)'),
  server: tourServerSchema
    .default({ demo: true })
    .describe('The server every connection launches: {demo: true} (the default) or {command, args, env}'),
  connections: z
    .record(z.string().regex(/^[A-Za-z0-9_-]{1,32}$/), tourConnectionSchema)
    .describe('The connections by name: each its own server process, in one flow'),
  notes: z.array(fieldNoteSchema).max(2000).default([]).describe('Notes on fields, for every message they match'),
  steps: z.array(tourStepSchema).min(1).max(500),
});
export type Tour = z.infer<typeof tourSchema>;
