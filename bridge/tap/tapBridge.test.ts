/**
 * `mcp-lens tap` and a bridge that comes and goes (docs/adr/0010): a bridge killed mid-session
 * costs the host nothing (its bytes and end are those of a direct run) and the record goes on in
 * the tap's own journal; a bridge started after the tap gets the whole record, then the rest live.
 * Every wait is on a file's content or a process's end.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createBridge, type RunningBridge } from '../createBridge.js';
import { demoServerJs } from '../testing/bridgeClient.js';
import { initialize, initialized, json, runDifference, runHost, tapped, type HostStep } from '../testing/rawHost.js';
import { startBin } from '../testing/runBin.js';

interface Recorded {
  seq: number;
  kind: string;
  conn?: string;
  stream?: string;
  text?: string;
  code?: number | null;
  tap?: { id: string; client?: { name: string } };
}

const cleanups: (() => void | Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The events of a journal file as written so far (a line still being written is left out). */
function readJournal(file: string): Recorded[] {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  const events: Recorded[] = [];
  for (const line of text.split('\n')) {
    try {
      events.push(JSON.parse(line) as Recorded);
    } catch {
      // The last line, cut while it is being written (or the empty one after the last newline).
    }
  }
  return events;
}

function journalFiles(home: string, tap: boolean): string[] {
  const dir = path.join(home, 'journal');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.jsonl') && name.startsWith('tap-') === tap)
    .map((name) => path.join(dir, name));
}

/** The tap's events in one journal: the tap's own, or the bridge's (where they are among others). */
function tapEvents(file: string): Recorded[] {
  return readJournal(file).filter((event) => event.conn?.startsWith('tap-'));
}

/** Waits (looking again every few ms: the file is the event) until `holds` is true. */
async function until(what: string, holds: () => boolean): Promise<void> {
  const limit = Date.now() + 60_000;
  while (!holds()) {
    if (Date.now() > limit) throw new Error(`waited a minute for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const lineWith = (events: Recorded[], stream: string, text: string): boolean =>
  events.some((event) => event.kind === 'line' && event.stream === stream && (event.text ?? '').includes(text));

/** What a line event says, to compare two records of the same lines. */
const lines = (events: Recorded[]): string[] =>
  events.filter((event) => event.kind === 'line').map((event) => `${event.stream ?? ''} ${event.text ?? ''}`);

const toolsList = json({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
const echo = json({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'echo', arguments: { message: 'after the bridge' } } });
const demo = [process.execPath, demoServerJs];

/** The host's script; `beside` steps run only beside the tapped run (the direct one has no bridge to stop). */
function script(beside: { afterFirst?: () => Promise<void>; afterSecond?: () => Promise<void> }): HostStep[] {
  return [
    { write: initialize },
    { waitFor: '"id":1' },
    ...(beside.afterFirst ? [{ run: beside.afterFirst }] : []),
    { write: initialized + toolsList },
    { waitFor: '"id":2' },
    ...(beside.afterSecond ? [{ run: beside.afterSecond }] : []),
    { write: echo },
    { waitFor: '"id":3' },
    { end: true },
  ];
}

describe('mcp-lens tap and a bridge that comes and goes', () => {
  it('a bridge killed mid-session: the host notices nothing; the bridge has the first part, the tap’s journal the rest', async () => {
    const bin = await startBin();
    cleanups.push(() => {
      bin.proc.kill('SIGKILL');
      fs.rmSync(bin.home, { recursive: true, force: true });
    });
    const env = { ...process.env, MCP_LENS_HOME: bin.home };
    const [bridgeJournal] = journalFiles(bin.home, false);
    expect(bridgeJournal).toBeDefined();
    const inBridge = (): Recorded[] => tapEvents(bridgeJournal ?? '');

    const tap = await runHost(
      tapped(demo),
      script({
        afterFirst: async () => {
          // The first answer is on the bridge's record: now the bridge dies, with no word to anyone.
          await until('the first answer in the bridge’s journal', () => lineWith(inBridge(), 'stdout', '"id":1'));
          // The host goes on at once: what it sends next may reach the tap before the news does.
          bin.proc.kill('SIGKILL');
        },
      }),
      env,
    );
    expect((await bin.exited).signal).toBe('SIGKILL');
    const direct = await runHost(demo, script({}), env);
    expect(direct.stdout.toString()).toContain('after the bridge');
    expect(runDifference(tap, direct)).toBeUndefined();

    const first = inBridge();
    const conn = first[0]?.conn ?? '';
    expect(first[0]).toMatchObject({ kind: 'spawn', tap: { id: conn.slice('tap-'.length) } });
    expect(lineWith(first, 'stdin', '"method":"initialize"')).toBe(true);
    expect(lineWith(first, 'stdout', '"id":1')).toBe(true);
    expect(lineWith(first, 'stdin', '"method":"tools/list"')).toBe(false);

    const [tapJournal, ...more] = journalFiles(bin.home, true);
    expect(more).toEqual([]);
    const rest = readJournal(tapJournal ?? '');
    expect(rest.every((event) => event.conn === conn)).toBe(true);
    expect(rest[0]?.kind).toBe('spawn');
    expect(lineWith(rest, 'stdin', '"method":"tools/list"')).toBe(true);
    expect(lineWith(rest, 'stdout', 'Echo: after the bridge')).toBe(true);
    expect(rest.at(-1)).toMatchObject({ kind: 'exit', code: 0, signal: null });
    // Every line is in one record or the other, none lost where the bridge died.
    const recorded = new Set([...lines(first), ...lines(rest)]);
    const passed = [
      ...[initialize, initialized, toolsList, echo].map((line) => `stdin ${line.slice(0, -1)}`),
      ...tap.stdout
        .toString()
        .split('\n')
        .slice(0, -1)
        .map((line) => `stdout ${line}`),
      ...tap.stderr
        .toString()
        .split('\n')
        .slice(0, -1)
        .map((line) => `stderr ${line}`),
    ];
    expect(passed.filter((line) => !recorded.has(line))).toEqual([]);
  });

  it('a bridge started after the tap gets the whole record (the spawn, the lines so far), then the rest live', async () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-tap-late-'));
    cleanups.push(() => fs.rmSync(home, { recursive: true, force: true }));
    const env = { ...process.env, MCP_LENS_HOME: home };
    let bridge: RunningBridge | undefined;
    const inBridge = (): Recorded[] => (bridge ? tapEvents(bridge.journalFile) : []);
    let journaled: Recorded[] = [];

    const tap = await runHost(
      tapped(demo),
      script({
        afterFirst: async () => {
          await until('the first answer in the tap’s journal', () => {
            const [file] = journalFiles(home, true);
            journaled = file ? readJournal(file) : [];
            return lineWith(journaled, 'stdout', '"id":1');
          });
          bridge = await createBridge({ home, port: 0, idleStopMs: 0 }).listen();
          cleanups.push(() => bridge?.close());
          // What the tap journaled, in its order, from the spawn on.
          await until('the tap’s journal in the bridge’s', () => lines(inBridge()).length >= lines(journaled).length);
        },
        afterSecond: () => until('the live answer in the bridge’s journal', () => lineWith(inBridge(), 'stdout', '"id":2')),
      }),
      env,
    );
    await until('the server’s exit in the bridge’s journal', () => inBridge().some((event) => event.kind === 'exit'));
    const direct = await runHost(demo, script({}), env);
    expect(runDifference(tap, direct)).toBeUndefined();

    const recorded = inBridge();
    const conn = journaled[0]?.conn ?? '';
    expect(conn).toMatch(/^tap-/);
    expect(recorded.every((event) => event.conn === conn)).toBe(true);
    // The spawn first, the host named from its initialize (a request this bridge never saw live).
    expect(recorded[0]).toMatchObject({ kind: 'spawn', tap: { client: { name: 'raw-host' } } });
    expect(recorded.filter((event) => event.kind === 'spawn')).toHaveLength(1);
    // The lines so far as the tap journaled them, each once, then the rest.
    const all = lines(recorded);
    expect(all.slice(0, lines(journaled).length)).toEqual(lines(journaled));
    expect(lineWith(recorded, 'stdout', 'Echo: after the bridge')).toBe(true);
    expect(all.filter((line) => line.includes('"method":"initialize"'))).toHaveLength(1);
    expect(recorded.at(-1)).toMatchObject({ kind: 'exit', code: 0, signal: null });
  });
});
