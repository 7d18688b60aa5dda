// The client against the real host, in-process: a port that hands messages across as
// structured clones, the way a Worker does.
import { describe, expect, it } from 'vitest';
import { EMPTY_FILTER, type TimelineStats } from '../../../../protocol/timeline/contract.js';
import { TimelineHost } from '../../../../protocol/timeline/host.js';
import { EventScript } from '../../../../protocol/timeline/testing.js';
import { WorkerTimelineClient, type TimelinePort } from './client.js';

function inProcess(): TimelinePort {
  const port: TimelinePort = {
    onmessage: null,
    postMessage: (message) => setTimeout(() => host.receive(structuredClone(message)), 0),
    terminate: () => undefined,
  };
  const host = new TimelineHost((answer) => setTimeout(() => port.onmessage?.({ data: structuredClone(answer) }), 0));
  return port;
}

const until = async (check: () => boolean): Promise<void> => {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
};

describe('WorkerTimelineClient', () => {
  it('folds pushed frames and answers windows, positions and details in order', async () => {
    const client = new WorkerTimelineClient(inProcess);
    const seen: TimelineStats[] = [];
    client.onStats((s) => seen.push(s));
    client.setSource({ kind: 'live', session: 's' });
    const s = new EventScript().spawn('c1').request('c1', 1, 'tools/call', { name: 'echo' }).result('c1', 1, { content: [] });
    s.line('c1', 'stderr', 'hello');
    client.push(JSON.stringify({ type: 'events', events: s.events.slice(0, 2) }));
    client.push(JSON.stringify({ type: 'events', events: s.events.slice(2) }));
    await client.setFilter(EMPTY_FILTER, { column: 'time', descending: true });
    const rows = await client.window(0, 10);
    expect(rows.map((r) => r.kind)).toEqual(['stderr', 'request', 'process']);
    expect(rows[1]).toMatchObject({ status: 'ok', method: 'tools/call' });
    expect(await client.position(rows[2]!.row)).toBe(2);
    expect(await client.rowOf(2)).toBe(rows[1]!.row);
    expect((await client.detail(rows[1]!.row))?.lines).toHaveLength(2);
    await until(() => seen.at(-1)?.rows === 3);
    expect(seen.at(-1)).toMatchObject({ rows: 3, matching: 3, indexed: 4, complete: true });
    client.dispose();
  });

  it('passes on what the worker could not read', async () => {
    const client = new WorkerTimelineClient(inProcess);
    const problems: string[] = [];
    client.onProblem((p) => problems.push(p));
    client.setSource({ kind: 'live', session: 's' });
    client.push('{"type":"events","events":[{"seq":0}]}');
    await client.window(0, 1);
    expect(problems[0]).toMatch(/could not be read/);
    expect(await client.window(0, 5)).toMatchObject([{ kind: 'invalid' }]);
  });
});
