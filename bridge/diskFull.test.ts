// A full disk once crashed the bridge (an uncaught ENOSPC), killed its servers and left a cut
// last line. Now the sessions go on, the app is told why the journal stopped, and everything
// waiting is written, in order, once the disk takes it again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Journal } from './journal.js';
import { readJournalText } from '../protocol/journalFile.js';
import { BridgeClient, demoServerJs, httpGet, startTestBridge, type TestBridge } from './testing/bridgeClient.js';

/** A disk that can be filled and emptied: the real write, or ENOSPC after `room` more bytes. */
class Disk {
  room = Infinity;
  write = (fd: number, buffer: Buffer, offset: number): number => {
    if (this.room <= 0) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    const n = fs.writeSync(fd, buffer, offset, Math.min(buffer.length - offset, this.room));
    this.room -= n;
    return n;
  };
}

describe('a full disk', () => {
  const disk = new Disk();
  let t: TestBridge;

  beforeAll(async () => {
    t = await startTestBridge({ journalWrite: disk.write });
  });

  afterAll(async () => {
    disk.room = Infinity;
    await t.dispose();
  });

  it('stops the journal, not the bridge: the app is told, the server lives, and every event comes once there is room', async () => {
    const c = await BridgeClient.connect(t.bridge);
    await c.spawn('demo', { command: process.execPath, args: [demoServerJs] });
    // Room for part of the next line: the write stops inside it.
    disk.room = 40;
    const from = c.mark();
    c.sendJson('demo', {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    });
    await c.waitFor(() => c.journalStates.length === 1);
    expect(c.journalStates[0]).toMatchObject({
      type: 'journal',
      ok: false,
      message: 'the disk is full (ENOSPC)',
      since: expect.any(Number),
    });
    expect((await httpGet(t.bridge.port, '/api/health')).status).toBe(200);
    // A second client is told at once.
    const late = await BridgeClient.connect(t.bridge, { attach: false });
    await late.waitFor(() => late.journalStates.length === 1);
    expect(late.journalStates[0]).toMatchObject({ type: 'journal', ok: false });
    await late.close();

    disk.room = Infinity;
    await c.waitFor(() => c.journalStates.length === 2);
    expect(c.journalStates[1]).toEqual({ type: 'journal', ok: true });
    const answer = await c.waitForLine('demo', 'stdout', '"protocolVersion"', { from });
    expect(answer.kind === 'line' && answer.text).toContain('"id":1');
    // The file holds every event, whole, in order.
    const read = readJournalText(fs.readFileSync(t.bridge.journalFile, 'utf8'));
    expect(read.problems).toEqual([]);
    expect(read.events.map((e) => e.seq)).toEqual(read.events.map((_, i) => i));
    await c.close();
  });
});

describe('a journal closed while the disk is still full', () => {
  it('ends at its last whole line and says how many events never reached the disk', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-full-'));
    const disk = new Disk();
    const journal = new Journal(dir, 'full', disk.write);
    journal.append({ kind: 'notice', level: 'info', message: 'kept' });
    journal.flush();
    disk.room = 10;
    journal.append({ kind: 'notice', level: 'info', message: 'cut' });
    journal.flush();
    journal.append({ kind: 'notice', level: 'info', message: 'waiting' });
    expect(journal.state).toMatchObject({ ok: false, message: 'the disk is full (ENOSPC)' });
    expect(journal.close()).toBe(2);
    const read = readJournalText(fs.readFileSync(journal.file, 'utf8'));
    expect(read.problems).toEqual([]);
    expect(read.events.map((e) => (e.kind === 'notice' ? e.message : ''))).toEqual(['kept']);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('a big line while the disk is full', () => {
  it('waits behind what came before it, and everything is written in order once there is room', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-full-'));
    const disk = new Disk();
    const journal = new Journal(dir, 'full', disk.write);
    const big = Buffer.from('x'.repeat(3 * 1024 * 1024));
    disk.room = 50;
    journal.append({ kind: 'notice', level: 'info', message: 'first' });
    journal.appendLine('demo', 'stdout', big, '\n');
    journal.append({ kind: 'notice', level: 'info', message: 'last' });
    journal.flush();
    expect(journal.state).toMatchObject({ ok: false });
    expect(journal.flushedCount).toBe(0);
    disk.room = Infinity;
    expect(journal.close()).toBe(0);
    const read = readJournalText(fs.readFileSync(journal.file, 'utf8'));
    expect(read.problems).toEqual([]);
    expect(read.events.map((e) => e.seq)).toEqual([0, 1, 2]);
    expect(read.events[1]).toMatchObject({ kind: 'line', text: big.toString('utf8') });
    expect(read.events[2]).toMatchObject({ kind: 'notice', message: 'last' });
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
