/**
 * A real SDK server that offers no GET stream (it answers the GET with 405 and a JSON-RPC error
 * body without an id): `mcp-lens call` and `check` over HTTP say the server offers no stream, and
 * flag nothing, since that GET carried no JSON-RPC request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLens, STACK_TRACE } from '../testing/runCli.js';
import { startSdkStatelessHttp, type RunningHttpServer } from '../testing/httpServers.js';

describe('an HTTP server that answers the GET stream 405', () => {
  let server: RunningHttpServer;
  beforeAll(async () => {
    server = await startSdkStatelessHttp();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('call --url --transcript: the 405 and its body are on the record, the note says no stream, lint finds nothing', async () => {
    const run = await runLens(['call', '--flow', 'handshake', '--url', server.url, '--method', 'tools/list', '--transcript']);
    expect(run.stderr).not.toMatch(STACK_TRACE);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ tools: [{ name: 'add' }] });
    const get = /\[(\w+)\] GET http:\/\/127\.0\.0\.1:\d+\/mcp/.exec(run.stderr)?.[1];
    expect(get, run.stderr).toBeDefined();
    expect(run.stderr).toContain(`[${get ?? ''}] HTTP 405 application/json`);
    expect(run.stderr).toContain('{"jsonrpc":"2.0","error":{"code":-32000,"message":"Method not allowed."},"id":null}');
    expect(run.stderr).toContain('the server offers no stream for its own messages (GET answered 405)');
    expect(run.stderr).not.toContain('error-without-id');
    expect(run.stderr).not.toMatch(/lint: \d+ finding/);
  });

  it('check --url: no findings, exit 0', async () => {
    const run = await runLens(['check', '--flow', 'handshake', '--url', server.url]);
    expect(run.stderr).not.toMatch(STACK_TRACE);
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toContain('tools/list: 1 in 1 page(s)');
    expect(run.stdout).toContain('lint: no findings');
    expect(run.stdout).not.toContain('error-without-id');
  });
});
