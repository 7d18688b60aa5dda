// check and call against servers that misbehave in ways a debugger must not pass over.
import { describe, expect, it } from 'vitest';
import { fixtureServer, runLens } from '../testing/runCli.js';

const check = (...server: string[]) => runLens(['check', '--flow', 'handshake', '--', ...server]);

describe('check on a list that never ends', () => {
  it('reports a nextCursor that comes round again and exits 1', async () => {
    const run = await check(...fixtureServer('endless-pages.mjs', '--loop'));
    expect(run.stdout).toContain('pagination-cursor-repeated');
    expect(run.stdout).toContain('tools/list: stopped after 3 page(s): the server gave a nextCursor again');
    expect(run.code).toBe(1);
  });

  it('reports a list still going at the page limit and exits 1', async () => {
    const run = await check(...fixtureServer('endless-pages.mjs', '--endless'));
    expect(run.stdout).toContain('pagination-page-limit');
    expect(run.stdout).toContain('tools/list: stopped after 1000 page(s): the list was still going');
    expect(run.code).toBe(1);
  }, 120_000);
});

describe('a handshake answered with a version this client does not implement', () => {
  it.each(['2099-01-01', '2026-07-28', 'not-a-date'])('check and call fail on %s, naming it', async (version) => {
    const server = fixtureServer('version-lister.mjs', '--versions', version);
    const checked = await check(...server);
    expect(checked.stderr).toContain(`protocol version "${version}", which this client does not implement`);
    expect(checked.code).toBe(1);
    const called = await runLens(['call', '--flow', 'handshake', '--method', 'tools/list', '--', ...server]);
    expect(called.stderr).toContain(`protocol version "${version}", which this client does not implement`);
    expect(called.code).toBe(1);
  });
});

describe('URL-mode elicitation', () => {
  const callSignIn = (...options: string[]) =>
    runLens([
      'call',
      '--flow',
      'handshake',
      ...options,
      '--method',
      'tools/call',
      '--tool-name',
      'sign_in',
      '--',
      ...fixtureServer('url-elicitation.mjs'),
    ]);

  it('is answered without content when declared', async () => {
    const run = await callSignIn('--capabilities', '{"elicitation":{"url":{}}}', '--elicit', 'accept');
    expect(run.stdout).toContain('{\\"answer\\":{\\"action\\":\\"accept\\"},\\"error\\":null}');
  });

  it('is refused when the client did not declare URL mode', async () => {
    const run = await callSignIn('--elicit', 'accept');
    expect(run.stdout).toContain('\\"answer\\":null');
    expect(run.stdout).toContain('-32602');
  });
});

describe('a method 2026-07-28 removed, in a stateless session', () => {
  it.each([
    ['ping', '{}'],
    ['logging/setLevel', '{"level":"info"}'],
  ])('%s: the -32601 is explained as removed, not as no such method', async (method, params) => {
    const run = await runLens([
      'call',
      '--flow',
      'stateless',
      '--method',
      method,
      '--params-json',
      params,
      '--',
      ...fixtureServer('v2-modern-only.mjs'),
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${method} was removed in 2026-07-28`);
    expect(run.stderr).not.toContain('the server has no such method');
  });
});

describe('an answer inside a JSON-RPC batch', () => {
  const callList = (...options: string[]) =>
    runLens([
      'call',
      '--flow',
      'handshake',
      ...options,
      '--timeout',
      '600000',
      '--method',
      'tools/list',
      '--',
      ...fixtureServer('batch-answers.mjs'),
    ]);

  it('2025-03-26: is the answer', async () => {
    const run = await callList('--protocol-version', '2025-03-26');
    expect(run.stdout).toContain('"tools":[]');
    expect(run.code).toBe(0);
  });

  it('2025-11-25: fails at once, saying the answer came in a batch', async () => {
    const run = await callList();
    expect(run.stderr).toContain('inside a JSON-RPC batch');
    expect(run.code).toBe(1);
  });
});
