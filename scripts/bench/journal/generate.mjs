// Generates a realistic session journal of exactly N events, in the bridge's journal format,
// streamed to disk: a few demo-server connections in both flows making calls from the panels
// (slow ones overlapping others, tool errors, JSON-RPC errors, input rounds, timeouts,
// cancellations), server logs and stderr, and the rare oddities of oddities.mjs. Deterministic
// for a seed. Used by the timeline benchmarks; also a command:
//
//   node scripts/bench/journal/generate.mjs [--events N] [--seed S] (--home DIR | --out FILE)
//
// --home writes <DIR>/journal/<session>.jsonl, where a bridge started with that home lists it
// as an earlier session. Prints what it wrote (the census) as JSON.
import path from 'node:path';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { Schedule, random } from './schedule.mjs';
import { JournalWriter } from './writer.mjs';
import { CALLS, CALL_WEIGHTS, connect, newConnection, stepsFor } from './traffic.mjs';
import { ODDITIES } from './oddities.mjs';

const MIN_EVENTS = 500;
/** Mean time between the starts of two calls (ms): about an hour of traffic per million events. */
const MEAN_GAP_MS = 10;

/** The session id the bridge would have given a session started at `startMs` (bridge/journal.ts). */
export function sessionIdFor(startMs, seed) {
  const stamp = new Date(startMs).toISOString().replace(/[:.]/g, '-').replace('Z', '');
  return `${stamp}-${(((seed >>> 0) * 2654435761) >>> 8).toString(16).padStart(6, '0').slice(-6)}`;
}

export async function generateJournal({ file, events = 1_000_000, seed = 1, conns = 4, startMs = Date.UTC(2026, 10, 30, 9, 0, 0) }) {
  if (!Number.isInteger(events) || events < MIN_EVENTS) throw new Error(`a journal needs at least ${MIN_EVENTS} events, not ${events}`);
  const rand = random(seed);
  const sched = new Schedule();
  const s = stepsFor(sched);
  const w = new JournalWriter(file);
  const census = {
    file,
    events,
    seed,
    tags: {},
    needle: `needle-${seed.toString(36)}-${Math.floor(rand() * 1e9).toString(36)}`,
    needleSeqs: [],
  };
  const tally = (tags) => {
    for (const tag of tags) census.tags[tag] = (census.tags[tag] ?? 0) + 1;
  };
  let pid = 40_000 + Math.floor(rand() * 20_000);
  const connections = [];
  const session = {
    died(c) {
      c.gen++;
      c.live = false;
    },
    reconnectLater(c, t) {
      sched.push(t, null, () => {
        c.readyAt = connect(s, c, t, rand, pid++);
        return undefined;
      });
    },
    spareConnection(flow) {
      const c = newConnection(connections.length + 1, flow, rand);
      connections.push(c);
      return c;
    },
  };

  let t = startMs;
  const write = (at, event, tags) => {
    w.write(at, event);
    tally(tags);
  };
  write(t, { kind: 'notice', level: 'info', message: 'bridge 0.1.0 listening on 127.0.0.1:6280' }, ['notice']);
  for (let i = 0; i < conns; i++) {
    const c = session.spareConnection(i % 2 === 0 ? 'handshake' : 'stateless');
    const at = t + 500 + i * 2000;
    sched.push(at, null, () => {
      c.readyAt = connect(s, c, at, rand, pid++);
      return undefined;
    });
  }

  const callNames = Object.keys(CALL_WEIGHTS);
  const totalWeight = callNames.reduce((sum, name) => sum + CALL_WEIGHTS[name], 0);
  const pickCall = () => {
    let x = rand() * totalWeight;
    for (const name of callNames) if ((x -= CALL_WEIGHTS[name]) < 0) return name;
    return callNames[0];
  };
  const oddities = oddityPlan(events);
  let nextOddity = 0;
  let needlePlaced = false;
  // The closing events (each live connection stopped, then the bridge) fit in what is left.
  const reserve = () => 2 * connections.filter((c) => c.live).length + 1;

  let yieldAt = 0;
  while (w.seq < events - reserve()) {
    // Let signals (Ctrl-C) and timers in now and then: ten million events take a while.
    if (w.seq >= yieldAt) {
      yieldAt = w.seq + 100_000;
      await new Promise((resolve) => setImmediate(resolve));
    }
    const nextStart = t + -Math.log(1 - rand()) * MEAN_GAP_MS;
    if (sched.peekTime() <= nextStart) {
      const item = sched.pop();
      t = Math.max(t, item.t);
      if (item.owner && item.gen !== item.owner.gen) continue;
      const step = item.run();
      if (step?.event) {
        const seq = w.write(item.t, step.event);
        tally(step.tags);
        if (step.event.text?.includes(census.needle)) census.needleSeqs.push(seq);
      }
      continue;
    }
    t = nextStart;
    const ready = connections.filter((c) => c.live && t >= (c.readyAt ?? Infinity));
    if (ready.length === 0) continue;
    const c = ready[Math.floor(rand() * ready.length)];
    if (nextOddity < oddities.length && w.seq >= (oddities[nextOddity]?.at ?? Infinity)) {
      ODDITIES[oddities[nextOddity].name](s, c, t, rand, session);
      nextOddity++;
    } else if (!needlePlaced && w.seq >= events / 2 && c.flow === 'stateless') {
      // One call whose text nothing else holds, for the search benchmark: one row matches.
      CALLS.echo(s, c, t, rand, census.needle);
      needlePlaced = true;
    } else CALLS[pickCall()](s, c, t, rand);
  }

  for (const c of connections.filter((x) => x.live)) {
    t += 0.3;
    write(t, { kind: 'stop', conn: c.conn, step: 'close-stdin', reason: 'shutdown' }, ['process']);
  }
  for (const c of connections.filter((x) => x.live)) {
    t += 20 + rand() * 20;
    write(t, { kind: 'exit', conn: c.conn, code: 0, signal: null, requested: true }, ['process']);
  }
  write(t + 0.4, { kind: 'notice', level: 'info', message: 'bridge stopped' }, ['notice']);
  w.close();
  return {
    ...census,
    bytes: w.bytes,
    tMin: startMs,
    tMax: w.lastT,
    conns: connections.map((c) => ({ conn: c.conn, flow: c.flow })),
    oddities: oddities.slice(0, nextOddity).map((o) => o.name),
  };
}

/** Every oddity a few times (once per 250,000 events, at least once), evenly spread. */
function oddityPlan(events) {
  const names = Object.keys(ODDITIES);
  const repeats = Math.max(1, Math.round(events / 250_000));
  const total = names.length * repeats;
  return Array.from({ length: total }, (_, i) => ({ name: names[i % names.length], at: Math.floor((events * (i + 1)) / (total + 1)) }));
}

/** Writes `<home>/journal/<session>.jsonl`; the bridge lists it as an earlier session. */
export async function generateSession({ home, ...options }) {
  const startMs = options.startMs ?? Date.UTC(2026, 10, 30, 9, 0, 0);
  const session = sessionIdFor(startMs, options.seed ?? 1);
  const dir = path.join(home, 'journal');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const census = await generateJournal({ ...options, startMs, file: path.join(dir, `${session}.jsonl`) });
  return { ...census, session };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      events: { type: 'string', default: '1000000' },
      seed: { type: 'string', default: '1' },
      home: { type: 'string' },
      out: { type: 'string' },
    },
  });
  const options = { events: Number(values.events), seed: Number(values.seed) };
  if ((values.home === undefined) === (values.out === undefined)) {
    process.stderr.write('generate: give exactly one of --home DIR or --out FILE\n');
    process.exit(2);
  }
  const started = performance.now();
  const census =
    values.home !== undefined
      ? await generateSession({ home: values.home, ...options })
      : await generateJournal({ file: values.out, ...options });
  process.stdout.write(`${JSON.stringify({ ...census, ms: Math.round(performance.now() - started) }, null, 2)}\n`);
}
