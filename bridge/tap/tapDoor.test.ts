// The bridge's tap door, driven as a tap and as an attacker would: bridge.json names the bridge
// and its tap token, owner-only, and goes with the bridge; /ws/tap takes that token and no other,
// and never a page (an Origin); a tap records under the connection the bridge names, only the
// kinds a tap may record; and the app's socket can neither write to nor stop a tapped connection.
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { BridgeClient, startTestBridge, type TestBridge } from '../testing/bridgeClient.js';
import { bridgeFilePath, readBridgeFile } from './bridgeFile.js';
import type { TapFrame, TapReply } from '../../protocol/tap/tapFrames.js';
import type { ClientCommandInput } from '../../protocol/envelope.js';

let running: TestBridge | undefined;
afterEach(async () => {
  await running?.dispose();
  running = undefined;
});

function tapSocket(port: number, headers: Record<string, string>): Promise<{ ws: WebSocket } | { status: number }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws/tap`, { headers });
    ws.once('open', () => resolve({ ws }));
    ws.once('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? 0 }));
    ws.once('error', () => undefined);
  });
}

function nextReply(ws: WebSocket): Promise<TapReply> {
  return new Promise((resolve) => ws.once('message', (data) => resolve(JSON.parse(String(data)) as TapReply)));
}

const hello = (id: string): TapFrame => ({ type: 'hello', tap: { id, via: 'stdio' }, version: 'test' });

describe('the tap door', () => {
  it('bridge.json names the bridge, owner-only, and goes when the bridge stops', async () => {
    running = await startTestBridge();
    const file = bridgeFilePath(running.home);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const read = readBridgeFile(running.home);
    expect(read.ok && read.info).toMatchObject({
      url: `http://127.0.0.1:${running.bridge.port}`,
      pid: process.pid,
      session: running.bridge.session,
    });
    // Not the app's token: a tap holds a key to its own door only.
    expect(read.ok && read.info.tapToken).not.toBe(running.bridge.token);
    // A file others could have written is not believed.
    fs.chmodSync(file, 0o644);
    expect(readBridgeFile(running.home)).toMatchObject({ ok: false, why: expect.stringContaining('may be read or written by others') });
    fs.chmodSync(file, 0o600);
    await running.bridge.close();
    expect(fs.existsSync(file)).toBe(false);
  });

  it('opens only with the tap token and without an Origin; the tap token opens nothing else', async () => {
    running = await startTestBridge();
    const read = readBridgeFile(running.home);
    if (!read.ok) throw new Error(read.why);
    const { port, token } = running.bridge;
    const tapToken = read.info.tapToken;
    expect(await tapSocket(port, {})).toEqual({ status: 401 });
    expect(await tapSocket(port, { Authorization: `Bearer ${token}` })).toEqual({ status: 401 });
    expect(await tapSocket(port, { Authorization: `Bearer ${tapToken}`, Origin: `http://127.0.0.1:${port}` })).toEqual({ status: 403 });
    await expect(BridgeClient.connect({ port, token: tapToken })).rejects.toThrow('401');
    const ok = await tapSocket(port, { Authorization: `Bearer ${tapToken}` });
    expect('ws' in ok).toBe(true);
    if ('ws' in ok) ok.ws.close();
  });

  it('records a tap under the connection it names, only what a tap may record, and the app cannot write to it', async () => {
    running = await startTestBridge();
    const read = readBridgeFile(running.home);
    if (!read.ok) throw new Error(read.why);
    const app = await BridgeClient.connect(running.bridge);
    const open = await tapSocket(running.bridge.port, { Authorization: `Bearer ${read.info.tapToken}` });
    if (!('ws' in open)) throw new Error(`refused: ${open.status}`);
    const ws = open.ws;
    const welcome = nextReply(ws);
    ws.send(JSON.stringify(hello('abcdef12')));
    expect(await welcome).toEqual({ type: 'welcome', conn: 'tap-abcdef12', session: running.bridge.session });

    const frame: TapFrame = {
      type: 'events',
      events: [
        { at: 1, event: { kind: 'spawn', config: { command: 'node', args: ['s.js'], env: {} }, tap: { id: 'abcdef12', via: 'stdio' } } },
        // A conn of its own choosing is not the tap's to give.
        {
          at: 2,
          event: { kind: 'line', conn: 'c1', stream: 'stdin', text: '{"jsonrpc":"2.0","id":1,"method":"ping"}', eol: '\n', size: 40 },
        },
        { at: 3, event: { kind: 'note', topic: 'connect', data: {} } },
        { at: 4, event: { kind: 'line', stream: 'stdout', b64: Buffer.from([0xff, 0x0a]).toString('base64'), eol: '\n', size: 2 } },
      ],
    };
    ws.send(JSON.stringify(frame));
    const line = await app.waitForEvent((e) => e.kind === 'line' && e.stream === 'stdout' && e.conn === 'tap-abcdef12');
    expect(line).toMatchObject({ b64: '/wo=' });
    expect(app.events.filter((e) => e.conn === 'c1')).toEqual([]);
    expect(app.events.find((e) => e.kind === 'line' && e.stream === 'stdin')).toMatchObject({ conn: 'tap-abcdef12' });
    expect(app.events.find((e) => e.kind === 'notice' && e.conn === 'tap-abcdef12')).toMatchObject({
      message: expect.stringContaining('a tap may not record a "note" event'),
    });
    expect(app.events.find((e) => e.kind === 'spawn')).toMatchObject({ conn: 'tap-abcdef12', tap: { id: 'abcdef12', via: 'stdio' } });

    // A second tap cannot join as the first.
    const other = await tapSocket(running.bridge.port, { Authorization: `Bearer ${read.info.tapToken}` });
    if (!('ws' in other)) throw new Error('refused');
    const refused = nextReply(other.ws);
    other.ws.send(JSON.stringify(hello('abcdef12')));
    expect(await refused).toMatchObject({ type: 'rejected', message: expect.stringContaining('already joined') });

    const writes: ClientCommandInput[] = [
      { type: 'send', conn: 'tap-abcdef12', text: '{}' },
      { type: 'stop', conn: 'tap-abcdef12' },
      { type: 'spawn', conn: 'tap-abcdef12', config: { command: 'node', args: [] } },
    ];
    for (const command of writes) app.send(command);
    await app.waitFor(() => app.rejected.length === 3 || undefined);
    for (const message of app.rejected) expect(message).toContain('MCP Lens only watches it');
    ws.close();
    // Its socket gone, the bridge says so on the connection's record; nothing else changed.
    await app.waitForEvent((e) => e.kind === 'notice' && e.conn === 'tap-abcdef12' && e.message.includes("the tap's socket closed"));
    app.ws.close();
  });
});
