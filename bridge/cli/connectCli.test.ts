/**
 * How `mcp-lens call` and `check` open the conversation against servers that make it hard: an
 * SDK v2 server that speaks only 2026-07-28 and starts slower than the probe timeout, one that
 * serves both flows and starts slowly, one that pings during initialize, one that dies at start
 * with a reason on stderr, and ones that list versions this client does not implement.
 */
import { describe, expect, it } from 'vitest';
import { fixtureServer as fixture, PATIENT_PROBE, runLens as lens } from '../testing/runCli.js';

const wire = (stderr: string, arrow: '→ stdin' | '← stdout'): string[] => stderr.split('\n').filter((l) => l.includes(arrow));
const addCall = ['--method', 'tools/call', '--tool-name', 'add', '--tool-arg', 'a=42', '--tool-arg', 'b=58', '--transcript'];

describe('auto against a server slower than the probe timeout', () => {
  it('a 2026-07-28-only server that starts in 6 s connects in the stateless flow', { timeout: 300_000 }, async () => {
    // The default probe timeout (3 s) ends while the server is still starting.
    const run = await lens(['call', '--flow', 'auto', ...addCall, '--', ...fixture('v2-modern-only.mjs', '--start-delay-ms', '6000')]);
    expect(run.stderr).toContain('"flow":"stateless"');
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).content[0].text).toBe('42 + 58 = 100');
    expect(run.stderr).toContain('sending initialize too');
    expect(run.stderr).not.toContain('notifications/initialized');
    // The call itself went in the stateless flow, with the envelope.
    const call = wire(run.stderr, '→ stdin').find((l) => l.includes('"method":"tools/call"'));
    expect(call).toContain('"io.modelcontextprotocol/protocolVersion":"2026-07-28"');
  });

  it(
    '--probe-timeout sets how long the probe waits; a dual-era server that accepted both is restarted for the stateless flow',
    {
      timeout: 300_000,
    },
    async () => {
      const run = await lens([
        'call',
        '--flow',
        'auto',
        '--probe-timeout',
        '300',
        '--method',
        'tools/list',
        '--transcript',
        '--',
        ...fixture('v2-modern-only.mjs', '--legacy', 'serve', '--start-delay-ms', '8000'),
      ]);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toContain('no answer to server/discover within 300 ms');
      expect(run.stderr).toContain('restarting it to open statelessly');
      expect(run.stderr.match(/● spawn/g)).toHaveLength(2);
      expect(run.stderr).toContain('"flow":"stateless"');
      // Served by a stateless instance: the result carries resultType.
      expect(JSON.parse(run.stdout).resultType).toBe('complete');
    },
  );

  it('a handshake server slower than the probe: the handshake, and the probe cancelled on the wire', { timeout: 300_000 }, async () => {
    const run = await lens([
      'call',
      '--flow',
      'auto',
      '--probe-timeout',
      '200',
      '--method',
      'tools/list',
      '--transcript',
      '--',
      ...fixture('slow-handshake.mjs', '--start-delay-ms', '1000'),
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('"flow":"handshake"');
    expect(run.stderr).toMatch(/→ stdin .*"method":"notifications\/cancelled","params":\{"requestId":1,/);
  });

  it('--probe-timeout must be a positive number of milliseconds, in call and check', async () => {
    for (const command of [['call', '--method', 'tools/list'], ['check']]) {
      const run = await lens([...command, '--probe-timeout', 'soon', '--', 'node', '-e', '']);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('--probe-timeout must be a positive number of milliseconds');
    }
  });
});

describe('versions', () => {
  it('a discover answer listing 2099-01-01 and 2025-06-18: never sends 2099-01-01, falls back to the handshake with 2025-06-18', async () => {
    const run = await lens([
      'call',
      '--flow',
      'auto',
      ...PATIENT_PROBE,
      '--method',
      'tools/list',
      '--transcript',
      '--',
      ...fixture('version-lister.mjs'),
    ]);
    expect(run.code, run.stderr).toBe(0);
    const sent = wire(run.stderr, '→ stdin');
    expect(sent.some((l) => l.includes('2099-01-01'))).toBe(false);
    expect(sent.find((l) => l.includes('"method":"initialize"'))).toContain('"protocolVersion":"2025-06-18"');
    expect(run.stderr).toContain('"flow":"handshake"');
  });

  it('-32022 naming 2099-01-01 only: fails in one line, without sending it', async () => {
    const run = await lens([
      'call',
      '--flow',
      'auto',
      '--method',
      'tools/list',
      '--transcript',
      '--',
      ...fixture('version-lister.mjs', '--unsupported', '--versions', '2099-01-01'),
    ]);
    expect(run.code).toBe(1);
    expect(wire(run.stderr, '→ stdin').some((l) => l.includes('2099-01-01'))).toBe(false);
    expect(run.stderr).toMatch(/mcp-lens call: -32022 .*2099-01-01, none of which this client implements/);
  });

  it('auto with a pinned handshake version: initialize asks for it, no discover envelope carries it', async () => {
    const run = await lens([
      'call',
      '--flow',
      'auto',
      '--protocol-version',
      '2025-06-18',
      '--method',
      'tools/list',
      '--transcript',
      '--',
      ...fixture('version-lister.mjs'),
    ]);
    expect(run.code, run.stderr).toBe(0);
    const sent = wire(run.stderr, '→ stdin');
    expect(sent.some((l) => l.includes('server/discover'))).toBe(false);
    expect(sent[0]).toContain('"method":"initialize","params":{"protocolVersion":"2025-06-18"');
  });
});

it('a server ping during initialize is answered, so the handshake completes', async () => {
  const run = await lens([
    'call',
    '--flow',
    'handshake',
    '--timeout',
    '5000',
    '--method',
    'tools/list',
    '--transcript',
    '--',
    ...fixture('ping-during-initialize.mjs'),
  ]);
  expect(run.code, run.stderr).toBe(0);
  expect(run.stderr).toContain('→ stdin  {"jsonrpc":"2.0","id":"lens-ping-1","result":{}}');
  expect(JSON.parse(run.stdout).tools[0].name).toBe('noop');
});

it('a server that dies at start: the exit code and its last stderr line in the one-line reason', async () => {
  for (const flow of ['handshake', 'auto']) {
    const run = await lens(['call', '--flow', flow, '--method', 'tools/list', '--', ...fixture('exits-with-code.mjs')]);
    expect(run.code).toBe(3);
    const reason = run.stderr.split('\n').filter((l) => l.startsWith('mcp-lens call:'));
    expect(reason).toHaveLength(1);
    expect(reason[0]).toMatch(
      /the server exited with code 7 .*before answering (initialize|server\/discover); its last stderr: starting config loader \| fatal: config missing$/,
    );
  }
  const check = await lens(['check', '--flow', 'handshake', '--', ...fixture('exits-with-code.mjs', '--code', '9')]);
  expect(check.code).toBe(3);
  expect(check.stderr).toContain(
    'the server exited with code 9 before answering initialize; its last stderr: starting config loader | fatal: config missing',
  );
});
