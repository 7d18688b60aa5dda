// Every secret given to MCP Lens, by every path it takes in, is in no file it writes and no frame
// a follower receives: an env value, credential arguments, an HTTP header and bearer token, a
// Compare flows command line, a tour's server, and a server echoing each back in a body.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import WebSocket from 'ws';
import { test, expect } from './support/fixtures.js';
import { binJs, fixture, root } from './support/lens.js';
import { BridgeClient } from '../bridge/testing/bridgeClient.js';
import { startDemoHttp } from '../bridge/testing/httpServers.js';
import { AppPage } from './pages/appPage.js';

const SECRET = {
  stdioEnv: 'SEC-stdio-env-7d1f2a',
  apiKeyArg: 'SEC-api-key-arg-3c9e4b',
  tokenArg: 'SEC-token-arg-8a2d6f',
  header: 'SEC-http-header-5b7c1e',
  bearer: 'SEC-http-bearer-2f8a9d',
  compareArg: 'SEC-compare-arg-6e3b0c',
  tourEnv: 'SEC-tour-env-1a4f7b',
  tourArg: 'SEC-tour-arg-9c2e5d',
};
const demoServerJs = path.join(root, 'dist', 'node', 'demo', 'server.js');

/** Every file under a directory, with its text. */
function filesUnder(dir: string): { file: string; text: string }[] {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).flatMap((entry) => {
    if (!entry.isFile()) return [];
    const file = path.join(entry.parentPath, entry.name);
    return [{ file, text: fs.readFileSync(file, 'latin1') }];
  });
}

/** Which secrets a text holds, by name. */
const found = (text: string): string[] => Object.entries(SECRET).flatMap(([name, value]) => (text.includes(value) ? [name] : []));

test('no secret given by any path is in any file MCP Lens writes, any export, or any frame a follower receives', async ({ page, lens }) => {
  test.setTimeout(180_000);
  const presenter = await BridgeClient.connect(lens);
  const followerToken = presenter.welcome.followerToken ?? '';
  expect(followerToken).not.toBe('');

  // A follower, from the start: every frame its socket receives, as received.
  const followerFrames: string[] = [];
  const follower = new WebSocket(`ws://127.0.0.1:${lens.port}/ws?token=${encodeURIComponent(followerToken)}`);
  follower.on('message', (data) => followerFrames.push(String(data)));
  await new Promise<void>((resolve, reject) => {
    follower.once('open', () => resolve());
    follower.once('error', reject);
  });
  follower.send(JSON.stringify({ type: 'attach', after: -1 }));

  // A stdio server given an env value and credential arguments, which it echoes on stdout.
  await presenter.spawn('stdio', {
    command: process.execPath,
    args: [fixture('args-echo.mjs'), `--api-key=${SECRET.apiKeyArg}`, '--token', SECRET.tokenArg],
    env: { LENS_TEST_VAR: SECRET.stdioEnv },
  });
  await presenter.waitForEvent((e) => e.conn === 'stdio' && e.kind === 'exit', { what: 'the echo server exits' });

  // The demo over HTTP with a credential header and a bearer token, echoing the token in its result.
  const demoHttp = await startDemoHttp('stateless');
  try {
    presenter.send({
      type: 'spawn',
      conn: 'http',
      config: { transport: 'http', url: demoHttp.url, headers: { 'X-Api-Key': SECRET.header, Authorization: `Bearer ${SECRET.bearer}` } },
    });
    await presenter.waitForEvent((e) => e.conn === 'http' && e.kind === 'spawn', { what: 'the HTTP connection opens' });
    presenter.send({
      type: 'http',
      conn: 'http',
      req: 'r1',
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'MCP-Protocol-Version': '2026-07-28',
        'Mcp-Method': 'tools/call',
        'Mcp-Name': 'echo',
      },
      text: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: {
          name: 'echo',
          arguments: { message: `the token is ${SECRET.bearer}` },
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': {},
            'io.modelcontextprotocol/clientInfo': { name: 'e2e', version: '0.0.0' },
          },
        },
      }),
    });
    await presenter.waitForEvent((e) => e.conn === 'http' && e.kind === 'http' && e.req === 'r1' && e.phase === 'end', {
      what: 'the echo over HTTP',
    });
    const echoed = presenter.lines('http', 'stdout');
    // The server did echo it: the recorded body holds the marker where the token was.
    expect(echoed.map((l) => l.text).join('')).toContain('the token is [redacted]');
  } finally {
    await demoHttp.stop();
  }

  // Compare flows with a credential argument.
  const app = new AppPage(page);
  await app.open(lens.url);
  await page.getByRole('tab', { name: 'Compare flows' }).click();
  const compareArgs = page.getByLabel('Arguments for the compared server');
  await compareArgs.fill(`${await compareArgs.inputValue()}\n--token\n${SECRET.compareArg}`);
  await page.getByTestId('run-comparison').click();
  await expect(page.getByTestId('comparison')).toHaveAttribute('data-done', 'true', { timeout: 60_000 });

  // A tour from a file, whose server has an env secret and a credential argument; one step played.
  await page.getByRole('tab', { name: 'Workshop' }).click();
  const tour = {
    format: 'mcp-lens-tour',
    version: 1,
    title: 'Secrets stay home',
    server: { command: process.execPath, args: [demoServerJs, '--api-key', SECRET.tourArg], env: { TOUR_KEY: SECRET.tourEnv } },
    connections: { d: { flow: 'handshake' } },
    steps: [
      {
        title: 'Hello',
        text: 'The handshake.',
        connection: 'd',
        send: {
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
        },
      },
    ],
  };
  await page
    .getByTestId('tour-file')
    .setInputFiles({ name: 'secret.tour.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(tour)) });
  await page.getByTestId('tour-next').click();
  // The tour's own program is shown before it runs (its env names, never their values).
  const ask = page.getByTestId('tour-launch-confirm');
  await expect(ask).toBeVisible();
  await expect(ask).not.toContainText(SECRET.tourEnv);
  await ask.getByTestId('tour-launch-yes').click();
  await expect(page.getByTestId('tour-step')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });

  // The follower has the tour and its connection's messages, and has caught up with them.
  await expect
    .poll(() => followerFrames.some((f) => f.includes('"topic":"tour.step"') && f.includes('"outcome"')), { timeout: 30_000 })
    .toBe(true);
  const followerText = followerFrames.join('\n');
  const followed = followerFrames.flatMap((f) => {
    const frame = JSON.parse(f) as { type: string; events?: { conn?: string; kind: string; topic?: string; stream?: string }[] };
    return frame.type === 'events' ? (frame.events ?? []) : [];
  });
  expect(followed.filter((e) => e.kind === 'note').map((e) => e.topic)).toContain('tour.start');
  const tourConns = new Set(followed.filter((e) => e.kind === 'spawn').map((e) => e.conn));
  expect(tourConns.size).toBe(1);
  expect(followed.some((e) => e.kind === 'line' && e.stream === 'stdout' && tourConns.has(e.conn))).toBe(true);
  // ...and nothing of the session beyond the tour: no other connection, no other note, no bridge notice.
  expect(followed.filter((e) => (e.kind === 'note' ? !e.topic?.startsWith('tour.') : !tourConns.has(e.conn)))).toEqual([]);
  // Its API answers it the tour alone: no session list, no journal, no path on disk.
  const followerApi: string[] = [];
  for (const route of ['/api/session', '/api/sessions', `/api/sessions/${presenter.welcome.session}/journal`]) {
    const answer = await fetch(`${lens.origin}${route}`, { headers: { Authorization: `Bearer ${followerToken}` } });
    expect(answer.status, route).toBe(403);
    followerApi.push(await answer.text());
  }
  follower.close();

  // An export made after a reload (the page knows no config in clear then), and the HTML viewer.
  await page.reload();
  await expect(page.getByTestId('socket-status')).toHaveText('bridge connected');
  await app.showTimeline();
  await page.getByTestId('export-session').click();
  const dialog = page.getByTestId('export-dialog');
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('export-download').click()]);
  const exported = fs.readFileSync(await download.path(), 'utf8');
  const journalFile = path.join(lens.home, 'journal', `${presenter.welcome.session}.jsonl`);
  const html = path.join(lens.home, '..', `${path.basename(lens.home)}-view.html`);
  await promisify(execFile)(process.execPath, [binJs, 'view', journalFile, '--html', html]);
  const htmlText = fs.readFileSync(html, 'utf8');
  fs.rmSync(html, { force: true });
  await presenter.close();

  // The journal did record what was done: the comparison, the tour, each connection.
  const journal = fs.readFileSync(journalFile, 'utf8');
  for (const mark of ['"topic":"compare.start"', '"topic":"tour.start"', '"conn":"stdio"', '"conn":"http"', '[redacted]'])
    expect(journal).toContain(mark);

  const leaks = [
    ...filesUnder(lens.home).map(({ file, text }) => ({ where: path.relative(lens.home, file), secrets: found(text) })),
    { where: 'the exported session file', secrets: found(exported) },
    { where: 'mcp-lens view --html', secrets: found(htmlText) },
    { where: "the follower's frames", secrets: found(followerText) },
    { where: "the follower's API answers", secrets: found(followerApi.join('\n')) },
  ].filter((l) => l.secrets.length > 0);
  expect(leaks).toEqual([]);
});
