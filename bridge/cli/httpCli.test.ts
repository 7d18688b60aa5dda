/**
 * `mcp-lens call --url` and `check --url`, as a user runs them (the built bin), against the demo
 * over HTTP, server-everything's Streamable HTTP and the misbehaving fixture.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpChaos, type HttpChaos } from '../../e2e/fixtures/http-chaos.mjs';
import { parseSessionFile } from '../../protocol/sessionFile.js';
import { runLens, STACK_TRACE } from '../testing/runCli.js';
import { startDemoHttp, startEverythingHttp, type RunningHttpServer } from '../testing/httpServers.js';

const TOKEN = 'bearer-sekrit-42424242';

describe('mcp-lens call and check over HTTP', () => {
  let everything: RunningHttpServer;
  let demo: RunningHttpServer;
  let chaos: HttpChaos;
  let dir: string;
  beforeAll(async () => {
    [everything, demo, chaos] = await Promise.all([startEverythingHttp(), startDemoHttp('both'), startHttpChaos()]);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-http-cli-'));
    process.env.LENS_TEST_BEARER = TOKEN;
  });
  afterAll(async () => {
    delete process.env.LENS_TEST_BEARER;
    fs.rmSync(dir, { recursive: true, force: true });
    await Promise.all([everything?.stop(), demo?.stop(), chaos?.close()]);
  });

  it('call --url: auto on server-everything, a token from the environment, the record carrying the HTTP events and no token', async () => {
    const record = path.join(dir, 'everything.mcplens.json');
    const run = await runLens([
      'call',
      '--url',
      everything.url,
      '--bearer-token-env',
      'LENS_TEST_BEARER',
      '--header',
      'X-Trace: t-1',
      '--method',
      'tools/call',
      '--tool-name',
      'echo',
      '--tool-arg',
      'message=over http',
      '--record',
      record,
      '--transcript',
    ]);
    expect(run.stderr).not.toMatch(STACK_TRACE);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ content: [{ type: 'text', text: 'Echo: over http' }] });
    expect(run.stderr).toMatch(/⇢ http +\[\w+\] POST http:\/\/127\.0\.0\.1:\d+\/mcp/);
    expect(run.stderr).toMatch(/■ closed/);
    expect(run.stderr).not.toContain(TOKEN);
    const text = fs.readFileSync(record, 'utf8');
    expect(text).not.toContain(TOKEN);
    const file = parseSessionFile(text);
    if (!file.ok) throw new Error(file.error);
    expect(file.file.connections[0]).toMatchObject({
      config: { transport: 'http', url: everything.url, headers: { Authorization: 'Bearer [redacted]', 'X-Trace': 't-1' } },
      flow: 'handshake',
    });
    const phases = new Set(file.file.events.flatMap((e) => (e.kind === 'http' ? [e.phase] : [])));
    expect([...phases].sort()).toEqual(expect.arrayContaining(['end', 'request', 'response', 'sse-event']));
  });

  it('call --url: resources and prompts of server-everything (handshake) and of the demo in each flow', async () => {
    const call = async (url: string, flow: string, ...args: string[]): Promise<unknown> => {
      const run = await runLens(['call', '--flow', flow, '--url', url, ...args]);
      expect(run.code, `${flow} ${args.join(' ')}: ${run.stderr}`).toBe(0);
      return JSON.parse(run.stdout);
    };
    expect(await call(everything.url, 'handshake', '--method', 'prompts/get', '--prompt-name', 'simple-prompt')).toMatchObject({
      messages: [{ role: 'user', content: { text: 'This is a simple prompt without arguments.' } }],
    });
    const listed = (await call(everything.url, 'handshake', '--method', 'resources/list')) as { resources: { uri: string }[] };
    const uri = listed.resources[0]?.uri ?? '';
    expect(await call(everything.url, 'handshake', '--method', 'resources/read', '--uri', uri)).toMatchObject({ contents: [{ uri }] });
    for (const flow of ['handshake', 'stateless']) {
      expect(await call(demo.url, flow, '--method', 'resources/read', '--uri', 'info://server-info')).toMatchObject({
        contents: [{ uri: 'info://server-info', text: expect.stringContaining(`"flow": "${flow}"`) }],
      });
      expect(
        await call(demo.url, flow, '--method', 'prompts/get', '--prompt-name', 'summarize', '--prompt-arg', 'text=over http'),
      ).toMatchObject({
        messages: [{ role: 'user', content: { text: expect.stringContaining('over http') } }],
      });
    }
  });

  it('replays an HTTP recording at its recorded URL (masked headers left out, and said) or at --url, in either flow', async () => {
    const record = path.join(dir, 'demo-http.mcplens.json');
    const recorded = await runLens([
      'call',
      '--url',
      demo.url,
      '--bearer-token-env',
      'LENS_TEST_BEARER',
      '--header',
      'X-Tenant: acme',
      '--method',
      'tools/call',
      '--tool-name',
      'echo',
      '--tool-arg',
      'message=again',
      '--record',
      record,
    ]);
    expect(recorded.code, recorded.stderr).toBe(0);
    const atRecorded = await runLens(['replay', record]);
    expect(atRecorded.code, atRecorded.stdout + atRecorded.stderr).toBe(0);
    expect(atRecorded.stderr).toContain('the file holds Authorization masked, so it is not sent');
    expect(atRecorded.stdout.trimEnd().split('\n').pop()).toMatch(/^replay: (\d+) exchanges: \1 match, 0 differ$/);
    const given = await runLens(['replay', record, '--bearer-token-env', 'LENS_TEST_BEARER', '--flow', 'handshake', '--transcript']);
    expect(given.code, given.stdout + given.stderr).toBe(0);
    expect(given.stderr).not.toContain('masked, so it is not sent');
    expect(given.stderr).not.toContain(TOKEN);
    const elsewhere = await runLens(['replay', record, '--url', 'http://127.0.0.1:9/mcp']);
    expect(elsewhere.code).toBe(3);
    expect(elsewhere.stdout).toContain('could not connect');
    const both = await runLens(['replay', record, '--url', demo.url, '--', 'node', 'x.js']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('give the server with --url or after --, not both');
  });

  it('call --url in each flow of the demo, and check --url lists what it offers with no error finding', async () => {
    for (const flow of ['handshake', 'stateless']) {
      const run = await runLens(['call', '--flow', flow, '--url', demo.url, '--method', 'tools/list']);
      expect(run.code, `${flow}: ${run.stderr}`).toBe(0);
      expect((JSON.parse(run.stdout) as { tools: { name: string }[] }).tools.map((t) => t.name)).toContain('echo');
    }
    const check = await runLens(['check', '--flow', 'stateless', '--url', demo.url]);
    expect(check.code, check.stdout + check.stderr).toBe(0);
    expect(check.stdout).toMatch(/^tools\/list: \d+ in 1 page\(s\)$/m);
    expect(check.stdout).toMatch(/^lint: no findings$/m);
  });

  it('says why an HTTP server gave no answer: a 500 with its body, a redirect not followed (exit 3)', async () => {
    const failing = await runLens([
      'call',
      '--flow',
      'handshake',
      '--url',
      new URL('/status-500', chaos.url).href,
      '--method',
      'tools/list',
    ]);
    expect(failing.code).toBe(3);
    expect(failing.stderr).toContain('initialize got no answer over HTTP: HTTP 500: internal error: the upstream database is on fire');
    const moved = await runLens([
      'call',
      '--flow',
      'handshake',
      '--url',
      new URL('/redirect', chaos.url).href,
      '--bearer-token',
      TOKEN,
      '--method',
      'tools/list',
    ]);
    expect(moved.code).toBe(3);
    expect(moved.stderr).toMatch(/HTTP 307 to http:\/\/[^ ]+\/landing: not followed/);
    expect(chaos.log().requests.filter((r) => r.target === 'other')).toEqual([]);
  });

  it('refuses HTTP flags that do not fit, before anything is sent (exit 2)', async () => {
    const cases: [string[], RegExp][] = [
      [['--url', demo.url, '--', 'node', 'server.js'], /--url, with --config and --server, or after --: one of them/],
      [['--url', demo.url, '--bearer-token-env', 'LENS_TEST_UNSET_VAR'], /\$LENS_TEST_UNSET_VAR is not set/],
      [['--url', demo.url, '--header', 'no colon here'], /--header must be 'Name: value'/],
      [['--url', 'ftp://example.com/'], /--url must be an http:\/\/ or https:\/\/ URL/],
      [['--header', 'X-A: 1', '--', 'node', 'server.js'], /go with --url/],
      [['--url', demo.url, '--bearer-token', 'a', '--header', 'Authorization: Basic b'], /a bearer token and an Authorization header/],
    ];
    for (const [args, message] of cases) {
      const run = await runLens(['call', '--method', 'tools/list', ...args]);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(message);
    }
  });
});
