/** One step's life: started (its message built and sent, or its wait begun), a line claimed as its outcome, or failed. */
import { classifyText, sameId as sameJsonRpcId, type Classified, type JsonRpcId } from '../jsonrpc.js';
import { runChecks } from './checks.js';
import { stepAwaits, stepConnection, usesConnection } from './steps.js';
import type { Awaiting, PlayerEffect, PlayerState, WireLine } from './playerState.js';
import { previewStep } from './playerQueries.js';

/** Starts one step: done at once (words, a notification), waiting, or failed. False when it failed. */
export function startStep(s: PlayerState, index: number, effects: PlayerEffect[], at: number): boolean {
  const tour = s.tour;
  const step = tour.steps[index];
  const st = s.steps[index];
  if (!step || !st) return false;
  st.startedAt = at;
  if (!usesConnection(tour, index)) {
    st.status = 'done';
    st.endedAt = at;
    return true;
  }
  const name = stepConnection(tour, index);
  const conn = name === undefined ? undefined : s.connections[name];
  if (name === undefined || !conn) return failStep(s, index, 'the step names no connection of the tour', at);
  if (conn.status === 'exited')
    return failStep(s, index, `the server of "${name}" has exited (${conn.exit ?? 'no reason given'}): restart the tour`, at);

  let awaiting: Awaiting | undefined;
  let line: string | undefined;
  if (step.send !== undefined) {
    const preview = previewStep(s, index);
    if (!preview.ok) {
      // An exercise whose text is not JSON stays unsent, with the reason shown, rather than failing.
      if (st.editError !== undefined) return false;
      return failStep(s, index, preview.error, at);
    }
    line = preview.line;
    if (preview.id !== undefined) {
      st.sentId = preview.id;
      if (typeof preview.id === 'number' && preview.id >= conn.nextId) conn.nextId = preview.id + 1;
    }
  }
  const awaited = stepAwaits(tour, index);
  switch (awaited.kind) {
    case 'own-response':
      // An edited message may have become a notification: then nothing comes back.
      if (st.sentId !== undefined) awaiting = { kind: 'response', id: st.sentId };
      break;
    case 'response': {
      const id = s.steps[awaited.step]?.sentId;
      if (id === undefined)
        return failStep(s, index, `step ${awaited.step + 1} sent no request in this run, so there is no response to wait for`, at);
      awaiting = { kind: 'response', id };
      break;
    }
    case 'method':
      awaiting = { kind: 'method', method: awaited.method };
      break;
    case 'nothing':
      break;
    default: {
      const never: never = awaited;
      return never;
    }
  }

  if (conn.status === 'idle') {
    const c = tour.connections[name];
    effects.push({
      kind: 'launch',
      run: s.run,
      connection: name,
      flow: conn.flow,
      ...(c?.label === undefined ? {} : { label: c.label }),
      server: tour.server,
    });
    conn.status = 'launched';
  }
  conn.lastStep = index;
  if (line !== undefined) {
    effects.push({ kind: 'send', run: s.run, connection: name, step: index, line });
    s.log.push({ connection: name, dir: 'sent', text: line, at, step: index });
    st.sent = line;
  }
  if (awaiting === undefined) {
    st.status = 'done';
    st.endedAt = at;
    return true;
  }
  st.status = 'waiting';
  st.awaiting = awaiting;
  // What it waits for may have come already (a response that came while another step waited).
  for (const earlier of s.log) {
    if (earlier.connection !== name || earlier.dir !== 'received' || earlier.outcomeOf !== undefined) continue;
    if (claim(s, index, earlier, at)) break;
  }
  return true;
}

/** Makes `line` step `index`'s outcome when it is what the step awaits. */
export function claim(s: PlayerState, index: number, line: WireLine, at: number): boolean {
  const st = s.steps[index];
  const awaiting = st?.awaiting;
  if (!st || !awaiting) return false;
  const c = classifyText(line.text);
  const matches =
    awaiting.kind === 'response'
      ? (c.kind === 'result' || c.kind === 'error' || (c.kind === 'invalid' && c.responseTo !== undefined)) &&
        sameId(c.kind === 'invalid' ? c.responseTo : c.id, awaiting.id)
      : (c.kind === 'request' || c.kind === 'notification') && c.method === awaiting.method;
  if (!matches) return false;
  line.outcomeOf = index;
  // A line logged before the step started belongs to the step it came in; the outcome is this one's.
  st.outcome = { text: line.text, message: c, at: line.at };
  st.status = 'done';
  st.endedAt = at;
  delete st.awaiting;
  const step = s.tour.steps[index];
  if (step && step.expect.length > 0) st.checks = runChecks(step.expect, valueOf(c));
  return true;
}

/** A step waiting for a server message after its own request, and the request's response came instead. */
export function answersInstead(s: PlayerState, index: number, text: string): boolean {
  const st = s.steps[index];
  if (st?.awaiting?.kind !== 'method' || st.sentId === undefined) return false;
  const c = classifyText(text);
  return (c.kind === 'result' || c.kind === 'error') && c.id === st.sentId;
}

export function awaitedMethod(s: PlayerState, index: number): string {
  const awaiting = s.steps[index]?.awaiting;
  return awaiting?.kind === 'method' ? awaiting.method : 'the message it waits for';
}

function valueOf(c: Classified): unknown {
  return c.kind === 'non-json' ? undefined : c.kind === 'batch' ? c.items : c.kind === 'invalid' ? c.value : c.message;
}

function sameId(a: JsonRpcId | null | undefined, b: JsonRpcId): boolean {
  return a !== null && a !== undefined && sameJsonRpcId(a, b);
}

export function failStep(s: PlayerState, index: number, reason: string, at: number): false {
  const st = s.steps[index];
  if (st) {
    st.status = 'failed';
    st.reason = reason;
    st.endedAt = at;
    delete st.awaiting;
  }
  delete s.target;
  unqueue(s);
  return false;
}

export function unqueue(s: PlayerState): void {
  for (const st of s.steps) if (st.status === 'queued') st.status = 'unsent';
}
