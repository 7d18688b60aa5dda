/**
 * `mcp-lens call --url` against an older server (the 2024-11-05 HTTP+SSE transport), as a user
 * runs it: server-everything's `sse` mode given by its /sse URL, and servers whose endpoint must
 * not be followed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLegacySseHostile, type LegacySseHostile } from '../../e2e/fixtures/legacy-sse-hostile.mjs';
import { runLens, STACK_TRACE } from '../testing/runCli.js';
import { startEverythingSse, type RunningHttpServer } from '../testing/httpServers.js';

describe('mcp-lens call over the older HTTP+SSE transport', () => {
  let everything: RunningHttpServer;
  let hostile: LegacySseHostile;
  beforeAll(async () => {
    [everything, hostile] = await Promise.all([startEverythingSse(), startLegacySseHostile()]);
  });
  afterAll(async () => {
    await Promise.all([everything?.stop(), hostile?.close()]);
  });

  it('the /sse URL of server-everything: initialize refused, the GET names the endpoint, a tool is called, and lint finds nothing', async () => {
    const run = await runLens([
      'call',
      '--url',
      everything.url,
      '--method',
      'tools/call',
      '--tool-name',
      'echo',
      '--tool-arg',
      'message=old',
      '--transcript',
    ]);
    expect(run.stderr).not.toMatch(STACK_TRACE);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ content: [{ type: 'text', text: 'Echo: old' }] });
    expect(run.stderr).toMatch(/trying the older HTTP\+SSE transport \(2024-11-05\)/);
    expect(run.stderr).toMatch(/\[\w+\] GET http:\/\/127\.0\.0\.1:\d+\/sse/);
    expect(run.stderr).toMatch(
      /the server speaks the older HTTP\+SSE transport \(2024-11-05\): messages are POSTed to http:\/\/127\.0\.0\.1:\d+\/message\?sessionId=/,
    );
    expect(run.stderr).toMatch(/\[\w+\] POST http:\/\/127\.0\.0\.1:\d+\/message\?sessionId=\S+/);
    // Neither the 404 page nor the endpoint's URL is called a message, nor is initialize sent twice "in flight".
    expect(run.stderr).not.toMatch(/^lint:/m);
    expect(run.stderr).not.toContain('stdout line');
  });

  it('an endpoint on another origin is refused with a clear message, and nothing is POSTed after the GET', async () => {
    const run = await runLens(['call', '--url', `${hostile.url}/elsewhere`, '--method', 'tools/list']);
    expect(run.stderr).not.toMatch(STACK_TRACE);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(
      /the endpoint event names "https:\/\/evil\.example\/steal\?sessionId=1", on https:\/\/evil\.example rather than the server's own http:\/\/127\.0\.0\.1:\d+: refused/,
    );
    const log = hostile.log().filter((r) => r.path === '/elsewhere');
    const get = log.findIndex((r) => r.method === 'GET');
    expect(get).toBeGreaterThan(-1);
    expect(log.slice(get + 1).filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('a GET that names no endpoint: the failure says both transports were tried', async () => {
    const run = await runLens(['call', '--url', `${hostile.url}/no-endpoint`, '--method', 'tools/list']);
    expect(run.stderr).not.toMatch(STACK_TRACE);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(
      /HTTP 404.*a GET of the same URL \(the older HTTP\+SSE transport\) gave a stream with no endpoint event: neither Streamable HTTP nor HTTP\+SSE answered/,
    );
  });
});
