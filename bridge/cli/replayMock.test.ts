/**
 * `mcp-lens replay` and `mcp-lens mock` as users run them, on sessions recorded against the
 * demo server with `mcp-lens call --record` in each flow: replay passes against the same server
 * in both flows and fails, naming the field, against the demo changed by MCP_LENS_DEMO_VARIANT;
 * the mock stands in for the server and gives `call` the recorded results.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BridgeEvent } from '../../protocol/envelope.js';
import type { SessionFile } from '../../protocol/sessionFile.js';
import { binJs, repoRoot, runLens as lens, STACK_TRACE } from '../testing/runCli.js';

const demo = ['node', path.join(repoRoot, 'dist', 'node', 'demo', 'server.js')];
/** The demo server with echo's answer changed (demo/variant.ts), set through `env` so no inherited environment is assumed. */
const changedDemo = ['env', 'MCP_LENS_DEMO_VARIANT=changed', ...demo];
const mock = (file: string, ...args: string[]): string[] => ['node', binJs, 'mock', file, ...args];

const FLOWS = ['handshake', 'stateless'] as const;
type RecordedFlow = (typeof FLOWS)[number];

/** Two calls, each typed by tools/list first: echo and add. */
const echoCall = ['--method', 'tools/call', '--tool-name', 'echo', '--tool-arg', 'message=hi'];
const addCall = ['--method', 'tools/call', '--tool-name', 'add', '--tool-arg', 'a=42', '--tool-arg', 'b=58'];

let dir: string;
const sessions = {} as Record<RecordedFlow, { file: string; echoed: string; added: string }>;

/** One session file holding each call's connection under its own id, as an export of several connections does. */
function merge(parts: { conn: string; file: string }[], target: string): void {
  let seq = 0;
  const connections: SessionFile['connections'] = [];
  const events: BridgeEvent[] = [];
  let head: SessionFile | undefined;
  for (const { conn, file } of parts) {
    const session = JSON.parse(fs.readFileSync(file, 'utf8')) as SessionFile;
    head ??= session;
    connections.push(...session.connections.map((c) => ({ ...c, conn })));
    events.push(...session.events.map((e) => ({ ...e, seq: seq++, ...(e.conn === undefined ? {} : { conn }) })));
  }
  if (!head) throw new Error('nothing to merge');
  fs.writeFileSync(target, JSON.stringify({ ...head, connections, events }, null, 2));
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-replay-'));
  await Promise.all(
    FLOWS.map(async (flow) => {
      const record = async (name: string, call: string[]): Promise<{ file: string; stdout: string }> => {
        const file = path.join(dir, `${flow}-${name}.mcplens.json`);
        const run = await lens(['call', '--flow', flow, ...call, '--record', file, '--', ...demo]);
        if (run.code !== 0) throw new Error(`recording ${flow} ${name} failed: ${run.stderr}`);
        return { file, stdout: run.stdout };
      };
      const [echo, add] = await Promise.all([record('echo', echoCall), record('add', addCall)]);
      const file = path.join(dir, `${flow}.mcplens.json`);
      merge(
        [
          { conn: 'echo', file: echo.file },
          { conn: 'add', file: add.file },
        ],
        file,
      );
      sessions[flow] = { file, echoed: echo.stdout, added: add.stdout };
    }),
  );
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const other = (flow: RecordedFlow): RecordedFlow => (flow === 'handshake' ? 'stateless' : 'handshake');

describe.concurrent('mcp-lens replay', { timeout: 300_000 }, () => {
  for (const flow of FLOWS) {
    it(`${flow} recording against the same demo server, in its own flow: every exchange matches, exit 0`, async () => {
      const run = await lens(['replay', sessions[flow].file, '--', ...demo]);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const opening = flow === 'handshake' ? 'initialize' : 'server/discover';
      expect(run.stdout).toContain(`connection "echo", recorded in the ${flow} flow, replayed in the ${flow} flow`);
      expect(run.stdout).toContain(`  ok       #0 ${opening}`);
      expect(run.stdout).toContain('  ok       #2 tools/call echo');
      expect(run.stdout).toContain('  ok       #2 tools/call add');
      expect(run.stdout.trimEnd().split('\n').pop()).toBe('replay: 6 exchanges: 6 match, 0 differ on 2 connections');
    });

    it(`${flow} recording replayed in the ${other(flow)} flow gives the same answers, exit 0`, async () => {
      const run = await lens(['replay', sessions[flow].file, '--flow', other(flow), '--', ...demo]);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`recorded in the ${flow} flow, replayed in the ${other(flow)} flow`);
      expect(run.stdout).toContain('  ok       #0 ');
      expect(run.stdout).toContain('→ ');
      expect(run.stdout.trimEnd().split('\n').pop()).toBe('replay: 6 exchanges: 6 match, 0 differ on 2 connections');
    });

    it(`${flow} recording against the changed demo: exit 1 and a diff naming the changed field; --ignore of it passes`, async () => {
      const run = await lens(['replay', sessions[flow].file, '--', ...changedDemo]);
      expect(run.code).toBe(1);
      expect(run.stdout).toContain(
        [
          '  DIFFERS  #2 tools/call echo  (id 3 → 3)',
          '      $.result.content[0].text',
          '        recorded: "Echo: hi"',
          '        got:      "Echoed: hi"',
        ].join('\n'),
      );
      expect(run.stdout).toContain('  ok       #2 tools/call add');
      expect(run.stdout.trimEnd().split('\n').pop()).toBe('replay: 6 exchanges: 5 match, 1 differ on 2 connections');
      const ignored = await lens(['replay', sessions[flow].file, '--ignore', '$.result.content[0].text', '--', ...changedDemo]);
      expect(ignored.code).toBe(0);
      expect(ignored.stdout).not.toContain('DIFFERS');
    });
  }

  it('a question answered in the recording is answered the same way on replay, in either flow (elicitation or input round)', async () => {
    const confirm = ['--method', 'tools/call', '--tool-name', 'confirm_action', '--tool-arg', 'action=wipe', '--elicit', 'accept'];
    const content = ['--elicit-content', '{"confirm":true,"comment":"ok"}'];
    const recorded = await Promise.all(
      FLOWS.map(async (flow) => {
        const file = path.join(dir, `confirm-${flow}.mcplens.json`);
        const run = await lens(['call', '--flow', flow, ...confirm, ...content, '--record', file, '--', ...demo]);
        expect(JSON.parse(run.stdout)).toMatchObject({ content: [{ text: 'Confirmed: wipe' }, { text: 'Comment: ok' }] });
        return { flow, file };
      }),
    );
    const runs = await Promise.all(
      recorded.flatMap(({ flow, file }) =>
        FLOWS.map(async (to) => ({ flow, to, run: await lens(['replay', file, '--flow', to, '--', ...demo]) })),
      ),
    );
    for (const { flow, to, run } of runs) {
      expect(run.code, `${flow} → ${to}\n${run.stdout}`).toBe(0);
      // A stateless call took two rounds (input_required, then the retry with the answers).
      const ids = `(id ${flow === 'stateless' ? '3, 4' : '3'} → ${to === 'stateless' ? '3, 4' : '3'})`;
      expect(run.stdout).toContain(`  ok       #2 tools/call confirm_action  ${ids}`);
    }
    // The mock answers the stateless rounds in turn, for a host that gives the recorded answer.
    const mocked = await lens([
      'call',
      '--flow',
      'stateless',
      ...confirm,
      ...content,
      '--',
      ...mock(path.join(dir, 'confirm-stateless.mcplens.json')),
    ]);
    expect(mocked.code, mocked.stderr).toBe(0);
    expect(JSON.parse(mocked.stdout)).toMatchObject({ content: [{ text: 'Confirmed: wipe' }, { text: 'Comment: ok' }] });
  });

  it('--conn replays one connection, and the changed demo is found across flows too', async () => {
    const run = await lens(['replay', sessions.handshake.file, '--conn', 'echo', '--flow', 'stateless', '--', ...changedDemo]);
    expect(run.code).toBe(1);
    expect(run.stdout).not.toContain('connection "add"');
    expect(run.stdout).toContain('$.result.content[0].text');
    expect(run.stdout.trimEnd().split('\n').pop()).toBe('replay: 3 exchanges: 2 match, 1 differ');
  });

  it('a file that is not a whole session file: exit 2 and one line naming what is wrong, before any server starts', async () => {
    const text = fs.readFileSync(sessions.handshake.file, 'utf8');
    const bad = (name: string, content: string): string => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, content);
      return file;
    };
    const cases: [string, RegExp][] = [
      [bad('truncated.json', text.slice(0, Math.floor(text.length / 2))), /truncated\.json: /],
      [bad('foreign.json', JSON.stringify({ log: [{ method: 'tools/list' }] })), /foreign\.json: .*(session file|format)/i],
      [bad('notjson.json', 'hello'), /notjson\.json: /],
      [bad('newer.json', text.replace('"version": 1', '"version": 99')), /newer\.json: .*version/i],
      [
        bad('empty.json', JSON.stringify({ ...(JSON.parse(text) as object), events: [], connections: [] })),
        /empty\.json has no recorded requests to replay/,
      ],
      [path.join(dir, 'missing.json'), /cannot read .*missing\.json: no such file/],
    ];
    await Promise.all(
      cases.map(async ([file, reason]) => {
        // A server that would fail loudly if it were ever started.
        const run = await lens(['replay', file, '--', 'node', '-e', 'process.exit(9)']);
        expect(run.code, file).toBe(2);
        expect(run.stdout).toBe('');
        expect(run.stderr.endsWith('\n')).toBe(true);
        expect(run.stderr.trimEnd().split('\n'), run.stderr).toHaveLength(1);
        expect(run.stderr).toMatch(/^mcp-lens replay: /);
        expect(run.stderr).toMatch(reason);
        expect(run.stderr).not.toMatch(STACK_TRACE);
      }),
    );
  });

  it('bad usage: exit 2 with the reason and the usage', async () => {
    const runs = await Promise.all([
      lens(['replay', sessions.handshake.file]),
      lens(['replay', '--', ...demo]),
      lens(['replay', sessions.handshake.file, '--ignore', 'result.x', '--', ...demo]),
      lens(['replay', sessions.handshake.file, '--ignore', '$.a[?(@.b)]', '--', ...demo]),
      lens(['replay', sessions.handshake.file, '--flow', 'sideways', '--', ...demo]),
      lens(['replay', sessions.handshake.file, '--conn', 'nope', '--', ...demo]),
    ]);
    for (const run of runs) {
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).not.toMatch(STACK_TRACE);
    }
    expect(runs[0]?.stderr).toContain('give the server to run after --');
    expect(runs[1]?.stderr).toContain('give the session file to replay');
    expect(runs[2]?.stderr).toContain('--ignore: a path starts with $');
    expect(runs[3]?.stderr).toContain('no filters');
    expect(runs[5]?.stderr).toBe(`mcp-lens replay: ${sessions.handshake.file} has no connection "nope" (it has "echo", "add")\n`);
  });

  it('a server that cannot start: exit 3', async () => {
    const run = await lens(['replay', sessions.stateless.file, '--conn', 'add', '--', 'no-such-command-lens']);
    expect(run.code).toBe(3);
    expect(run.stdout).toContain('FAILED   could not start the server');
  });
});

describe.concurrent('mcp-lens mock', { timeout: 300_000 }, () => {
  for (const flow of FLOWS) {
    it(`${flow}: mcp-lens call against the mock reproduces the recorded results, byte for byte`, async () => {
      const [echo, add] = await Promise.all([
        lens(['call', '--flow', flow, ...echoCall, '--', ...mock(sessions[flow].file, '--conn', 'echo')]),
        lens(['call', '--flow', flow, ...addCall, '--', ...mock(sessions[flow].file, '--conn', 'add')]),
      ]);
      expect(echo.code, echo.stderr).toBe(0);
      expect(echo.stdout).toBe(sessions[flow].echoed);
      expect(add.code, add.stderr).toBe(0);
      expect(add.stdout).toBe(sessions[flow].added);
      expect(JSON.parse(add.stdout)).toMatchObject({ content: [{ type: 'text', text: '42 + 58 = 100' }] });
    });

    it(`${flow}: an unmatched tool call gets an error naming the closest recorded request`, async () => {
      const run = await lens([
        'call',
        '--flow',
        flow,
        '--method',
        'tools/call',
        '--tool-name',
        'add',
        '--tool-args-json',
        '{"a":1,"b":58}',
        '--',
        ...mock(sessions[flow].file, '--conn', 'add'),
      ]);
      expect(run.code).toBe(1);
      const error = (JSON.parse(run.stdout) as { error: { code: number; message: string; data: unknown } }).error;
      expect(error.code).toBe(-32602);
      expect(error.message).toBe(
        'no recorded tools/call add request has these params; the closest recorded request is tools/call {"name":"add","arguments":{"a":42,"b":58}} (differs at $.arguments.a)',
      );
      expect(error.data).toEqual({
        closest: { method: 'tools/call', params: { name: 'add', arguments: { a: 42, b: 58 } } },
        differences: ['$.arguments.a'],
      });
    });
  }

  it('a handshake mock refuses server/discover, so auto falls back to initialize', async () => {
    const run = await lens([
      'call',
      '--flow',
      'auto',
      ...echoCall,
      '--transcript',
      '--',
      ...mock(sessions.handshake.file, '--conn', 'echo'),
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(sessions.handshake.echoed);
    expect(run.stderr).toContain('the recording (handshake flow) has no server/discover request');
  });

  it('never crashes on garbage: -32700 or -32600 with id null, notifications silent, exit 0 when stdin ends', async () => {
    const child = spawn(process.execPath, [binJs, 'mock', sessions.stateless.file], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    child.stdin.write('garbage\n{"jsonrpc":"2.0","method":"notifications/initialized"}\n[1,2]\n');
    child.stdin.write(Buffer.from([0xff, 0xfe, 0x0a]));
    child.stdin.write(`${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}\n`);
    child.stdin.end('{"jsonrpc":"2.0","id":4,"method":"tools/list"}');
    expect(await exited).toBe(0);
    const replies = stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: unknown; error?: { code: number }; result?: unknown });
    expect(replies.map((r) => [r.id, r.error?.code ?? 'result'])).toEqual([
      [null, -32700],
      [null, -32600],
      [null, -32700],
      [null, -32600],
      [4, 'result'],
    ]);
    expect(stderr).toMatch(/^mcp-lens mock: answering as connection "echo" of .* \(stateless flow, \d+ recorded answers\)\n$/);
  });

  it('a malformed file: exit 2 and one line', async () => {
    const file = path.join(dir, 'mock-truncated.json');
    fs.writeFileSync(file, fs.readFileSync(sessions.stateless.file, 'utf8').slice(0, 200));
    const run = await lens(['mock', file]);
    expect(run.code).toBe(2);
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^mcp-lens mock: .*mock-truncated\.json: /);
  });
});
