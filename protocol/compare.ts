/**
 * Comparing the two flows on one scenario: the scenario itself, the markers a run journals
 * around each step, and what is read back from the wire: the messages of each step, the
 * figures (messages, round trips, bytes, time) and what differs between the two columns.
 * Everything here is computed from recorded events, so a comparison replays from a journal.
 */
import { z } from 'zod';
import type { BridgeEvent } from './envelope.js';
import { classifyText, type Classified } from './jsonrpc.js';
import { META_KEYS, type Flow } from './flows.js';

export const stepSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('connect') }),
  z.object({ kind: z.literal('list'), method: z.enum(['tools/list', 'resources/list', 'resources/templates/list', 'prompts/list']) }),
  z.object({ kind: z.literal('call'), tool: z.string().min(1), arguments: z.record(z.string(), z.unknown()).default({}) }),
  z.object({ kind: z.literal('read'), uri: z.string().min(1) }),
  z.object({ kind: z.literal('prompt'), name: z.string().min(1), arguments: z.record(z.string(), z.string()).default({}) }),
  /** A tool that asks the user something; the scenario carries the answer given. */
  z.object({
    kind: z.literal('input'),
    tool: z.string().min(1),
    arguments: z.record(z.string(), z.unknown()).default({}),
    answer: z.object({ action: z.enum(['accept', 'decline', 'cancel']), content: z.record(z.string(), z.unknown()).optional() }),
  }),
]);
export type Step = z.infer<typeof stepSchema>;

export const scenarioSchema = z.object({
  name: z.string().min(1).max(200),
  steps: z.array(stepSchema).min(1).max(100),
});
export type Scenario = z.infer<typeof scenarioSchema>;

/** The workshop article's eight rounds on the demo server, plus the input round. */
export const DEFAULT_SCENARIO: Scenario = {
  name: 'Workshop: the eight rounds, plus an input round',
  steps: [
    { kind: 'connect' },
    { kind: 'list', method: 'tools/list' },
    { kind: 'call', tool: 'echo', arguments: { message: 'Hello from MCP client!' } },
    { kind: 'call', tool: 'add', arguments: { a: 42, b: 58 } },
    { kind: 'list', method: 'resources/list' },
    { kind: 'read', uri: 'info://server-info' },
    { kind: 'list', method: 'prompts/list' },
    {
      kind: 'prompt',
      name: 'summarize',
      arguments: { text: 'MCP defines a standard protocol for connecting AI models to tools and data sources.', max_words: '20' },
    },
    {
      kind: 'input',
      tool: 'confirm_action',
      arguments: { action: 'deploy the demo' },
      answer: { action: 'accept', content: { confirm: true } },
    },
  ],
};

/** The request a step sends (the connect step is the flow's own opening). */
export function stepRequest(step: Exclude<Step, { kind: 'connect' }>): { method: string; params: Record<string, unknown> | undefined } {
  switch (step.kind) {
    case 'list':
      return { method: step.method, params: undefined };
    case 'call':
    case 'input':
      return { method: 'tools/call', params: { name: step.tool, arguments: step.arguments } };
    case 'read':
      return { method: 'resources/read', params: { uri: step.uri } };
    case 'prompt':
      return { method: 'prompts/get', params: { name: step.name, arguments: step.arguments } };
    default: {
      const never: never = step;
      return never;
    }
  }
}

export function stepLabel(step: Step): string {
  switch (step.kind) {
    case 'connect':
      return 'connect';
    case 'list':
      return step.method;
    case 'call':
      return `tools/call ${step.tool}`;
    case 'read':
      return `resources/read ${step.uri}`;
    case 'prompt':
      return `prompts/get ${step.name}`;
    case 'input':
      return `input round: ${step.tool}`;
    default: {
      const never: never = step;
      return never;
    }
  }
}

// ---- journal markers ----

export const COMPARE_TOPICS = {
  start: 'compare.start',
  step: 'compare.step',
  done: 'compare.done',
} as const;

export interface CompareStart {
  id: string;
  scenario: Scenario;
  /** The server both columns started: a command (each column its own process)... */
  command?: string;
  args?: string[];
  /** ...or one URL both columns reach over HTTP (credentials masked), each in its own session. */
  url?: string;
  conns: Record<Flow, string>;
}

export interface StepMark {
  id: string;
  flow: Flow;
  index: number;
  phase: 'start' | 'end';
  /** How the step ended, in a few words (only on 'end'). */
  outcome?: string;
}

export interface RecordedComparison {
  start: CompareStart;
  /** Seq of its start note: its events are the ones from there on. */
  seq: number;
  done: boolean;
}

/** The comparisons a session holds, in the order they started, from its notes. */
export function listComparisons(notes: readonly BridgeEvent[]): RecordedComparison[] {
  const out: RecordedComparison[] = [];
  const done = new Set<string>();
  for (const e of notes) {
    if (e.kind !== 'note') continue;
    if (e.topic === COMPARE_TOPICS.start) out.push({ start: e.data as CompareStart, seq: e.seq, done: false });
    else if (e.topic === COMPARE_TOPICS.done) done.add((e.data as { id: string }).id);
  }
  return out.map((c) => ({ ...c, done: done.has(c.start.id) }));
}

// ---- reading a run back ----

export interface StepMessage {
  seq: number;
  t: number;
  from: 'client' | 'server';
  text: string;
  /** Bytes on the wire, line ending included. */
  bytes: number;
  classified: Classified;
  notes: Highlight[];
}

/** What a message shows of the flow it belongs to; the comparison highlights these. */
export type Highlight =
  | { kind: 'envelope'; bytes: number }
  | { kind: 'result-type'; value: string }
  | { kind: 'server-info-in-meta' }
  | { kind: 'cache'; ttlMs: unknown; cacheScope: unknown }
  | { kind: 'handshake' }
  | { kind: 'server-request'; method: string }
  | { kind: 'input-required'; keys: string[] }
  | { kind: 'retry'; keys: string[] }
  | { kind: 'error'; code: number };

export interface StepView {
  index: number;
  messages: StepMessage[];
  t0?: number;
  t1?: number;
  outcome?: string;
}

export interface Figures {
  messages: number;
  roundTrips: number;
  bytesSent: number;
  bytesReceived: number;
  ms: number;
}

export interface ColumnView {
  flow: Flow;
  conn: string;
  steps: StepView[];
  totals: Figures;
  perStep: Figures[];
}

/**
 * Folds the events of one comparison into its two columns. Only JSON-RPC lines between a
 * step's start and end markers belong to that step; stderr and process events are left out.
 */
export function readComparison(start: CompareStart, events: readonly BridgeEvent[]): Record<Flow, ColumnView> {
  const columns = {
    handshake: emptyColumn('handshake', start),
    stateless: emptyColumn('stateless', start),
  };
  const current: Record<Flow, number | undefined> = { handshake: undefined, stateless: undefined };
  const flowOf = new Map<string, Flow>([
    [start.conns.handshake, 'handshake'],
    [start.conns.stateless, 'stateless'],
  ]);
  for (const event of events) {
    if (event.kind === 'note' && event.topic === COMPARE_TOPICS.step) {
      const mark = event.data as StepMark;
      if (mark.id !== start.id) continue;
      const step = columns[mark.flow].steps[mark.index];
      if (!step) continue;
      if (mark.phase === 'start') {
        current[mark.flow] = mark.index;
        step.t0 = event.t;
      } else {
        current[mark.flow] = undefined;
        step.t1 = event.t;
        if (mark.outcome !== undefined) step.outcome = mark.outcome;
      }
      continue;
    }
    if (event.kind !== 'line' || event.stream === 'stderr' || event.conn === undefined || event.text === undefined) continue;
    const flow = flowOf.get(event.conn);
    if (!flow) continue;
    const index = current[flow];
    if (index === undefined) continue;
    const classified = classifyText(event.text);
    const from = event.stream === 'stdin' ? 'client' : 'server';
    columns[flow].steps[index]?.messages.push({
      seq: event.seq,
      t: event.t,
      from,
      text: event.text,
      bytes: event.size + event.eol.length,
      classified,
      notes: highlights(classified, from),
    });
  }
  for (const column of Object.values(columns)) {
    column.perStep = column.steps.map(figuresOf);
    column.totals = column.perStep.reduce(addFigures, zeroFigures());
  }
  return columns;
}

function emptyColumn(flow: Flow, start: CompareStart): ColumnView {
  return {
    flow,
    conn: start.conns[flow],
    steps: start.scenario.steps.map((_, index) => ({ index, messages: [] })),
    totals: zeroFigures(),
    perStep: [],
  };
}

function zeroFigures(): Figures {
  return { messages: 0, roundTrips: 0, bytesSent: 0, bytesReceived: 0, ms: 0 };
}

function addFigures(a: Figures, b: Figures): Figures {
  return {
    messages: a.messages + b.messages,
    roundTrips: a.roundTrips + b.roundTrips,
    bytesSent: a.bytesSent + b.bytesSent,
    bytesReceived: a.bytesReceived + b.bytesReceived,
    ms: a.ms + b.ms,
  };
}

/** A round trip is a request answered, in either direction. */
export function figuresOf(step: StepView): Figures {
  let roundTrips = 0;
  let bytesSent = 0;
  let bytesReceived = 0;
  for (const m of step.messages) {
    if (m.from === 'client') bytesSent += m.bytes;
    else bytesReceived += m.bytes;
    if (m.classified.kind === 'result' || m.classified.kind === 'error') roundTrips++;
  }
  return {
    messages: step.messages.length,
    roundTrips,
    bytesSent,
    bytesReceived,
    ms: step.t0 !== undefined && step.t1 !== undefined ? step.t1 - step.t0 : 0,
  };
}

export function highlights(c: Classified, from: 'client' | 'server'): Highlight[] {
  const out: Highlight[] = [];
  switch (c.kind) {
    case 'request': {
      const params = asRecord(c.params);
      const meta = asRecord(params._meta);
      if (META_KEYS.protocolVersion in meta) out.push({ kind: 'envelope', bytes: utf8Length(JSON.stringify(params._meta)) });
      if (c.method === 'initialize') out.push({ kind: 'handshake' });
      if (from === 'server') out.push({ kind: 'server-request', method: c.method });
      if ('inputResponses' in params) out.push({ kind: 'retry', keys: Object.keys(asRecord(params.inputResponses)) });
      return out;
    }
    case 'notification':
      if (c.method === 'notifications/initialized') out.push({ kind: 'handshake' });
      return out;
    case 'result': {
      const result = asRecord(c.result);
      if (typeof result.resultType === 'string') out.push({ kind: 'result-type', value: result.resultType });
      if (META_KEYS.serverInfo in asRecord(result._meta)) out.push({ kind: 'server-info-in-meta' });
      if ('ttlMs' in result || 'cacheScope' in result) out.push({ kind: 'cache', ttlMs: result.ttlMs, cacheScope: result.cacheScope });
      if (result.resultType === 'input_required') out.push({ kind: 'input-required', keys: Object.keys(asRecord(result.inputRequests)) });
      if ('protocolVersion' in result && 'serverInfo' in result) out.push({ kind: 'handshake' });
      return out;
    }
    case 'error':
      out.push({ kind: 'error', code: c.error.code });
      return out;
    case 'batch':
    case 'invalid':
    case 'non-json':
      return out;
    default: {
      const never: never = c;
      return never;
    }
  }
}

/** Plain words for what happened in a column that could not run, read from its first step. */
export function explainColumn(column: ColumnView): string | undefined {
  const connect = column.steps[0];
  const error = connect?.messages.find((m) => m.classified.kind === 'error');
  if (!error || error.classified.kind !== 'error') return undefined;
  const code = error.classified.error.code;
  const data = asRecord(error.classified.error.data);
  if (column.flow === 'stateless' && code === -32601) {
    return 'The server answered server/discover with -32601 (Method not found): it does not speak the stateless flow (2026-07-28). It only knows the handshake flow, which starts with initialize.';
  }
  if (code === -32022) {
    const supported = Array.isArray(data.supported) ? data.supported.join(', ') : 'none named';
    return `The server refused the protocol version with -32022 and named the versions it supports: ${supported}.`;
  }
  return `The connect step failed with ${code}: ${error.classified.error.message}`;
}

function utf8Length(text: string | undefined): number {
  return text === undefined ? 0 : new TextEncoder().encode(text).length;
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export interface Difference {
  topic: 'failed' | 'removed' | 'every-request' | 'every-result' | 'input-round' | 'totals';
  title: string;
  detail: string;
}

/**
 * What changed between the columns, in plain sentences with the numbers from the wire: the
 * handshake the stateless flow removed, the envelope it adds to every request, what every
 * result carries, and what the input round became.
 */
export function describeDifferences(h: ColumnView, s: ColumnView): Difference[] {
  const out: Difference[] = [];
  const all = (c: ColumnView): StepMessage[] => c.steps.flatMap((step) => step.messages);
  const hMessages = all(h);
  const sMessages = all(s);
  // A side that never connected compared nothing: say what happened to it, not what the flows differ in.
  const failed = [h, s].filter((c) => !connected(c));
  for (const column of failed) out.push(failedSide(column));
  const handshake = hMessages.filter((m) => m.notes.some((n) => n.kind === 'handshake'));
  if (handshake.length > 0 && failed.length === 0) {
    const bytes = handshake.reduce((sum, m) => sum + m.bytes, 0);
    const discover = sMessages.filter((m) => m.classified.kind === 'request' && m.classified.method === 'server/discover');
    out.push({
      topic: 'removed',
      title: 'The handshake is gone',
      detail:
        `The handshake flow opens with initialize, its result and notifications/initialized: ${handshake.length} messages, ${bytes} bytes, before anything useful. ` +
        (discover.length > 0
          ? 'The stateless flow has no handshake; its optional server/discover only asks who the server is, and any request could come first.'
          : 'The stateless flow has no handshake at all: its first request is already useful.'),
    });
  }
  const requests = sMessages.filter((m) => m.from === 'client' && m.classified.kind === 'request');
  const enveloped = requests
    .map((m) => m.notes.find((n) => n.kind === 'envelope'))
    .filter((n): n is Extract<Highlight, { kind: 'envelope' }> => n !== undefined);
  const statelessRan = connected(s);
  if (enveloped.length > 0 && statelessRan) {
    const total = enveloped.reduce((sum, n) => sum + n.bytes, 0);
    out.push({
      topic: 'every-request',
      title: 'Every request carries an envelope',
      detail: `${enveloped.length} of ${requests.length} stateless requests carry params._meta with the protocol version, the client's capabilities and its identity: what initialize said once is now repeated each time, about ${Math.round(total / enveloped.length)} bytes per request, ${total} bytes in all.`,
    });
  }
  const results = sMessages.filter((m) => m.classified.kind === 'result');
  if (results.length > 0 && statelessRan) {
    const typed = results.filter((m) => m.notes.some((n) => n.kind === 'result-type')).length;
    const info = results.filter((m) => m.notes.some((n) => n.kind === 'server-info-in-meta')).length;
    const cached = results.filter((m) => m.notes.some((n) => n.kind === 'cache')).length;
    out.push({
      topic: 'every-result',
      title: 'Every result says what it is',
      detail: `${typed} of ${results.length} stateless results carry resultType ("complete", or "input_required" mid-request); ${info} carry the server's identity in _meta (the handshake flow gave it once, in the initialize result); ${cached} list, read and discover results carry ttlMs and cacheScope, saying how long they may be cached.`,
    });
  }
  const serverAsked = hMessages.filter((m) => m.notes.some((n) => n.kind === 'server-request'));
  const inputRequired = sMessages.filter((m) => m.notes.some((n) => n.kind === 'input-required'));
  const retries = sMessages.filter((m) => m.notes.some((n) => n.kind === 'retry'));
  if (serverAsked.length > 0 || inputRequired.length > 0) {
    const asked = serverAsked
      .map((m) => (m.classified.kind === 'request' ? `${m.classified.method} (server id ${String(m.classified.id)})` : ''))
      .join(', ');
    out.push({
      topic: 'input-round',
      title: 'The input round',
      detail:
        (serverAsked.length > 0
          ? `Handshake flow: while tools/call was still open, the server sent its own request, ${asked}, and the client answered it; the server kept the call's state in memory. `
          : '') + (inputRequired.length > 0 ? statelessRound(inputRequired, retries) : ''),
    });
  }
  out.push({
    topic: 'totals',
    title: 'On the wire',
    detail: `Handshake: ${h.totals.messages} messages, ${h.totals.roundTrips} round trips, ${h.totals.bytesSent + h.totals.bytesReceived} bytes. Stateless: ${s.totals.messages} messages, ${s.totals.roundTrips} round trips, ${s.totals.bytesSent + s.totals.bytesReceived} bytes.`,
  });
  return out;
}

/** Whether the column's connect step ended connected (a run still going counts as not failed yet). */
function connected(column: ColumnView): boolean {
  const outcome = column.steps[0]?.outcome;
  return outcome === undefined || outcome === 'connected';
}

function failedSide(column: ColumnView): Difference {
  const name = column.flow === 'handshake' ? 'handshake' : 'stateless';
  const why = explainColumn(column) ?? column.steps[0]?.outcome ?? 'no reason was recorded';
  const skipped = column.steps.length - 1;
  return {
    topic: 'failed',
    title: `The ${name} side failed`,
    detail:
      `It could not connect: ${why} ` +
      (skipped > 0
        ? `Its ${skipped} other step${skipped === 1 ? ' was' : 's were'} not run, so there is nothing of this flow to compare.`
        : ''),
  };
}

function statelessRound(inputRequired: StepMessage[], retries: StepMessage[]): string {
  const idOf = (m: StepMessage | undefined): string =>
    m && (m.classified.kind === 'result' || m.classified.kind === 'request') ? String(m.classified.id) : '?';
  const echoed = retries.some((m) => m.text.includes('"requestState"'));
  return (
    `Stateless flow: the server cannot send requests, so call #${idOf(inputRequired[0])} ended with resultType "input_required", listing what it needs. ` +
    `The client asked the user, then sent the call again as a new request #${idOf(retries[0])} carrying inputResponses` +
    (echoed ? ' and the opaque requestState, echoed back byte for byte' : '') +
    ': two complete requests instead of one open one, and no state kept on the server between them.'
  );
}
