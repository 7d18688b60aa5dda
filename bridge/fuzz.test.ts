/**
 * Fuzzing the real bin: random, huge, deep and malformed frames from authenticated sockets, and
 * fixture servers writing random bytes, deep JSON and hostile schemas, then the CLI against the
 * same servers. Bounded in count and time, and seeded (FUZZ_SEED picks another run; a failure
 * names its seed). Throughout, the bridge answers /api/health, keeps serving a well-behaved
 * client, and nothing prints a stack trace.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BridgeClient, demoServerJs, httpGet, nodeServer } from './testing/bridgeClient.js';
import { fixtureServer, runLens, STACK_TRACE as STACK } from './testing/runCli.js';
import { startBin, type RunningBin } from './testing/runBin.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20261202) >>> 0;
const FRAMES = 400;

/** mulberry32: the same seed gives the same run. */
function rng(seed: number): () => number {
  let state = seed || 1;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = rng(SEED);
const int = (n: number): number => Math.floor(random() * n);
const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
const bytes = (n: number): Buffer => Buffer.from(Array.from({ length: n }, () => int(256)));
const text = (n: number): string => String.fromCharCode(...Array.from({ length: n }, () => int(0xd800)));

/** Values of every JSON type, and some that only look like them. */
function value(depth = 0): unknown {
  const kinds = depth > 3 ? 6 : 8;
  switch (int(kinds)) {
    case 0:
      return null;
    case 1:
      return random() < 0.5;
    case 2:
      return pick([0, -1, 1e308, -0, 2 ** 53 + 1, 0.1, Number.MAX_SAFE_INTEGER]);
    case 3:
      return text(int(40));
    case 4:
      return pick(['__proto__', 'constructor', 'prototype', 'toString', '', 'valueOf']);
    case 5:
      return 'x'.repeat(int(200_000));
    case 6:
      return Array.from({ length: int(5) }, () => value(depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: int(5) }, () => [pick(['type', 'conn', 'config', 'text', 'b64', '__proto__', text(8)]), value(depth + 1)]),
      );
  }
}

const TYPES = ['attach', 'spawn', 'send', 'stop', 'watch', 'note', 'welcome', 'events', '', 'SPAWN'];

/** One frame of a kind picked at random: what a careless or hostile page could send. */
function frame(): { data: string | Buffer; binary?: boolean } {
  switch (int(10)) {
    case 0:
      return { data: bytes(1 + int(4096)), binary: true };
    case 1:
      // A text frame whose bytes are not UTF-8: the socket is closed (1007), not the bridge.
      return { data: Buffer.concat([Buffer.from('{"type":"note","topic":"'), bytes(64), Buffer.from('"}')]), binary: false };
    case 2:
      return { data: `${pick(['[', '{"a":'])}`.repeat(600 + int(20_000)) };
    case 3: {
      const valid = JSON.stringify({ type: 'note', topic: 'fuzz', data: value() });
      return { data: valid.slice(0, int(valid.length)) };
    }
    case 4:
      return { data: JSON.stringify({ type: pick(TYPES), ...(value() as object) }) };
    case 5:
      return { data: JSON.stringify({ type: 'send', conn: pick(['chaos', 'demo', 'nope', '']), text: text(int(300)) }) };
    case 6:
      return {
        data: JSON.stringify({
          type: 'send',
          conn: pick(['chaos', 'nope']),
          b64: pick([bytes(200).toString('base64'), '!!!not base64', '']),
        }),
      };
    case 7:
      // Spawns only what cannot run: a command that does not exist, or config fields of the wrong type.
      return {
        data: JSON.stringify({
          type: 'spawn',
          conn: `f${int(1000)}`,
          config: pick([
            { command: `/nonexistent/fuzz-${int(1e6)}` },
            { command: value() },
            { command: '/nonexistent/x', args: value(), env: value() },
          ]),
        }),
      };
    case 8:
      return { data: JSON.stringify({ type: pick(['stop', 'watch', 'attach']), conn: value(), conns: value(), after: value() }) };
    default:
      return { data: JSON.stringify({ type: 'note', topic: text(1 + int(199)), conn: value(), data: value() }) };
  }
}

let bin: RunningBin;

beforeAll(async () => {
  bin = await startBin();
});

afterAll(async () => {
  bin.proc.kill('SIGINT');
  await bin.exited;
});

describe(`fuzz (seed ${SEED})`, () => {
  it(`${FRAMES} random frames and servers writing garbage: the bridge answers health throughout and keeps serving`, async () => {
    const steady = await BridgeClient.connect(bin, { validate: false });
    await steady.spawn('chaos', nodeServer('chaos.mjs', { args: ['--seed', String(SEED)] }));
    steady.send({ type: 'send', conn: 'chaos', text: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }) });
    await steady.spawn('deep', nodeServer('deep.mjs'));
    steady.send({ type: 'send', conn: 'deep', text: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }) });

    let fuzzer = await BridgeClient.connect(bin, { validate: false, attach: false });
    let reconnects = 0;
    for (let i = 0; i < FRAMES; i++) {
      if (fuzzer.closed) {
        reconnects++;
        fuzzer = await BridgeClient.connect(bin, { validate: false, attach: false });
      }
      const { data, binary } = frame();
      fuzzer.ws.send(data, binary === undefined ? {} : { binary });
      if (i % 50 === 49) expect((await httpGet(bin.port, '/api/health')).status, `seed ${SEED}, frame ${i}`).toBe(200);
    }
    // One frame past the limit: that socket closes (1009), nothing else does.
    if (fuzzer.closed) fuzzer = await BridgeClient.connect(bin, { validate: false, attach: false });
    fuzzer.ws.send('x'.repeat(17 * 1024 * 1024));
    await fuzzer.waitFor(() => fuzzer.closed, { timeoutMs: 120_000 });

    expect((await httpGet(bin.port, '/api/health')).status).toBe(200);
    expect(steady.closed).toBe(false);
    // The steady client still gets its answers.
    await steady.spawn('demo', { command: process.execPath, args: [demoServerJs] });
    const reply = await steady.request('demo', 1, 'initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'fuzz', version: '1' },
    });
    expect(reply).toMatchObject({ id: 1, result: { protocolVersion: '2025-11-25' } });
    expect(bin.proc.exitCode).toBeNull();
    expect(bin.stderr(), `seed ${SEED}`).not.toMatch(STACK);
    expect(bin.stdout(), `seed ${SEED}`).not.toMatch(STACK);
    expect(reconnects).toBeGreaterThan(0);
    await steady.close();
  });

  it.each([
    ['chaos', fixtureServer('chaos.mjs', '--seed', String(SEED), '--exit')],
    ['deep', fixtureServer('deep.mjs')],
    ['regex-bomb', fixtureServer('regex-bomb.mjs')],
    ['random bytes', ['node', '-e', `process.stdout.write(require('node:crypto').randomBytes(1 << 20), () => process.exit(0))`]],
  ])('the CLI against %s: one reason at most, a documented exit code, no stack trace', async (_name, server) => {
    for (const args of [
      ['call', '--flow', 'handshake', '--method', 'tools/call', '--tool-name', 'echo', '--timeout', '5000', '--', ...server],
      ['check', '--flow', 'auto', '--timeout', '5000', '--', ...server],
    ]) {
      const run = await runLens(args);
      expect([0, 1, 3], `${args[0]}: ${run.stderr.slice(-500)}`).toContain(run.code);
      expect(run.stderr, `seed ${SEED}`).not.toMatch(STACK);
      expect(run.stderr).not.toMatch(/RangeError|TypeError|SyntaxError: /);
      expect(run.stderr.split('\n').filter((l) => /^mcp-lens (call|check):/.test(l)).length).toBeLessThanOrEqual(1);
    }
  });
});
