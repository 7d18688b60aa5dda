/**
 * `mcp-lens tap -- server`, as a host sees it: every run here is made twice, once with the server
 * and once with the built tap in front of it, and the host must get the same bytes on stdout and
 * stderr and the same end (code or signal). The host is the official SDK's client in both flows,
 * and a raw host that writes scripted chunks; no bridge runs, so the tap journals.
 */
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { demoServerJs, repoRoot } from '../testing/bridgeClient.js';
import {
  bytesDifference,
  initialize,
  initialized,
  json,
  nodeCommand,
  runDifference,
  runHost,
  tapped,
  type HostRun,
  type HostStep,
} from '../testing/rawHost.js';

const homes: string[] = [];
afterAll(() => {
  for (const home of homes) fs.rmSync(home, { recursive: true, force: true });
});

/** A fresh MCP Lens home, so a tapped run journals there and nowhere else. */
function newHome(): string {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-tap-'));
  homes.push(home);
  return home;
}

const demo = [process.execPath, demoServerJs];
/** server-everything as its bin runs it: `mcp-server-everything stdio`. */
const everything = nodeCommand(
  path.join(repoRoot, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js'),
  'stdio',
);

/** Runs the host against the server, then through the tap; both see the same home's environment. */
async function bothWays(
  server: string[],
  steps: HostStep[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ direct: HostRun; tap: HostRun; home: string }> {
  const home = newHome();
  const full = { ...process.env, MCP_LENS_HOME: home, ...env };
  const direct = await runHost(server, steps, full);
  const tap = await runHost(tapped(server), steps, full);
  return { direct, tap, home };
}

function expectSame({ direct, tap }: { direct: HostRun; tap: HostRun }): void {
  expect(runDifference(tap, direct)).toBeUndefined();
}

function journalOf(home: string): string {
  const dir = path.join(home, 'journal');
  return fs
    .readdirSync(dir)
    .filter((name) => name.startsWith('tap-'))
    .map((name) => fs.readFileSync(path.join(dir, name), 'utf8'))
    .join('');
}

const envelope = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'raw-host', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};
const echo = (id: number, stateless = false): string =>
  json({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'echo', arguments: { message: `hello ${id}` }, ...(stateless ? { _meta: envelope } : {}) },
  });

describe('mcp-lens tap: an SDK host sees what it sees without the tap', () => {
  const sdkHost = (flow: 'legacy' | 'stateless', server: string[]): string[] =>
    nodeCommand('sdk-host.mjs', '--flow', flow, '--', ...server);

  async function sdkBothWays(flow: 'legacy' | 'stateless', server: string[]): Promise<void> {
    const home = newHome();
    const env = { ...process.env, MCP_LENS_HOME: home };
    const direct = await runHost(sdkHost(flow, server), [], env);
    const tap = await runHost(sdkHost(flow, tapped(server)), [], env);
    expect(direct.code, direct.stdout.toString()).toBe(0);
    expect(direct.stdout.toString()).toContain('hello through the pipe');
    expectSame({ direct, tap });
    // And the tap did record it: the host's call is in the tap's journal.
    expect(journalOf(home)).toContain('hello through the pipe');
  }

  it('the demo server, handshake flow', () => sdkBothWays('legacy', demo));
  it('the demo server, stateless flow (2026-07-28 pinned)', () => sdkBothWays('stateless', demo));
  it('server-everything, handshake flow', () => sdkBothWays('legacy', everything));
});

/**
 * The relay in the bytes' path: the C relay the build made, and the tap's own Node relay where
 * none can be had. The Node relay takes the cases whose bytes or end it handles itself.
 */
const RELAYS = [
  // Where there is a C compiler the build made the relay, and the tap must use it.
  ...(spawnSync('cc', ['--version']).status === 0 ? [{ name: 'the C relay', env: {}, every: true }] : []),
  { name: 'the Node relay', env: { MCP_LENS_TAP_RELAY: 'node' }, every: false },
];

for (const relay of RELAYS)
  describe(`mcp-lens tap: a raw host gets every byte and the same end, through ${relay.name}`, () => {
    const both = (server: string[], steps: HostStep[], env: NodeJS.ProcessEnv = {}): ReturnType<typeof bothWays> =>
      bothWays(server, steps, { ...relay.env, ...env });
    /** A case only the C relay takes: the Node relay's handling of it is the code another case runs. */
    const cOnly = (name: string, test: () => Promise<void>): void => {
      if (relay.every) it(name, test);
    };

    it('the demo server, handshake flow, with a line split across two writes and stdin closed at the end', async () => {
      const runs = await both(demo, [
        { write: initialize.slice(0, 40) },
        { write: initialize.slice(40) },
        { waitFor: '"id":1' },
        { write: initialized + json({ jsonrpc: '2.0', id: 2, method: 'tools/list' }) },
        { waitFor: '"id":2' },
        { write: echo(3) },
        { waitFor: '"id":3' },
        { end: true },
      ]);
      expect(runs.direct.stdout.toString()).toContain('Echo: hello 3');
      expectSame(runs);
      // The split line is one line in the record.
      expect(journalOf(runs.home)).toContain(JSON.stringify(initialize.slice(0, -1)));
      // And the session says when the tap relays in Node, and why.
      if (relay.every) expect(journalOf(runs.home)).not.toContain('relays in Node');
      else
        expect(journalOf(runs.home)).toContain(
          'the tap relays in Node, which adds to each round trip: MCP_LENS_TAP_RELAY=node asks for it',
        );
    });

    cOnly('the demo server, stateless flow', async () => {
      const runs = await both(demo, [
        { write: json({ jsonrpc: '2.0', id: 'd', method: 'server/discover', params: { _meta: envelope } }) },
        { waitFor: '"id":"d"' },
        { write: echo(2, true) },
        { waitFor: '"id":2' },
        { end: true },
      ]);
      expect(runs.direct.stdout.toString()).toContain('Echo: hello 2');
      expectSame(runs);
    });

    cOnly('server-everything, handshake flow', async () => {
      const runs = await both(everything, [
        { write: initialize },
        { waitFor: '"id":1' },
        { write: initialized + echo(2) },
        { waitFor: '"id":2' },
        { end: true },
      ]);
      expect(runs.direct.stdout.toString()).toContain('Echo: hello 2');
      expectSame(runs);
    });

    it('invalid UTF-8 both ways: the server writes it, the host sends it', async () => {
      const bad = Buffer.from([0x7b, 0xff, 0xfe, 0x0a, 0xe2, 0x82, 0x0a, 0x80, 0x0d, 0x0a]);
      const written = await both(nodeCommand('invalid-utf8.mjs'), [
        { waitFor: 'valid: café 🙂' },
        { waitFor: 'valid: café 🙂', on: 'stderr' },
        { write: bad },
        { end: true },
      ]);
      expect(written.direct.stdout.includes(Buffer.from([0xff, 0xfe]))).toBe(true);
      expectSame(written);
      const echoed = await both(nodeCommand('stdin-echo.mjs'), [{ write: bad }, { waitFor: '\r\n' }, { end: true }]);
      expect(echoed.direct.stdout.equals(bad)).toBe(true);
      expectSame(echoed);
    });

    cOnly('a line of 8 MiB', async () => {
      const runs = await both(nodeCommand('huge-line.mjs'), [{ waitFor: 'huge-line: wrote', on: 'stderr' }, { end: true }], {
        HUGE_BYTES: String(8 * 1024 * 1024),
      });
      expect(runs.direct.stdout.length).toBe(8 * 1024 * 1024 + 1);
      expectSame(runs);
    });

    it('a server that crashes mid-line with exit code 3', async () => {
      const runs = await both(nodeCommand('crash.mjs'), [
        { write: initialize },
        { waitFor: '"id":1' },
        { write: json({ jsonrpc: '2.0', id: 2, method: 'tools/list' }) },
      ]);
      expect(runs.direct.code).toBe(3);
      expect(runs.direct.stdout.toString()).toMatch(/"partial$/);
      expectSame(runs);
    });

    for (const signal of ['SIGKILL', 'SIGTERM'] as const)
      it(`a server that dies of ${signal}: the tap dies of it too`, async () => {
        const runs = await both(nodeCommand('dies-by-signal.mjs', '--signal', signal), [{ write: '{}\n' }]);
        expect(runs.direct.signal).toBe(signal);
        expectSame(runs);
      });

    it('a server that dies of SIGPIPE, which Node itself ignores: the tap dies of it all the same', async () => {
      // A shell, not a Node fixture: a Node server cannot die of SIGPIPE, a Python or shell one can.
      const runs = await both(['/bin/sh', '-c', 'echo before the pipe broke; kill -PIPE $$'], []);
      expect(runs.direct.signal).toBe('SIGPIPE');
      expectSame(runs);
    });

    cOnly('a host that stops reading stdout: the server meets the broken pipe as it would, and the tap ends as it did', async () => {
      const runs = await both(['/bin/sh', '-c', 'while :; do echo y; done'], [{ waitFor: 'y\n' }, { stopReading: true }]);
      expect(runs.direct.signal).toBe('SIGPIPE');
      // How much the host read before it stopped, and whether the shell's echo saw the broken pipe
      // as an error before the signal, are timing: the end must match.
      expect({ code: runs.tap.code, signal: runs.tap.signal }).toEqual({ code: null, signal: 'SIGPIPE' });
    });

    it('a host that closes stdin mid-session, where a partial line is pending: the server’s own exit code comes back', async () => {
      const runs = await both(nodeCommand('stdin-echo.mjs', '--code', '5'), [
        { write: 'first line\nhalf of a ' },
        { write: 'line\nand no newline' },
        { waitFor: 'and no newline' },
        { end: true },
      ]);
      expect(runs.direct.code).toBe(5);
      expect(runs.direct.stderr.toString()).toContain('stdin ended');
      expectSame(runs);
    });

    it('a SIGTERM sent to the tap reaches the server, and the tap ends as the server did', async () => {
      // The demo server shuts down cleanly on SIGTERM (exit 0), once it has answered a request
      // (its "ready" comes before its handler)...
      const clean = await both(demo, [{ write: initialize }, { waitFor: '"id":1' }, { signal: 'SIGTERM' }]);
      expect(clean.direct.stderr.toString()).toContain('SIGTERM received');
      expect(clean.direct.code).toBe(0);
      expectSame(clean);
      // ...a server without a handler dies of it.
      const killed = await both(nodeCommand('invalid-utf8.mjs'), [{ waitFor: 'valid: café', on: 'stderr' }, { signal: 'SIGTERM' }]);
      expect(killed.direct.signal).toBe('SIGTERM');
      expectSame(killed);
    });
  });

/** Prints the server's priority, its parent's (the relay) and its grandparent's (the tap), from /proc. */
const PRIORITIES = `
const os = require('node:os');
const fs = require('node:fs');
const parentOf = (pid) => Number(fs.readFileSync('/proc/' + pid + '/stat', 'utf8').split(') ')[1].split(' ')[1]);
const tap = parentOf(process.ppid);
process.stdout.write(JSON.stringify({ server: os.getPriority(), relay: os.getPriority(process.ppid), tap: os.getPriority(tap) }) + '\\n');
`;

describe.skipIf(process.platform !== 'linux' || !RELAYS.some((relay) => relay.every))('mcp-lens tap: the recording yields', () => {
  it('the tap records below the host’s priority, and the relay and the server keep the host’s', async () => {
    const run = await runHost(tapped([process.execPath, '-e', PRIORITIES]), [{ end: true }], { ...process.env, MCP_LENS_HOME: newHome() });
    const host = os.getPriority();
    expect(JSON.parse(run.stdout.toString())).toEqual({
      server: host,
      relay: host,
      tap: Math.max(host, os.constants.priority.PRIORITY_BELOW_NORMAL),
    });
  });
});

describe('mcp-lens tap: recording impossible', () => {
  it('a home that is a file: every byte still passes, and the tap says why on stderr exactly once', async () => {
    const home = path.join(newHome(), 'home-is-a-file');
    fs.writeFileSync(home, 'not a directory\n');
    const server = nodeCommand('stdin-echo.mjs');
    const steps: HostStep[] = [
      { write: initialize },
      { waitFor: '"id":1' },
      { write: 'a second line\n' },
      { waitFor: 'a second line' },
      { end: true },
    ];
    const env = { ...process.env, MCP_LENS_HOME: home };
    const direct = await runHost(server, steps, env);
    const tap = await runHost(tapped(server), steps, env);
    expect(bytesDifference(tap.stdout, direct.stdout)).toBeUndefined();
    expect({ code: tap.code, signal: tap.signal }).toEqual({ code: 4, signal: null });
    const said = tap.stderr.toString();
    const own = said.split('\n').filter((line) => line.startsWith('mcp-lens tap:'));
    expect(own, said).toHaveLength(1);
    expect(own[0]).toMatch(/not recording.*ENOTDIR/);
    expect(said).toBe(`${own[0]}\n${direct.stderr.toString()}`);
  });

  it('--home names the home as MCP_LENS_HOME does', async () => {
    const home = newHome();
    const run = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        tapped(nodeCommand('stdin-echo.mjs', '--code', '0'), '--home', home).slice(1),
        (error, stdout) => resolve({ code: error ? (error.code as number) : 0, stdout }),
      );
      child.stdin?.end('via --home\n');
    });
    expect(run).toEqual({ code: 0, stdout: 'via --home\n' });
    expect(journalOf(home)).toContain('via --home');
  });
});
