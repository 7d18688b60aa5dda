// A frame or an event nested deeper than JSON.stringify can write out once brought the bridge
// down with every server it ran. Now it costs that frame or that event, with why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Journal } from './journal.js';
import { readJournalText } from '../protocol/journalFile.js';
import { BridgeClient, demoServerJs, httpGet, startTestBridge, type TestBridge } from './testing/bridgeClient.js';

let t: TestBridge;

beforeAll(async () => {
  t = await startTestBridge();
});

afterAll(async () => {
  await t.dispose();
});

const deepText = (depth: number): string => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

describe('deep frames and events', () => {
  it('a frame nested 5,000 deep is refused with why; the bridge and its servers go on', async () => {
    const c = await BridgeClient.connect(t.bridge);
    await c.spawn('demo', { command: process.execPath, args: [demoServerJs] });
    c.ws.send(`{"type":"note","topic":"x","data":${deepText(5000)}}`);
    await c.waitFor(() => c.rejected.length === 1);
    expect(c.rejected).toEqual(['frame nests deeper than 512 levels']);
    expect((await httpGet(t.bridge.port, '/api/health')).status).toBe(200);
    const reply = await c.request('demo', 1, 'initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 't', version: '1' },
    });
    expect(reply).toMatchObject({ id: 1, result: { protocolVersion: '2025-11-25' } });
    // A note within the limit is journaled as before.
    const from = c.mark();
    c.ws.send(`{"type":"note","topic":"shallow","data":${deepText(500)}}`);
    await c.waitForEvent((e) => e.kind === 'note' && e.topic === 'shallow', { from });
    await c.close();
  });

  it('an event the journal cannot write out becomes a notice in its place; the next ones follow', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-depth-'));
    const journal = new Journal(dir, 'depth');
    let data: unknown = 1;
    for (let i = 0; i < 20_000; i++) data = [data];
    journal.append({ kind: 'notice', level: 'info', message: 'before' });
    const stamped = journal.append({ kind: 'note', topic: 'connect.done', data, conn: 'c1' });
    journal.append({ kind: 'notice', level: 'info', message: 'after' });
    journal.close();
    expect(stamped).toMatchObject({ seq: 1, kind: 'notice', level: 'error' });
    const read = readJournalText(fs.readFileSync(journal.file, 'utf8'));
    expect(read.problems).toEqual([]);
    expect(read.events.map((e) => [e.seq, e.kind === 'notice' ? e.message : e.kind])).toEqual([
      [0, 'before'],
      [1, expect.stringMatching(/^an event \(note connect\.done on c1\) could not be recorded: Maximum call stack size exceeded/)],
      [2, 'after'],
    ]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('large frames', () => {
  it('15 MiB of "[" (under the frame limit) is refused at once, without building anything', async () => {
    const c = await BridgeClient.connect(t.bridge);
    const rssBefore = process.memoryUsage().rss;
    // Under the frame limit, past the depth limit: refused on the first 513 characters.
    c.ws.send('['.repeat(15 * 1024 * 1024));
    await c.waitFor(() => c.rejected.length === 1);
    expect(c.rejected).toEqual(['frame nests deeper than 512 levels']);
    // The frame's own bytes and its string, no tree: well under the 2.8 GB a parse once took.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * 1024 * 1024);
    await c.close();
  });

  it('a frame past 16 MiB closes that socket alone (1009); the bridge and other sockets go on', async () => {
    const other = await BridgeClient.connect(t.bridge);
    const c = await BridgeClient.connect(t.bridge);
    const closed = new Promise<number>((resolve) => c.ws.on('close', (code) => resolve(code)));
    c.ws.send(`{"type":"note","topic":"big","data":"${'x'.repeat(17 * 1024 * 1024)}"}`);
    expect(await closed).toBe(1009);
    expect((await httpGet(t.bridge.port, '/api/health')).status).toBe(200);
    const from = other.mark();
    other.send({ type: 'note', topic: 'still-here', data: {} });
    await other.waitForEvent((e) => e.kind === 'note' && e.topic === 'still-here', { from });
    await other.close();
  });
});
