// The process host, driven through the real bridge over a real WebSocket with real children.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { wireBytes } from '../protocol/bytes.js';
import { isStdioConfig, parseBridgeEvent, type BridgeEvent, type LineEvent } from '../protocol/envelope.js';
import { REDACTED } from '../protocol/redact.js';
import {
  STATELESS_VERSION,
  discoverRequest,
  encodeFrame,
  flowRequest,
  initializeRequest,
  initializedNotification,
} from '../protocol/flows.js';
import { classifyText } from '../protocol/jsonrpc.js';
import {
  BridgeClient,
  demoServerJs,
  httpGet,
  nodeServer,
  pidAlive,
  readJournal,
  startTestBridge,
  type TestBridge,
} from './testing/bridgeClient.js';

const MiB = 1024 * 1024;

let t: TestBridge;
const clients: BridgeClient[] = [];

async function connect(attach: number | false = -1): Promise<BridgeClient> {
  const client = await BridgeClient.connect(t.bridge, { attach });
  clients.push(client);
  return client;
}

function exitOf(client: BridgeClient, conn: string, from = 0): Promise<Extract<BridgeEvent, { kind: 'exit' }>> {
  return client.waitForEvent((e) => e.kind === 'exit' && e.conn === conn, { from, what: `the exit of ${conn}`, timeoutMs: 60_000 });
}

const bytesOf = (line: LineEvent): Buffer => Buffer.from(wireBytes(line));
const stopSteps = (client: BridgeClient, conn: string): string[] =>
  client.events.flatMap((e) => (e.kind === 'stop' && e.conn === conn ? [e.step] : []));

beforeAll(async () => {
  t = await startTestBridge();
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await t.dispose();
});

describe('the demo server through the bridge', () => {
  it('does the handshake and a tool call', async () => {
    const c = await connect();
    const conn = 'demo-handshake';
    const pid = await c.spawn(conn, { command: process.execPath, args: [demoServerJs] }, 'demo');
    expect(pid).toBeGreaterThan(0);

    let from = c.mark();
    c.send({ type: 'send', conn, text: encodeFrame(initializeRequest(1, { clientInfo: { name: 'lens-test', version: '0.0.0' } })) });
    const init = await c.answer(conn, 1, { from });
    expect(init.result).toMatchObject({ protocolVersion: '2025-11-25', serverInfo: { name: 'mcp-lens-demo' } });

    c.send({ type: 'send', conn, text: encodeFrame(initializedNotification()) });
    from = c.mark();
    c.send({
      type: 'send',
      conn,
      text: encodeFrame(flowRequest('handshake', 2, 'tools/call', { name: 'add', arguments: { a: 42, b: 58 } })),
    });
    const call = await c.answer(conn, 2, { from });
    expect(call.result).toEqual({ content: [{ type: 'text', text: '42 + 58 = 100' }] });

    // What went in is recorded too, as stdin lines, in order.
    const sent = c.lines(conn, 'stdin').map((l) => classifyText(l.text ?? ''));
    expect(sent.map((m) => (m.kind === 'request' || m.kind === 'notification' ? m.method : m.kind))).toEqual([
      'initialize',
      'notifications/initialized',
      'tools/call',
    ]);
    expect(c.lines(conn, 'stdout').every((l) => classifyText(l.text ?? '').kind === 'result')).toBe(true);

    from = c.mark();
    c.send({ type: 'stop', conn });
    const exit = await exitOf(c, conn, from);
    expect(exit.requested).toBe(true);
    expect(pidAlive(pid)).toBe(false);
  });

  it('speaks the stateless flow: server/discover with the _meta envelope', async () => {
    const c = await connect();
    const conn = 'demo-stateless';
    await c.spawn(conn, { command: process.execPath, args: [demoServerJs] });

    let from = c.mark();
    c.send({ type: 'send', conn, text: encodeFrame(discoverRequest(1)) });
    const discover = await c.answer(conn, 1, { from });
    const result = discover.result as Record<string, unknown>;
    expect(result.supportedVersions).toContain(STATELESS_VERSION);
    expect(typeof result.resultType).toBe('string');
    expect(result._meta).toMatchObject({ 'io.modelcontextprotocol/serverInfo': { name: 'mcp-lens-demo' } });

    from = c.mark();
    c.send({
      type: 'send',
      conn,
      text: encodeFrame(flowRequest('stateless', 2, 'tools/call', { name: 'add', arguments: { a: 42, b: 58 } })),
    });
    const call = await c.answer(conn, 2, { from });
    expect(call.result).toMatchObject({ content: [{ type: 'text', text: '42 + 58 = 100' }], resultType: 'complete' });
    c.send({ type: 'stop', conn });
    await exitOf(c, conn);
  });
});

describe('misbehaving servers', () => {
  it('passes non-JSON stdout lines through as lines', async () => {
    const c = await connect();
    const conn = 'non-json';
    await c.spawn(conn, nodeServer('non-json.mjs'));
    const banner = await c.waitForLine(conn, 'stdout', 'Server starting');
    expect(banner).toMatchObject({ text: 'Server starting... (not JSON)', eol: '\n', size: 29 });
    expect(classifyText(banner.text ?? '').kind).toBe('non-json');

    const init = await c.request(conn, 1, 'initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 't', version: '1' },
    });
    expect(init.result).toEqual({
      protocolVersion: '2025-06-18',
      capabilities: { tools: {} },
      serverInfo: { name: 'non-json-fixture', version: '1.0.0' },
    });
    const out = c.lines(conn, 'stdout').map((l) => l.text);
    expect(out.indexOf('debug: got initialize')).toBeGreaterThan(0);
    expect(out.indexOf('debug: got initialize')).toBeLessThan(out.findIndex((text) => text?.includes('non-json-fixture')));

    const tools = await c.request(conn, 2, 'tools/list');
    expect(tools.result).toMatchObject({
      tools: [{ name: 'echo', inputSchema: { type: 'object', properties: { message: { type: 'string' } } } }],
    });
    const echo = await c.request(conn, 3, 'tools/call', { name: 'echo', arguments: { message: 'héllo 🙂' } });
    expect(echo.result).toEqual({ content: [{ type: 'text', text: 'Echo: héllo 🙂' }] });
    const discover = await c.request(conn, 4, 'server/discover', { _meta: {} });
    expect(discover.error).toMatchObject({ code: -32601 });

    const kinds = c.lines(conn, 'stdout').map((l) => classifyText(l.text ?? '').kind);
    expect(kinds.filter((k) => k === 'non-json')).toHaveLength(5); // the banner and four debug lines
    c.send({ type: 'stop', conn });
    await exitOf(c, conn);
  });

  it('reassembles lines written in pieces, byte-equal, keeping \\r\\n', async () => {
    const c = await connect();
    const conn = 'split-writes';
    await c.spawn(conn, nodeServer('split-writes.mjs'));
    await c.waitForLine(conn, 'stdout', 'starting: café 🙂');
    const init = await c.request(conn, 1, 'initialize', { protocolVersion: '2025-11-25' });
    expect(init.result).toMatchObject({ serverInfo: { name: 'split-writes-fixture' }, instructions: 'Réponses découpées 🙂 en morceaux' });
    const other = await c.request(conn, 2, 'tools/list');
    expect(other.error).toMatchObject({ code: -32601 });

    // The fixture announced on stderr, in base64, exactly what each stdout line was meant to be.
    const intended = await c.waitFor(() => {
      const list = c
        .lines(conn, 'stderr')
        .flatMap((l) => (l.text?.startsWith('intended ') ? [Buffer.from(l.text.slice(9), 'base64')] : []));
      return list.length === 3 && c.lines(conn, 'stdout').length === 3 ? list : undefined;
    });
    const got = c.lines(conn, 'stdout');
    expect(got.map((l) => l.eol)).toEqual(['\r\n', '\r\n', '\n']);
    expect(got.every((l) => l.text !== undefined)).toBe(true);
    got.forEach((line, i) => expect(bytesOf(line).equals(intended[i] as Buffer)).toBe(true));
    expect(got[0]?.size).toBe((intended[0]?.length ?? 0) - 2);
    c.send({ type: 'stop', conn });
    await exitOf(c, conn);
  });

  it('carries an 8 MiB line byte-equal, in the events and in the journal on disk', async () => {
    const c = await connect();
    const conn = 'huge-line';
    await c.spawn(conn, nodeServer('huge-line.mjs'));
    const line = await c.waitForEvent<LineEvent>((e) => e.kind === 'line' && e.conn === conn && e.stream === 'stdout', {
      timeoutMs: 60_000,
      what: 'the huge line',
    });
    const prefix = '{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"0:';
    const suffix = '"}}';
    const expected = Buffer.from(prefix + 'x'.repeat(8 * MiB - prefix.length - suffix.length) + suffix);
    expect(expected.length).toBe(8 * MiB);
    expect(line.size).toBe(8 * MiB);
    expect(line.eol).toBe('\n');
    expect(Buffer.from(line.text ?? '').equals(expected)).toBe(true);

    // The event reached us from the journal, so the journal has it: find it there.
    const onDisk = readJournal(t.bridge.journalFile).find((e) => e.seq === line.seq);
    expect(onDisk).toMatchObject({ kind: 'line', conn, stream: 'stdout', eol: '\n', size: 8 * MiB });
    expect(Buffer.from(String(onDisk?.text)).equals(expected)).toBe(true);

    c.send({ type: 'stop', conn });
    const exit = await exitOf(c, conn);
    expect(exit.code).toBe(0); // it left on stdin EOF
    expect(stopSteps(c, conn)).toEqual(['close-stdin']);
  });

  it('carries several huge lines (HUGE_COUNT) each exactly HUGE_BYTES long', async () => {
    const c = await connect();
    const conn = 'huge-lines';
    await c.spawn(conn, nodeServer('huge-line.mjs', { env: { HUGE_BYTES: String(MiB + 7), HUGE_COUNT: '3' } }));
    const lines = await c.waitFor(() => {
      const got = c.lines(conn, 'stdout');
      return got.length === 3 ? got : undefined;
    });
    expect(lines.map((l) => l.size)).toEqual([MiB + 7, MiB + 7, MiB + 7]);
    expect(lines.map((l) => Buffer.byteLength(l.text ?? ''))).toEqual([MiB + 7, MiB + 7, MiB + 7]);
    expect(lines.map((l) => /"data":"(\d+):/.exec((l.text ?? '').slice(0, 100))?.[1])).toEqual(['0', '1', '2']);
    c.send({ type: 'stop', conn });
    await exitOf(c, conn);
  });

  it('carries invalid UTF-8 as b64 with the exact bytes, on stdout and stderr', async () => {
    const c = await connect();
    const conn = 'invalid-utf8';
    await c.spawn(conn, nodeServer('invalid-utf8.mjs'));
    await c.waitFor(() => c.lines(conn, 'stdout').length === 4 && c.lines(conn, 'stderr').length === 4);
    const expected = [
      Buffer.from([0x7b, 0xff, 0xfe, 0x7d]),
      Buffer.concat([Buffer.from('truncated '), Buffer.from([0xe2, 0x82])]),
      Buffer.concat([Buffer.from([0x80]), Buffer.from(' lone continuation')]),
    ];
    for (const stream of ['stdout', 'stderr'] as const) {
      const lines = c.lines(conn, stream);
      expected.forEach((bytes, i) => {
        const line = lines[i] as LineEvent;
        expect(line.text).toBeUndefined();
        expect(Buffer.from(line.b64 ?? '', 'base64').equals(bytes)).toBe(true);
        expect(line.size).toBe(bytes.length);
        expect(line.eol).toBe('\n');
      });
      expect(lines[3]).toMatchObject({ text: 'valid: café 🙂', eol: '\n', size: Buffer.byteLength('valid: café 🙂') });
      expect(lines[3]?.b64).toBeUndefined();
    }
    c.send({ type: 'stop', conn });
    await exitOf(c, conn);
  });

  it('reports a crash: the cut-off last line (eol "") then exit code 3', async () => {
    const c = await connect();
    const conn = 'crash';
    await c.spawn(conn, nodeServer('crash.mjs'));
    const init = await c.request(conn, 1, 'initialize', { protocolVersion: '2025-11-25' });
    expect(init.result).toMatchObject({ serverInfo: { name: 'crash-fixture' } });
    const from = c.mark();
    c.sendJson(conn, { jsonrpc: '2.0', id: 2, method: 'tools/list' });
    const exit = await exitOf(c, conn, from);
    expect(exit).toMatchObject({ code: 3, signal: null, requested: false });

    const out = c.lines(conn, 'stdout');
    const last = out.at(-1) as LineEvent;
    expect(last).toMatchObject({ text: '{"jsonrpc":"2.0","id":2,"result":{"partial', eol: '' });
    expect(last.seq).toBeLessThan(exit.seq);
    expect(classifyText(last.text ?? '').kind).toBe('non-json');
    const err = c.lines(conn, 'stderr').map((l) => l.text);
    expect(err[0]).toMatch(/^TypeError: /);
    expect(err.filter((l) => l?.startsWith('    at '))).toHaveLength(2);

    // A crashed connection accepts no more input, and says so.
    const before = c.mark();
    c.sendJson(conn, { jsonrpc: '2.0', id: 3, method: 'ping' });
    const notice = await c.waitForEvent((e) => e.kind === 'notice' && e.conn === conn, { from: before });
    expect(notice).toMatchObject({ level: 'error', message: 'not sent: the server is not running' });
  });

  it('keeps stderr lines on the stderr stream while stdout answers', async () => {
    const c = await connect();
    const conn = 'stderr-noise';
    await c.spawn(conn, nodeServer('stderr-noise.mjs'));
    const init = await c.request(conn, 1, 'initialize', { protocolVersion: '2025-11-25' });
    expect(init.result).toMatchObject({ serverInfo: { name: 'stderr-noise-fixture' } });
    await c.waitFor(() => c.lines(conn, 'stderr').length >= 201);
    const err = c.lines(conn, 'stderr');
    const noise = err.filter((l) => /^noise \d+/.test(l.text ?? ''));
    expect(noise).toHaveLength(200);
    expect(noise.map((l) => Number(/^noise (\d+)/.exec(l.text ?? '')?.[1]))).toEqual([...Array(200).keys()]);
    expect(noise.filter((l) => l.size === 'noise 9 '.length + 10_000)).toHaveLength(1);
    expect(noise.filter((l) => l.size > 10_000)).toHaveLength(20);
    expect(err.some((l) => l.text === 'noise: got initialize')).toBe(true);
    expect(c.lines(conn, 'stdout')).toHaveLength(1);
    c.send({ type: 'stop', conn });
    await exitOf(c, conn);
  });

  it('stops a server that ignores SIGTERM, SIGINT and EOF: close-stdin, sigterm, sigkill, after both grace periods', async () => {
    const c = await connect();
    const conn = 'ignore-sigterm';
    const pid = await c.spawn(conn, nodeServer('ignore-sigterm.mjs'));
    await c.waitForLine(conn, 'stderr', 'ready');
    const from = c.mark();
    const started = Date.now();
    c.send({ type: 'stop', conn });
    const exit = await exitOf(c, conn, from);
    // It really waited out both grace periods (how much longer it took measures the machine).
    expect(Date.now() - started).toBeGreaterThanOrEqual(3900);
    expect(exit).toMatchObject({ signal: 'SIGKILL', code: null, requested: true });
    expect(stopSteps(c, conn)).toEqual(['close-stdin', 'sigterm', 'sigkill']);
    expect(() => process.kill(pid, 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }) as unknown as Error);
    const err = c.lines(conn, 'stderr').map((l) => l.text);
    expect(err).toContain('ignoring SIGTERM');
    expect(err).toContain('ignoring stdin EOF');
  }, 60_000);

  it('stops a server that never answers by closing its stdin', async () => {
    const c = await connect();
    const conn = 'hang';
    await c.spawn(conn, nodeServer('hang.mjs'));
    c.sendJson(conn, { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} });
    await c.waitFor(() => c.lines(conn, 'stdin').length === 1);
    c.send({ type: 'stop', conn });
    const exit = await exitOf(c, conn);
    expect(exit).toMatchObject({ code: 0, signal: null, requested: true });
    expect(stopSteps(c, conn)).toEqual(['close-stdin']);
    expect(c.lines(conn, 'stdout')).toEqual([]); // it never answered, from spawn to exit
  });

  it('refuses a second spawn on a running connection', async () => {
    const c = await connect();
    const conn = 'busy';
    await c.spawn(conn, nodeServer('hang.mjs'));
    c.send({ type: 'spawn', conn, config: nodeServer('hang.mjs') });
    await c.waitFor(() => c.rejected.length > 0);
    expect(c.rejected[0]).toBe(`connection ${conn} is still running`);
    expect(c.events.filter((e) => e.kind === 'spawn' && e.conn === conn)).toHaveLength(1);
    c.send({ type: 'stop', conn });
    await exitOf(c, conn);
  });

  it('rejects frames that are not commands, and keeps the socket open', async () => {
    const c = await connect();
    c.ws.send('not json');
    c.ws.send(JSON.stringify({ type: 'exec', command: 'id' }));
    c.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    await c.waitFor(() => c.rejected.length === 3);
    expect(c.rejected).toEqual([
      'frame is not JSON',
      expect.stringContaining('invalid command') as unknown,
      'binary frames are not accepted',
    ]);
    expect(c.closed).toBe(false);
  });
});

describe('spawning', () => {
  it('reports a missing command as spawn-error ENOENT and keeps working', async () => {
    const c = await connect();
    const conn = 'missing';
    const from = c.mark();
    c.send({ type: 'spawn', conn, config: { command: '/nonexistent/mcp-lens-no-such-server', args: ['x'] } });
    const error = await c.waitForEvent((e) => e.kind === 'spawn-error' && e.conn === conn, { from });
    expect(error).toMatchObject({ code: 'ENOENT', config: { command: '/nonexistent/mcp-lens-no-such-server', args: ['x'] } });
    expect(error.kind === 'spawn-error' && error.message).toContain('command not found');

    // A working directory that does not exist is refused the same way.
    c.send({ type: 'spawn', conn, config: nodeServer('args-echo.mjs', { cwd: '/nonexistent/dir' }) });
    const cwdError = await c.waitForEvent((e) => e.kind === 'spawn-error' && e.conn === conn && e.seq > error.seq);
    expect(cwdError).toMatchObject({ code: 'ENOENT', message: expect.stringContaining('working directory') as unknown });

    // The same connection, and the bridge, still work.
    await c.spawn(conn, nodeServer('args-echo.mjs', { args: ['after'] }));
    const line = await c.waitForLine(conn, 'stdout', '"argv"');
    expect(JSON.parse(line.text ?? '')).toMatchObject({ argv: ['after'] });
    await exitOf(c, conn);
    expect(c.rejected).toEqual([]);
  });

  it('passes arguments literally, with no shell, and passes env through', async () => {
    const c = await connect();
    const conn = 'args-echo';
    const cwd = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-cwd-')));
    const args = ['; rm -rf ~', '$(id)', '`id`', '$HOME', '~', '*', 'a  b', '"quoted"', "it's", '|| true', '&& echo pwned', '', 'é🙂'];
    try {
      await c.spawn(conn, nodeServer('args-echo.mjs', { args, env: { LENS_TEST_VAR: 'value; $(id) `id`' }, cwd }));
      const line = await c.waitForLine(conn, 'stdout', '"argv"');
      expect(JSON.parse(line.text ?? '')).toEqual({ argv: args, cwd, env: { LENS_TEST_VAR: 'value; $(id) `id`' } });
      const exit = await exitOf(c, conn);
      expect(exit).toMatchObject({ code: 0, signal: null, requested: false });

      // The spawn event shows the arguments but never an env value.
      const spawn = c.events.find((e) => e.kind === 'spawn' && e.conn === conn);
      expect(spawn).toMatchObject({ config: { command: process.execPath, env: { LENS_TEST_VAR: REDACTED }, cwd } });
      expect(spawn?.kind === 'spawn' && isStdioConfig(spawn.config) && spawn.config.args.slice(1)).toEqual(args);
    } finally {
      fs.rmSync(cwd, { recursive: true, force: true });
    }
  });

  it('runs two servers at once on two connections from two sockets', async () => {
    const a = await connect();
    const b = await connect();
    await Promise.all([
      a.spawn('two-a', { command: process.execPath, args: [demoServerJs] }),
      b.spawn('two-b', nodeServer('non-json.mjs')),
    ]);
    const [answerA, answerB] = await Promise.all([
      a.request('two-a', 1, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'a', version: '1' } }),
      b.request('two-b', 1, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'b', version: '1' } }),
    ]);
    expect(answerA.result).toMatchObject({ serverInfo: { name: 'mcp-lens-demo' } });
    expect(answerB.result).toMatchObject({ serverInfo: { name: 'non-json-fixture' } });

    // Every socket sees every connection; each connection's lines stay its own.
    await a.waitFor(() => a.lines('two-b', 'stdout').some((l) => l.text?.includes('non-json-fixture')));
    await b.waitFor(() => b.lines('two-a', 'stdout').some((l) => l.text?.includes('mcp-lens-demo')));
    expect(a.lines('two-a', 'stdout').some((l) => l.text?.includes('non-json-fixture'))).toBe(false);
    expect(b.lines('two-b', 'stdout').some((l) => l.text?.includes('mcp-lens-demo'))).toBe(false);

    a.send({ type: 'stop', conn: 'two-a' });
    b.send({ type: 'stop', conn: 'two-b' });
    await Promise.all([exitOf(a, 'two-a'), exitOf(a, 'two-b')]);
  });
});

describe('shutdown', () => {
  it('refuses a spawn that arrives while the bridge is closing, so nothing outlives close()', async () => {
    // Grace periods far longer than the test: the stubborn server holds the bridge in its
    // closing state until the late spawn has been answered, then the test kills it.
    const own = await startTestBridge({ stopGraceMs: 120_000 });
    const c = await BridgeClient.connect(own.bridge);
    let latePid: number | undefined;
    let stubbornPid: number | undefined;
    try {
      stubbornPid = await c.spawn('stubborn', nodeServer('ignore-sigterm.mjs'));
      await c.waitForLine('stubborn', 'stderr', 'ready');
      const closing = own.bridge.close(); // marks the host as stopping at once
      const from = c.mark();
      c.send({ type: 'spawn', conn: 'late', config: nodeServer('hang.mjs') });
      const answer = await c.waitForEvent((e) => e.conn === 'late' && (e.kind === 'spawn' || e.kind === 'spawn-error'), { from });
      if (answer.kind === 'spawn') latePid = answer.pid;
      expect(answer).toMatchObject({ kind: 'spawn-error', code: 'ESHUTDOWN' });
      process.kill(-stubbornPid, 'SIGKILL');
      await closing;
    } finally {
      if (stubbornPid !== undefined && pidAlive(stubbornPid)) process.kill(-stubbornPid, 'SIGKILL');
      if (latePid !== undefined && pidAlive(latePid)) process.kill(-latePid, 'SIGKILL');
      await c.close();
      await own.dispose();
    }
  });
});

describe('replay', () => {
  it('gives a socket that attaches with after: N exactly the events after N', async () => {
    const first = await connect();
    const conn = 'replay';
    await first.spawn(conn, nodeServer('non-json.mjs'));
    await first.request(conn, 1, 'initialize', { protocolVersion: '2025-11-25' });
    await first.request(conn, 2, 'tools/call', { name: 'echo', arguments: { message: 'again' } });
    first.send({ type: 'stop', conn });
    await exitOf(first, conn);

    // The first socket attached from the start: it holds every seq, each once, in order.
    expect(first.events.map((e) => e.seq)).toEqual([...first.events.keys()]);
    const last = first.events.at(-1)?.seq ?? -1;
    const spawn = first.events.find((e) => e.kind === 'spawn' && e.conn === conn) as BridgeEvent;
    const after = spawn.seq + 2;

    const second = await connect(after);
    expect(second.welcome.lastSeq).toBeGreaterThanOrEqual(last);
    await second.waitFor(() => (second.events.at(-1)?.seq ?? -1) >= last);
    const replayed = second.events.filter((e) => e.seq <= last);
    expect(replayed[0]?.seq).toBe(after + 1);
    expect(replayed).toEqual(first.events.filter((e) => e.seq > after && e.seq <= last));
    expect(second.events.map((e) => e.seq)).toEqual(second.events.map((_, i) => after + 1 + i));
  });

  it('gives a socket that attaches after the last event only what comes next', async () => {
    const probe = await connect(false);
    const lastSeq = probe.welcome.lastSeq;
    const c = await connect(lastSeq);
    const from = c.mark();
    c.send({ type: 'note', topic: 'test.marker', data: { n: 1 } });
    const note = await c.waitForEvent((e) => e.kind === 'note' && e.topic === 'test.marker', { from });
    expect(c.events[0]).toBe(note);
    expect(note.seq).toBeGreaterThan(lastSeq);
    expect(probe.events).toEqual([]); // never attached: sent nothing
  });
});

describe('journals', () => {
  it('stays readable after the bridge closes, and a new bridge on the same home lists and serves it', async () => {
    const first = await startTestBridge();
    const home = first.home;
    let second: TestBridge | undefined;
    try {
      const c = await BridgeClient.connect(first.bridge);
      await c.spawn('kept', nodeServer('args-echo.mjs', { args: ['kept'] }));
      await exitOf(c, 'kept');
      await c.spawn('secret', nodeServer('hang.mjs', { env: { LENS_SECRET: 's3cr3t-value-do-not-journal' } }));
      c.send({ type: 'note', conn: 'kept', topic: 'test.note', data: { kept: true } });
      await c.waitForEvent((e) => e.kind === 'note');
      await c.close();
      await first.bridge.close(); // stops 'secret' on the way out

      const file = first.bridge.journalFile;
      const text = fs.readFileSync(file, 'utf8');
      expect(text).not.toContain('s3cr3t-value-do-not-journal');
      const events = text
        .trimEnd()
        .split('\n')
        .map((line) => parseBridgeEvent(JSON.parse(line)));
      expect(events.every((e) => e.ok)).toBe(true);
      const parsed = events.flatMap((e) => (e.ok ? [e.event] : []));
      expect(parsed.map((e) => e.seq)).toEqual([...parsed.keys()]);
      expect(parsed.some((e) => e.kind === 'line' && e.conn === 'kept' && e.text?.includes('"kept"'))).toBe(true);
      expect(parsed.some((e) => e.kind === 'exit' && e.conn === 'secret' && e.requested)).toBe(true);
      expect(parsed.at(-1)).toMatchObject({ kind: 'notice', message: 'bridge stopped' });
      if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);

      second = await startTestBridge({ home });
      const auth = { Authorization: `Bearer ${second.bridge.token}` };
      const list = await httpGet(second.bridge.port, '/api/sessions', auth);
      expect(list.status).toBe(200);
      const body = JSON.parse(list.body) as { current: string; sessions: { session: string; bytes: number }[] };
      expect(body.current).toBe(second.bridge.session);
      expect(body.sessions.map((s) => s.session).sort()).toEqual([first.bridge.session, second.bridge.session].sort());
      expect(body.sessions.find((s) => s.session === first.bridge.session)?.bytes).toBe(Buffer.byteLength(text));

      const journal = await httpGet(second.bridge.port, `/api/sessions/${first.bridge.session}/journal`, auth);
      expect(journal.status).toBe(200);
      expect(journal.headers['content-type']).toContain('application/x-ndjson');
      expect(journal.body).toBe(text);
      expect((await httpGet(second.bridge.port, `/api/sessions/${first.bridge.session}/journal`)).status).toBe(401);
    } finally {
      await first.bridge.close();
      if (second) await second.dispose();
      fs.rmSync(home, { recursive: true, force: true });
    }
  });
});
