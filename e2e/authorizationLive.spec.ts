// The OAuth settings of the connect form reach the bridge as the spawn command's config.oauth,
// the client secret marked secret (masked in what the bridge journals, never in the page's
// storage); an authorization run's waiting step puts "Authorize in a new tab" and "Forget
// tokens" on its card; step by step, the held request is edited and sent as `auth-step`.
// Until the bridge has its OAuth client, the steps are frames put into the page's socket, as
// the client will journal them, and the bridge answers auth-step with a `rejected` frame.
import fs from 'node:fs';
import path from 'node:path';
import type { WebSocketRoute } from '@playwright/test';
import { test, expect } from './support/fixtures.js';
import { atEachViewport } from './support/viewports.js';
import { AppPage } from './pages/appPage.js';
import { TimelinePage } from './pages/timelinePage.js';
import { startDemoHttp } from '../bridge/testing/httpServers.js';

const SECRET = 'cs-e2e-9f8e7d6c5b4a3210';
const AUTHORIZE = 'https://as.example/authorize?response_type=code&client_id=lens-ci&state=[redacted]&code_challenge=[redacted]';

function journalText(home: string): string {
  const dir = path.join(home, 'journal');
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .join('');
}

atEachViewport(() => {
  test('OAuth settings reach the bridge with the secret marked; a waiting run can be opened and forgotten; a held request is edited and sent', async ({
    page,
    lens,
  }) => {
    const server = await startDemoHttp();
    try {
      // The page's socket goes through this route to the bridge: every frame both ways as it is, and ours put in.
      let socket: WebSocketRoute | undefined;
      await page.routeWebSocket(/\/ws/, (ws) => {
        socket = ws;
        ws.connectToServer();
      });
      const sent: Record<string, unknown>[] = [];
      const received: string[] = [];
      page.on('websocket', (ws) => {
        ws.on('framesent', (f) => sent.push(JSON.parse(String(f.payload)) as Record<string, unknown>));
        ws.on('framereceived', (f) => received.push(String(f.payload)));
      });
      await page.addInitScript(() => {
        const w = window as unknown as { opened: unknown[][] };
        w.opened = [];
        window.open = (...args: unknown[]) => {
          w.opened.push(args);
          return null;
        };
      });

      const app = new AppPage(page);
      await app.open(lens.url);
      await app.fillUrl(server.url);
      const form = page.getByTestId('oauth-fields');
      await expect(page.getByLabel(/^Client id/)).toBeHidden();
      await form.locator('summary').click();
      await page.getByLabel(/^Client id/).fill('lens-ci');
      await page.getByLabel(/^Client secret/).fill(SECRET);
      await expect(page.getByLabel(/^Client secret/)).toHaveAttribute('type', 'password');
      await page.getByLabel('Token endpoint authentication').selectOption('client_secret_post');
      await page.getByLabel(/^Scope/).fill('mcp:tools  offline_access');
      await page.getByLabel(/^Client metadata URL/).fill('https://lens.example/client.json');
      await page.getByLabel('Remember tokens on this machine').check();
      await page.getByLabel('Step by step').check();
      const card = await app.connect('Handshake');
      await expect(card.getByTestId('conn-status')).toContainText('HTTP · connected');
      const conn = (await card.getAttribute('data-conn')) ?? '';

      // What reaches the bridge: config.oauth as typed, the secret among the values marked secret.
      const spawn = sent.find((f) => f.type === 'spawn') as { config: { oauth: unknown; secrets: string[] } } | undefined;
      expect(spawn?.config.oauth).toEqual({
        clientId: 'lens-ci',
        clientSecret: SECRET,
        tokenEndpointAuthMethod: 'client_secret_post',
        scope: 'mcp:tools offline_access',
        clientMetadataUrl: 'https://lens.example/client.json',
        remember: true,
        stepByStep: true,
      });
      expect(spawn?.config.secrets).toContain(SECRET);
      // What the bridge journals and sends back: the settings, the secret masked.
      const journaled = journalText(lens.home)
        .split('\n')
        .filter((l) => l.includes('"kind":"spawn"'))
        .map((l) => JSON.parse(l) as { config: { oauth?: Record<string, unknown> } });
      expect(journaled.at(-1)?.config.oauth).toMatchObject({ clientId: 'lens-ci', clientSecret: '[redacted]', stepByStep: true });
      expect(journalText(lens.home)).not.toContain(SECRET);
      expect(received.join('\n')).not.toContain(SECRET);
      const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
      expect(stored).not.toContain(SECRET);

      // A run that waits on the user: its card offers the authorization URL, and to forget the tokens.
      let seq = 1_000_000;
      const put = (event: Record<string, unknown>): void =>
        socket?.send(JSON.stringify({ type: 'events', events: [{ seq: ++seq, t: Date.now(), conn, kind: 'auth', ...event }] }));
      put({
        run: 'r1',
        step: 'challenge',
        phase: 'response',
        status: 401,
        text: 'the server answered 401',
        http: { method: 'POST', url: server.url, headers: {} },
      });
      put({
        run: 'r1',
        step: 'authorization',
        phase: 'waiting',
        text: 'open the authorization URL to sign in',
        authorizationUrl: AUTHORIZE,
      });
      await expect(card.getByTestId('auth-waiting')).toHaveText('open the authorization URL to sign in');
      await card.getByRole('button', { name: 'Authorize in a new tab' }).click();
      expect(await page.evaluate(() => (window as unknown as { opened: unknown[][] }).opened)).toEqual([[AUTHORIZE, '_blank', 'noopener']]);
      await card.getByRole('button', { name: 'Forget tokens' }).click();
      await expect.poll(() => sent.filter((f) => f.type === 'auth-forget')).toEqual([{ type: 'auth-forget', conn }]);

      // A javascript: authorization URL is no button.
      put({ run: 'r2', step: 'authorization', phase: 'waiting', text: 'a hostile URL', authorizationUrl: 'javascript:alert(1)' });
      await expect(card.getByTestId('auth-waiting')).toHaveText('a hostile URL');
      await expect(card.getByRole('button', { name: 'Authorize in a new tab' })).toHaveCount(0);

      // Step by step: the held token request, edited, goes as auth-step with only what changed.
      put({
        run: 'r3',
        step: 'token',
        phase: 'request',
        held: true,
        text: 'the authorization code for a token',
        http: {
          method: 'POST',
          url: 'https://as.example/token',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'grant_type=authorization_code&code=[redacted]',
        },
      });
      // The card says a request waits, and opens it: the lane of this connection, the held row's detail.
      await expect(card.getByTestId('auth-held-note')).toHaveText('token: the request waits for you (step by step)');
      await page.getByRole('tab', { name: 'Tools' }).click();
      await card.getByRole('button', { name: 'Review the request' }).click();
      const timeline = new TimelinePage(page);
      await expect(timeline.detail.getByTestId('auth-verdict')).toContainText('the authorization code for a token');
      await expect(page.getByTestId('timeline-auth-lane')).toHaveAttribute('aria-pressed', 'true');
      await expect(timeline.detail.getByTestId('auth-diagram').getByTestId('auth-step')).toHaveCount(1);
      const held = timeline.detail.getByTestId('auth-held');
      await expect(held.getByLabel('POST URL')).toHaveValue('https://as.example/token');
      await held.getByLabel('POST URL').fill('https://as.example/token?debug=1');
      await held.getByRole('button', { name: 'Send' }).click();
      await expect
        .poll(() => sent.filter((f) => f.type === 'auth-step'))
        .toEqual([{ type: 'auth-step', conn, run: 'r3', edit: { url: 'https://as.example/token?debug=1' } }]);
      // The bridge holds no request of this injected run, and says so rather than act on a stranger's.
      await expect(page.getByRole('alert').filter({ hasText: `auth-step: no request of flow r3 on ${conn} is waiting` })).toBeVisible();

      // Cancel ends a held run.
      put({
        run: 'r4',
        step: 'registration',
        phase: 'request',
        held: true,
        text: 'registration',
        http: { method: 'POST', url: 'https://as.example/reg', headers: {} },
      });
      await expect(card.getByTestId('auth-held-note')).toHaveText('registration: the request waits for you (step by step)');
      await card.getByRole('button', { name: 'Review the request' }).click();
      await expect(timeline.detail.getByTestId('auth-verdict')).toContainText('registration');
      await timeline.detail.getByTestId('auth-held').getByRole('button', { name: 'Cancel' }).click();
      await expect
        .poll(() => sent.filter((f) => f.type === 'auth-step').at(-1))
        .toEqual({ type: 'auth-step', conn, run: 'r4', cancel: true });
    } finally {
      await server.stop();
    }
  });
});
