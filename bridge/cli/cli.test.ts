/**
 * The headless commands as users run them (`node dist/node/bridge/bin.js call|check ...`),
 * against the demo server in both flows, the published server-everything (handshake only) and
 * misbehaving fixtures.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { wireBytes } from '../../protocol/bytes.js';
import { fixtureServer as fixture, repoRoot as root, PATIENT_PROBE, runLens as lens } from '../testing/runCli.js';
import type { LineEvent } from '../../protocol/envelope.js';

const demo = ['node', path.join(root, 'dist', 'node', 'demo', 'server.js')];
const everything = ['node', createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'];
/**
 * A --timeout that also leaves a loaded machine room to start a small fixture (it bounds
 * initialize too), for tests whose server never answers what is timed, so the wait is the
 * timeout itself and never a guess at how fast something starts.
 */
const ROOMY_TIMEOUT = '8000';

const addCall = ['call', '--method', 'tools/call', '--tool-name', 'add', '--tool-arg', 'a=42', '--tool-arg', 'b=58', '--transcript'];
const sentLines = (stderr: string): string[] => stderr.split('\n').filter((l) => l.includes('→ stdin'));

// Every test runs its own processes and files, so they run side by side: most of their time is
// spent waiting on those processes. The deadline is only a cap for a machine loaded many times
// over (a load of 27 on 2 cores took one test past 90 s); a passing test never waits for it.
describe.concurrent('mcp-lens call', { timeout: 300_000 }, () => {
  it('stateless: server/discover and the _meta envelope, no initialize, 42 + 58 = 100', async () => {
    const run = await lens(['call', '--flow', 'stateless', ...addCall.slice(1), '--', ...demo]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).content[0].text).toBe('42 + 58 = 100');
    const sent = sentLines(run.stderr);
    expect(sent[0]).toContain('"method":"server/discover"');
    expect(sent.every((l) => l.includes('"io.modelcontextprotocol/protocolVersion":"2026-07-28"'))).toBe(true);
    expect(run.stderr).not.toContain('"method":"initialize"');
  });

  it('handshake: initialize, its result and notifications/initialized come before the call', async () => {
    const run = await lens(['call', '--flow', 'handshake', ...addCall.slice(1), '--', ...demo]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).content[0].text).toBe('42 + 58 = 100');
    const wire = run.stderr.split('\n').filter((l) => /→ stdin|← stdout/.test(l));
    const at = (needle: string): number => wire.findIndex((l) => l.includes(needle));
    expect(at('"method":"initialize"')).toBe(0);
    const result = wire.findIndex((l) => l.includes('← stdout') && l.includes('"serverInfo"'));
    expect(result).toBeGreaterThan(0);
    expect(at('notifications/initialized')).toBeGreaterThan(result);
    expect(at('"method":"tools/call"')).toBeGreaterThan(at('notifications/initialized'));
    expect(run.stderr).not.toContain('server/discover');
  });

  it('auto against server-everything: the probe, its error, then the handshake, and the call works', async () => {
    const run = await lens([
      'call',
      '--flow',
      'auto',
      ...PATIENT_PROBE,
      '--method',
      'tools/call',
      '--tool-name',
      'echo',
      '--tool-arg',
      'message=hi',
      '--transcript',
      '--',
      ...everything,
    ]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).content[0].text).toBe('Echo: hi');
    const wire = run.stderr.split('\n');
    const discover = wire.findIndex((l) => l.includes('"method":"server/discover"'));
    const error = wire.findIndex((l) => l.includes('"code":-32601'));
    const init = wire.findIndex((l) => l.includes('"method":"initialize"'));
    expect(discover).toBeGreaterThanOrEqual(0);
    expect(error).toBeGreaterThan(discover);
    expect(init).toBeGreaterThan(error);
    expect(run.stderr).toContain('falling back to the handshake');
  });

  it('auto against a server that exits on the probe: restarted, then the handshake', async () => {
    const run = await lens(['call', '--flow', 'auto', '--method', 'tools/list', '--transcript', '--', ...fixture('exits-on-probe.mjs')]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).tools[0].name).toBe('noop');
    expect(run.stderr).toContain('the server exited on server/discover');
    expect(run.stderr.match(/● spawn/g)).toHaveLength(2);
  });

  it('auto against the demo server settles on the stateless flow', async () => {
    const run = await lens(['call', '--flow', 'auto', ...PATIENT_PROBE, ...addCall.slice(1), '--', ...demo]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('"flow":"stateless"');
    expect(run.stderr).not.toContain('"method":"initialize"');
  });

  it(
    'a result against an outputSchema pattern that backtracks without end: linted at once, the lookahead one named as unchecked',
    { timeout: 120_000 },
    async () => {
      // ^(a+)+$ against 40 `a` and a `!`: hours on a backtracking engine, so the deadline fails without RE2.
      const run = await lens([
        'call',
        '--flow',
        'handshake',
        '--method',
        'tools/call',
        '--tool-name',
        'bomb',
        '--tool-arg',
        'code=aaaa',
        '--',
        ...fixture('regex-bomb.mjs'),
      ]);
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout).structuredContent.code).toBe(`${'a'.repeat(40)}!`);
      expect(run.stderr).toContain(
        `does not match the tool's outputSchema: /code must match pattern "^(a+)+$"; pattern "^(?=(a+)+$)" not checked: it uses lookaround`,
      );
    },
  );

  it('stateless against server-everything explains in one line why it cannot work', async () => {
    const run = await lens(['call', '--flow', 'stateless', '--method', 'tools/list', '--', ...everything]);
    expect(run.code).toBe(1);
    const reason = run.stderr
      .trim()
      .split('\n')
      .filter((l) => l.startsWith('mcp-lens call:'));
    expect(reason).toHaveLength(1);
    expect(reason[0]).toMatch(/does not speak the stateless flow.*-32601.*handshake/);
  });

  it('a hanging server: exit 3 after --timeout, with the reason', async () => {
    // The server never answers, so the reason naming 800 ms shows which timeout ended the run.
    const run = await lens(['call', '--flow', 'handshake', '--timeout', '800', '--method', 'tools/list', '--', ...fixture('hang.mjs')]);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/mcp-lens call: no answer to initialize within 800 ms/);
  });

  it('a request that times out after connecting is cancelled on the wire', async () => {
    const run = await lens([
      'call',
      '--flow',
      'handshake',
      '--timeout',
      ROOMY_TIMEOUT,
      '--method',
      'tools/call',
      '--tool-name',
      'slow',
      '--tool-args-json',
      '{}',
      '--transcript',
      '--',
      // Answers initialize and nothing else: the call can only end by timing out.
      ...fixture('stderr-noise.mjs'),
    ]);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain(
      `"method":"notifications/cancelled","params":{"requestId":2,"reason":"timed out after ${ROOMY_TIMEOUT} ms"}`,
    );
  });

  it('non-JSON on stdout: the call succeeds and the finding is reported', async () => {
    const run = await lens([
      'call',
      '--flow',
      'handshake',
      '--method',
      'tools/call',
      '--tool-name',
      'echo',
      '--tool-arg',
      'message=42',
      '--',
      ...fixture('non-json.mjs'),
    ]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).content[0].text).toBe('Echo: 42');
    expect(run.stderr).toContain('stdout-non-json');
  });

  it('--tool-arg values are typed by the inputSchema; --tool-args-json is sent exactly', async () => {
    const typed = await lens([
      'call',
      '--flow',
      'handshake',
      '--method',
      'tools/call',
      '--tool-name',
      'echo',
      '--tool-arg',
      'message=42',
      '--transcript',
      '--',
      ...demo,
    ]);
    expect(typed.stderr).toContain('"arguments":{"message":"42"}');
    const exact = await lens([
      'call',
      '--flow',
      'handshake',
      '--method',
      'tools/call',
      '--tool-name',
      'add',
      '--tool-args-json',
      '{"a": 1.5,"b":2}',
      '--transcript',
      '--',
      ...demo,
    ]);
    expect(JSON.parse(exact.stdout).content[0].text).toBe('1.5 + 2 = 3.5');
    expect(exact.stderr).toContain('"arguments":{"a":1.5,"b":2}');
  });

  it('isError: true exits 1; a JSON-RPC error exits 1 and says which', async () => {
    const failed = await lens(['call', '--flow', 'stateless', '--method', 'tools/call', '--tool-name', 'fail', '--', ...demo]);
    expect(failed.code).toBe(1);
    expect(JSON.parse(failed.stdout).isError).toBe(true);
    const unknown = await lens(['call', '--flow', 'stateless', '--method', 'tools/call', '--tool-name', 'nope', '--', ...demo]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/-32602 Invalid params/);
  });

  it('the input round: elicitation in the handshake flow, input_required and a retry in the stateless flow', async () => {
    const args = [
      '--method',
      'tools/call',
      '--tool-name',
      'confirm_action',
      '--tool-arg',
      'action=deploy',
      '--elicit',
      'accept',
      '--elicit-content',
      '{"confirm":true}',
      '--transcript',
      '--',
      ...demo,
    ];
    const handshake = await lens(['call', '--flow', 'handshake', ...args]);
    expect(JSON.parse(handshake.stdout).content[0].text).toBe('Confirmed: deploy');
    expect(handshake.stderr).toContain('"method":"elicitation/create"');
    const stateless = await lens(['call', '--flow', 'stateless', ...args]);
    expect(JSON.parse(stateless.stdout).content[0].text).toBe('Confirmed: deploy');
    expect(stateless.stderr).toContain('"resultType":"input_required"');
    expect(stateless.stderr).toMatch(/→ stdin .*"inputResponses":\{"confirm":\{"action":"accept","content":\{"confirm":true\}\}\}/);
  });

  it('--log-level: logging/setLevel in the handshake flow, the _meta log level in the stateless flow', async () => {
    const args = ['--method', 'tools/call', '--tool-name', 'echo', '--tool-arg', 'message=hi', '--transcript', '--', ...demo];
    const handshake = await lens(['call', '--flow', 'handshake', '--log-level', 'info', ...args]);
    expect(handshake.stderr).toContain('"method":"logging/setLevel","params":{"level":"info"}');
    expect(handshake.stderr).toContain('"method":"notifications/message"');
    const stateless = await lens(['call', '--flow', 'stateless', '--log-level', 'info', ...args]);
    expect(stateless.stderr).toContain('"io.modelcontextprotocol/logLevel":"info"');
    expect(stateless.stderr).toContain('"method":"notifications/message"');
    const quiet = await lens(['call', '--flow', 'stateless', ...args]);
    expect(quiet.stderr).not.toContain('notifications/message');
  });

  it('-32021 names the missing capability', async () => {
    const run = await lens([
      'call',
      '--flow',
      'stateless',
      '--capabilities',
      '{}',
      '--method',
      'tools/call',
      '--tool-name',
      'confirm_action',
      '--tool-arg',
      'action=x',
      '--',
      ...demo,
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/-32021 .*needs the client capability elicitation/);
  });

  it('a misbehaving fixture through the CLI: a crash mid-line', async () => {
    const crash = await lens(['call', '--flow', 'handshake', '--method', 'tools/list', '--transcript', '--', ...fixture('crash.mjs')]);
    expect(crash.code).toBe(3);
    expect(crash.stderr).toMatch(
      /mcp-lens call: the server exited with code 3 before answering tools\/list; its last stderr: TypeError: Cannot read properties of undefined \(reading 'tools'\) \| at handle .* \| at Interface/,
    );
    expect(crash.stderr).toContain('(no newline at exit)');
  });

  it('misbehaving fixtures through the CLI: an 8 MiB line, invalid UTF-8', async () => {
    // These two exit once they have written, so the run ends on that exit, never on a timer.
    const huge = await lens([
      'call',
      '--flow',
      'handshake',
      '--method',
      'tools/list',
      '--transcript',
      '--',
      ...fixture('huge-line.mjs', '--exit'),
    ]);
    expect(huge.code).toBe(3);
    expect(huge.stderr.split('\n').some((l) => l.length > 8 * 1024 * 1024)).toBe(true);

    const bad = await lens(['call', '--flow', 'handshake', '--method', 'tools/list', '--', ...fixture('invalid-utf8.mjs', '--exit')]);
    expect(bad.code).toBe(3);
    expect(bad.stderr).toContain('stdout-non-json');
  });

  it('a misbehaving fixture through the CLI: stderr noise', async () => {
    const noisy = await lens([
      'call',
      '--flow',
      'handshake',
      '--method',
      'initialize',
      '--params-json',
      '{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}',
      '--',
      ...fixture('stderr-noise.mjs'),
    ]);
    expect(noisy.code).toBe(0);
    expect(JSON.parse(noisy.stdout).protocolVersion).toBe('2025-11-25');
  });

  it('a misbehaving fixture through the CLI: SIGTERM ignored, so SIGKILL', async () => {
    // It never answers; the roomy timeout lets it install its signal handlers before the stop.
    const stubborn = await lens([
      'call',
      '--flow',
      'handshake',
      '--timeout',
      ROOMY_TIMEOUT,
      '--method',
      'tools/list',
      '--transcript',
      '--',
      ...fixture('ignore-sigterm.mjs'),
    ]);
    expect(stubborn.code).toBe(3);
    expect(stubborn.stderr).toContain('ignoring SIGTERM');
    expect(stubborn.stderr).toContain('■ stop    sigkill');
  });

  it('--timeout is reset by progress: the request carries a progress token in both flows', async () => {
    // 20 s of work against a 12 s idle timeout: only the progress after each 2.5 s step keeps it
    // alive, however late a loaded machine fires the server's timers (one came 3.7 s late at a
    // load of 16 on 2 cores). 12 s is also room to start the demo (it bounds the opening too).
    const runs = await Promise.all(
      ['stateless', 'handshake'].map(async (flow) => ({
        flow,
        run: await lens([
          'call',
          '--flow',
          flow,
          '--timeout',
          '12000',
          '--method',
          'tools/call',
          '--tool-name',
          'slow',
          '--tool-args-json',
          '{"steps":8,"delayMs":2500}',
          '--transcript',
          '--',
          ...demo,
        ]),
      })),
    );
    for (const { flow, run } of runs) {
      expect(run.code, `${flow}: ${run.stderr}`).toBe(0);
      expect(JSON.parse(run.stdout).content[0].text).toBe('Done after 8 steps');
      expect(sentLines(run.stderr).find((l) => l.includes('"method":"tools/call"'))).toContain('"progressToken"');
      expect(run.stderr.match(/"method":"notifications\/progress"/g)).toHaveLength(8);
    }
  });

  it('input_required round after round: exit 1 with a one-line reason once the round limit is reached', async () => {
    const run = await lens([
      'call',
      '--flow',
      'stateless',
      '--method',
      'tools/call',
      '--tool-name',
      'never_done',
      '--elicit',
      'accept',
      '--elicit-content',
      '{"confirm":true}',
      '--transcript',
      '--',
      ...fixture('input-everywhere.mjs'),
    ]);
    expect(run.code).toBe(1);
    expect(sentLines(run.stderr).filter((l) => l.includes('"method":"tools/call"'))).toHaveLength(10);
    const reasons = run.stderr.split('\n').filter((l) => l.startsWith('mcp-lens call:'));
    expect(reasons).toEqual([
      'mcp-lens call: tools/call did not finish: still input_required after 10 rounds; gave up without a final result',
    ]);
  });

  it('a sampling question is declined in its own way: no retry in the stateless flow, error -1 in the handshake flow', async () => {
    const args = [
      '--capabilities',
      '{"elicitation":{"form":{}},"sampling":{}}',
      '--method',
      'tools/call',
      '--tool-name',
      'ask_model',
      '--transcript',
      '--',
      ...fixture('input-everywhere.mjs'),
    ];
    const stateless = await lens(['call', '--flow', 'stateless', ...args]);
    expect(stateless.code).toBe(1);
    expect(sentLines(stateless.stderr).filter((l) => l.includes('"method":"tools/call"'))).toHaveLength(1);
    expect(stateless.stderr).not.toContain('"action":"cancel"');
    expect(stateless.stderr.split('\n').filter((l) => l.startsWith('mcp-lens call:'))).toEqual([
      'mcp-lens call: tools/call did not finish: declined sampling/createMessage ("think"): mcp-lens call has no model to sample with; not retried, which is how 2026-07-28 declines',
    ]);

    const handshake = await lens(['call', '--flow', 'handshake', ...args]);
    const answer = sentLines(handshake.stderr).find((l) => l.includes('"id":0,'));
    expect(answer).toMatch(/→ stdin +{"jsonrpc":"2.0","id":0,"error":{"code":-1,"message":"mcp-lens call has no model to sample with"}}$/);
    expect(handshake.stderr).not.toContain('"action":"cancel"');
  });

  it('stateless: a request from the server is recorded and flagged, never answered', async () => {
    const run = await lens([
      'call',
      '--flow',
      'stateless',
      '--method',
      'tools/call',
      '--tool-name',
      'ask',
      '--transcript',
      '--',
      ...fixture('stateless-server-request.mjs'),
    ]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).content[0].text).toBe('asked');
    expect(run.stderr).toContain('← stdout {"jsonrpc":"2.0","id":0,"method":"sampling/createMessage"');
    expect(sentLines(run.stderr).filter((l) => l.includes('"id":0'))).toEqual([]);
    expect(run.stderr).not.toContain('the client answered request 0');
    const flag =
      'the server sent a request (sampling/createMessage, id 0) in the stateless flow, where servers must not send requests (2026-07-28): recorded, not answered';
    expect(run.stderr).toMatch(new RegExp(`✎ session\\.flag +${flag.replace(/[()]/g, '\\$&')}`));
    expect(run.stderr.split('\n')).toContain(`flag: ${flag}`);
  });

  it('--tool-arg typing pages through tools/list to the tool; an unknown tool gets strings and a warning', async () => {
    const typed = await lens([
      'call',
      '--flow',
      'stateless',
      '--method',
      'tools/call',
      '--tool-name',
      'tune',
      '--tool-arg',
      'ratio=0.5',
      '--tool-arg',
      'count=3',
      '--tool-arg',
      'loud=true',
      '--tool-arg',
      'label=42',
      '--transcript',
      '--',
      ...fixture('paged-tools.mjs'),
    ]);
    expect(typed.code).toBe(0);
    expect(JSON.parse(typed.stdout).content[0].text).toBe('{"ratio":0.5,"count":3,"loud":true,"label":"42"}');
    expect(sentLines(typed.stderr).filter((l) => l.includes('"method":"tools/list"'))).toHaveLength(3);
    expect(typed.stderr).not.toContain('warning:');

    const unknown = await lens([
      'call',
      '--flow',
      'handshake',
      '--method',
      'tools/call',
      '--tool-name',
      'nope',
      '--tool-arg',
      'n=1',
      '--',
      ...fixture('paged-tools.mjs'),
    ]);
    expect(JSON.parse(unknown.stdout).content[0].text).toBe('{"n":"1"}');
    expect(unknown.stderr.split('\n').filter((l) => l.startsWith('warning:'))).toEqual([
      'warning: no tool "nope" in tools/list (3 pages): --tool-arg values are sent as strings',
    ]);
  });

  it('prints the exact bytes of the result, and of the error, as the server wrote them', async () => {
    const big = await lens([
      'call',
      '--flow',
      'handshake',
      '--method',
      'tools/call',
      '--tool-name',
      'big',
      '--',
      ...fixture('exact-bytes.mjs'),
    ]);
    expect(big.code).toBe(0);
    expect(big.stdout).toBe('{ "content":[{"type":"text","text":"big"}], "n":12345678901234567890123, "dup":1, "dup":2 }\n');
    const failed = await lens([
      'call',
      '--flow',
      'handshake',
      '--method',
      'tools/call',
      '--tool-name',
      'fail',
      '--',
      ...fixture('exact-bytes.mjs'),
    ]);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toBe('{"error":{"code":-32000,"message":"boom","data":{"n":1.0},"retryAfterMs":250}}\n');
  });

  it('bad usage exits 2; a missing command exits 3', async () => {
    expect((await lens(['call', '--flow', 'sideways', '--method', 'tools/list', '--', ...demo])).code).toBe(2);
    expect((await lens(['call', '--method', 'tools/list'])).code).toBe(2);
    const missing = await lens(['call', '--method', 'tools/list', '--', 'no-such-command-here']);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain('ENOENT');
  });

  it('--record writes a session file that validates against the schema and holds every line byte-equal', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-rec-')), 'run.mcplens.json');
    // This fixture answers everything but initialize with an error: exit 1 is expected.
    const run = await lens([
      'call',
      '--flow',
      'handshake',
      '--method',
      'tools/list',
      '--record',
      file,
      '--',
      ...fixture('split-writes.mjs'),
    ]);
    expect(run.code).toBe(1);
    const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
    const ajv = new Ajv2020({ strict: false });
    addFormats.default(ajv);
    const validate = ajv.compile(JSON.parse(fs.readFileSync(path.join(root, 'docs', 'session-format.schema.json'), 'utf8')));
    expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
    // split-writes announces the exact bytes of each stdout line on stderr before writing it.
    const lines = doc.events.filter((e: { kind: string }) => e.kind === 'line') as LineEvent[];
    const intended = lines
      .filter((e) => e.stream === 'stderr' && e.text?.startsWith('intended '))
      .map((e) => e.text?.slice('intended '.length) ?? '');
    const stdout = lines.filter((e) => e.stream === 'stdout').map((e) => Buffer.from(wireBytes(e)).toString('base64'));
    expect(intended.length).toBeGreaterThan(1);
    expect(stdout).toEqual(intended);
  });
});

describe.concurrent('mcp-lens check', { timeout: 300_000 }, () => {
  for (const flow of ['handshake', 'stateless', 'auto']) {
    it(`the demo server passes in the ${flow} flow`, async () => {
      const run = await lens(['check', '--flow', flow, '--', ...demo]);
      expect(run.stdout).toContain('tools/list: 10 in 1 page(s)');
      expect(run.stdout).toContain('lint: no findings');
      expect(run.code).toBe(0);
    });
  }

  it('stateless without server/discover: every list is asked for, none skipped', async () => {
    const run = await lens(['check', '--flow', 'stateless', '--no-discover', '--', ...demo]);
    expect(run.stdout).toContain('tools/list: 10 in 1 page(s)');
    expect(run.stdout).toContain('prompts/list: 1 in 1 page(s)');
    expect(run.stdout).not.toMatch(/: skipped \(no/);
    expect(run.stdout).toContain('lint: no findings');
    expect(run.code).toBe(0);
  });

  it('a connect failure still prints the findings gathered before it', async () => {
    // hostile.mjs never answers server/discover; its non-JSON first line comes before the timeout.
    const run = await lens(['check', '--flow', 'stateless', '--timeout', ROOMY_TIMEOUT, '--', ...fixture('hostile.mjs')]);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/mcp-lens check: .*server\/discover/);
    expect(run.stdout).toContain('stdout-non-json');
  });

  it('calls what is safe to call: reads resources, gets prompts without required arguments, asks for completions; never a tool', async () => {
    const run = await lens(['check', '--flow', 'stateless', '--transcript', '--', ...demo]);
    expect(run.code).toBe(0);
    const sent = sentLines(run.stderr);
    expect(sent.some((l) => l.includes('"method":"resources/read"'))).toBe(true);
    expect(sent.some((l) => l.includes('"method":"completion/complete"') && l.includes('"ref/resource"'))).toBe(true);
    expect(sent.some((l) => l.includes('"method":"completion/complete"') && l.includes('"ref/prompt"'))).toBe(true);
    expect(sent.some((l) => l.includes('"method":"tools/call"'))).toBe(false);
    expect(run.stdout).toMatch(/resources\/read: \d+ read/);
    expect(run.stdout).toContain('prompts/get: 0 got, 1 skipped (required arguments)');
    expect(run.stdout).toMatch(/completion\/complete: \d+ asked/);

    const elicitation = ['--capabilities', '{"elicitation":{"form":{}}}', '--', ...fixture('input-everywhere.mjs')];
    const asks = await lens(['check', '--flow', 'stateless', ...elicitation]);
    expect(asks.stdout).toContain('resources/read input://secret: input_required (check answers no questions)');
    expect(asks.stdout).toContain('prompts/get greeting: input_required (check answers no questions)');
    expect(asks.stdout).toContain('lint: no findings');
    // The handshake flow asks with elicitation/create, and check cancels.
    const handshake = await lens(['check', '--flow', 'handshake', '--transcript', ...elicitation]);
    expect(sentLines(handshake.stderr).filter((l) => l.includes('"result":{"action":"cancel"}'))).toHaveLength(2);
    expect(handshake.stdout).toContain('resources/read: 1 read');
    expect(handshake.stdout).toContain('prompts/get: 1 got');
  });

  it('a server that breaks rules: each finding with its rule id, exit 1', async () => {
    const run = await lens(['check', '--flow', 'handshake', '--', ...fixture('rule-breaker.mjs')]);
    expect(run.code).toBe(1);
    for (const rule of [
      'stdout-non-json',
      'server-before-initialized',
      'response-unknown-id',
      'jsonrpc-batch',
      'tool-name',
      'tool-input-schema-root',
      'error-code-reserved',
    ]) {
      expect(run.stdout, rule).toContain(rule);
    }
    // A handshake session cites the 2025-11-25 pages, never the 2026-07-28 ones.
    expect(run.stdout).toContain('see https://modelcontextprotocol.io/specification/2025-11-25/');
    expect(run.stdout).not.toContain('specification/2026-07-28');
  });
});
