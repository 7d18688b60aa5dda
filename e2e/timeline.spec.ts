// A live session with the demo server, in both flows, as the timeline shows it: one row per
// exchange with its status and duration, the request paired with what came back, a slow call
// spanning a call made meanwhile, the input round, and a call the app gave up on.
import { test, expect } from './support/fixtures.js';
import { AppPage, type FlowName } from './pages/appPage.js';
import { ToolsPage } from './pages/toolsPage.js';
import { TimelinePage } from './pages/timelinePage.js';
import { journalEvents, toolCallLine } from './support/wire.js';
import type { Locator, Page } from '@playwright/test';

/** Connects the demo server in `flow` and returns its connection id, with the Tools panel open. */
async function demo(page: Page, url: string, flow: FlowName): Promise<{ app: AppPage; conn: Locator; id: string }> {
  const app = new AppPage(page);
  await app.open(url);
  const conn = await app.connect(flow);
  await expect(conn.getByTestId('flow-pill')).toBeVisible();
  await new ToolsPage(page).open();
  return { app, conn, id: (await conn.getAttribute('data-conn')) ?? '' };
}

for (const flow of ['Handshake', 'Stateless'] as FlowName[]) {
  test.describe(`the timeline of a live session, ${flow.toLowerCase()} flow`, () => {
    test('each call is one row with its status and duration, its request paired with its answer', async ({ page, lens }) => {
      const { id } = await demo(page, lens.url, flow);
      const tools = new ToolsPage(page);
      await tools.pick('Echo');
      await tools.field('tool-echo_message').fill('paired');
      await tools.send();
      await expect(tools.result.getByTestId('block-text')).toContainText('Echo: paired');
      await tools.pick('Fail');
      await tools.send();
      await expect(tools.result).toHaveAttribute('data-kind', 'tool-error');
      await tools.mode('Raw line');
      const raw = tools.runner.getByTestId('raw-line');
      const line = JSON.parse(await raw.inputValue()) as { params: { name: string } };
      line.params.name = 'no_such_tool';
      await raw.fill(JSON.stringify(line));
      await tools.send();
      await expect(tools.result).toHaveAttribute('data-kind', 'error');

      const tl = new TimelinePage(page);
      await tl.open();
      await tl.indexedAll();
      const calls = tl.row({ conn: id, method: 'tools/call' });
      await expect(calls).toHaveCount(3);
      expect((await tl.attrs('data-status', calls)).sort()).toEqual(['error', 'isError', 'ok']);
      // Every row of a call is a request, and every answered request shows how long it took.
      for (const status of ['ok', 'isError', 'error'] as const) {
        const row = tl.row({ conn: id, method: 'tools/call', status });
        await expect(row).toHaveAttribute('data-kind', 'request');
        expect(await tl.durationMs(row)).toBeGreaterThan(0);
      }
      // The request and the answer are one row: the detail pane holds both lines.
      const detail = await tl.select(tl.row({ conn: id, method: 'tools/call', status: 'ok' }));
      await expect(detail).toContainText('"message":"paired"');
      await expect(detail).toContainText('Echo: paired');
      await tl.select(tl.row({ conn: id, method: 'tools/call', status: 'error' }));
      await expect(detail).toContainText('-32602');
      await expect(detail).toContainText('no_such_tool');
    });

    test('a slow call spans a call made while it runs', async ({ page, lens }) => {
      const { app, conn, id } = await demo(page, lens.url, flow);
      const tools = new ToolsPage(page);
      await tools.pick('Slow');
      // Ten seconds of steps: the echo below must go out while this call runs, and on a loaded
      // machine typing and sending it has taken more than the 2.8 s this call once lasted.
      await tools.field('tool-slow_steps').fill('20');
      await tools.field('tool-slow_delayMs').fill('500');
      await tools.send();
      await expect(tools.runner.getByTestId('progress')).toContainText('/ 20');
      // Sent while the slow call runs; answered at once.
      await app.sendRaw(conn, toolCallLine(flow, 'during-slow', 'echo', { message: 'meanwhile' }));
      await expect(tools.result.getByTestId('block-text')).toContainText('Done after 20 steps', { timeout: 60_000 });

      const tl = new TimelinePage(page);
      await tl.open();
      await tl.indexedAll();
      const calls = tl.row({ conn: id, method: 'tools/call' });
      const slow = calls.filter({ hasText: '"name":"slow"' });
      const echo = calls.filter({ hasText: 'during-slow' });
      await expect(slow).toHaveAttribute('data-status', 'ok');
      await expect(echo).toHaveAttribute('data-status', 'ok');
      // Rows are numbered by arrival: the echo's request came after the slow one's.
      expect(Number(await echo.getAttribute('data-row'))).toBeGreaterThan(Number(await slow.getAttribute('data-row')));
      // Twenty steps of 500 ms: the slow row says at least 10 s, the echo much less.
      const slowMs = (await tl.durationMs(slow)) ?? NaN;
      expect(slowMs).toBeGreaterThanOrEqual(10_000);
      expect((await tl.durationMs(echo)) ?? NaN).toBeLessThan(slowMs);

      // The journal's times: the echo's whole exchange lies inside the slow one's.
      const times = spanTimes(journalEvents(lens.home), id);
      const slowSpan = times.get(await tl.idOf(slow));
      const echoSpan = times.get('during-slow');
      if (!slowSpan || !echoSpan) throw new Error('the journal lacks a request or an answer');
      expect(slowSpan.t0 < echoSpan.t0 && echoSpan.t1 < slowSpan.t1).toBe(true);

      // The waterfall, fitted to the whole session (which also stops it following the clock):
      // at the echo's time there are two spans one above the other, the slow one and the echo.
      await page.getByTestId('waterfall-fit').click();
      await expect(tl.waterfall).toHaveAttribute('data-following', 'false');
      const under = await tl.spansAt((echoSpan.t0 + echoSpan.t1) / 2);
      const slowTip = under.find((s) => /^tools\/call ok · \d+(\.\d+)? s$/.test(s.text));
      const echoTip = under.find((s) => /^tools\/call ok · (<1 ms|\d+(\.\d+)? ms)$/.test(s.text));
      expect(slowTip, JSON.stringify(under)).toBeDefined();
      expect(echoTip, JSON.stringify(under)).toBeDefined();
      // Selecting in one view selects in the other: a click on the echo's span picks its row.
      await page.mouse.click(await tl.waterfallX((echoSpan.t0 + echoSpan.t1) / 2), echoTip?.y ?? 0);
      await expect(echo).toHaveAttribute('aria-selected', 'true');
    });

    test('the input round of confirm_action is part of its call', async ({ page, lens }) => {
      const { id } = await demo(page, lens.url, flow);
      const tools = new ToolsPage(page);
      await tools.pick('Confirm action');
      await tools.field('tool-confirm_action_action').fill('deploy');
      await tools.send();
      const dialog = page.getByTestId('question');
      await dialog.getByLabel('Confirm').check();
      await dialog.getByRole('button', { name: 'Accept' }).click();
      await expect(tools.result.getByTestId('block-text').first()).toContainText('Confirmed: deploy');

      const tl = new TimelinePage(page);
      await tl.open();
      await tl.indexedAll();
      if (flow === 'Stateless') {
        // Two rounds: the first answered input_required, the retry answered for good, nested under it.
        await tl.toggleFacet('method', 'tools/call');
        await expect(tl.row({ conn: id, status: 'input_required' })).toHaveCount(1);
        const first = tl.row({ conn: id, status: 'input_required' });
        await expect(first).toContainText('deploy');
        const detail = await tl.select(first);
        await expect(detail).toContainText('"resultType":"input_required"');
        await expect(tl.row({ conn: id, method: 'tools/call', status: 'ok' })).toHaveCount(1);
      } else {
        // The server asked the client (elicitation/create) while the call was open: nested under it.
        const call = tl.row({ conn: id, method: 'tools/call', status: 'ok' });
        await expect(call).toHaveCount(1);
        const detail = await tl.select(call);
        await expect(detail).toContainText('Confirmed: deploy');
        await expect(tl.row({ conn: id, method: 'elicitation/create' })).toHaveAttribute('data-status', 'ok');
      }
    });

    test('a call the app gave up on shows as timed out', async ({ page, lens }) => {
      const { id } = await demo(page, lens.url, flow);
      const tools = new ToolsPage(page);
      await tools.pick('Slow');
      await tools.field('tool-slow_steps').fill('1');
      await tools.field('tool-slow_delayMs').fill('5000');
      // A step of 5 s against a timeout of 1 s: the app cancels with a reason, and shows why.
      await tools.runner.getByLabel(/timeout \(ms\)/).fill('1000');
      await tools.send();
      await expect(tools.result).toHaveAttribute('data-kind', 'timeout');

      const tl = new TimelinePage(page);
      await tl.open();
      await tl.indexedAll();
      const row = tl.row({ conn: id, method: 'tools/call', status: 'timeout' });
      await expect(row).toHaveCount(1);
      const detail = await tl.select(row);
      await expect(detail).toContainText('timed out after 1000 ms');
      // The row runs from the request to the app's cancel (the server never answered): its
      // duration is the gap between those two lines in the journal, as shown (rounded).
      const requestId = await tl.idOf(row);
      const lines = journalEvents(lens.home).filter((e) => e.conn === id && e.kind === 'line' && e.stream === 'stdin');
      const sent = lines.find((e) => (JSON.parse(String(e.text)) as { id?: unknown }).id?.toString() === requestId);
      const cancel = lines.find((e) => {
        const m = JSON.parse(String(e.text)) as { method?: string; params?: { requestId?: unknown } };
        return m.method === 'notifications/cancelled' && m.params?.requestId?.toString() === requestId;
      });
      const gap = Number(cancel?.t) - Number(sent?.t);
      expect(gap).toBeGreaterThan(0);
      // The app gave up before any answer: nothing came back for the request before the cancel.
      const answeredBefore = journalEvents(lens.home).some(
        (e) =>
          e.conn === id &&
          e.kind === 'line' &&
          e.stream === 'stdout' &&
          Number(e.seq) < Number(cancel?.seq) &&
          (JSON.parse(String(e.text)) as { id?: unknown }).id?.toString() === requestId,
      );
      expect(answeredBefore).toBe(false);
      expect(Math.abs(((await tl.durationMs(row)) ?? NaN) - gap)).toBeLessThanOrEqual(10);
    });
  });
}

/** Request and answer times per JSON-RPC id (as a string) of one connection, from the journal. */
function spanTimes(events: Array<Record<string, unknown>>, conn: string): Map<string, { t0: number; t1: number }> {
  const spans = new Map<string, { t0: number; t1: number }>();
  for (const e of events) {
    if (e.kind !== 'line' || e.conn !== conn || typeof e.text !== 'string') continue;
    let message: { id?: unknown; method?: unknown };
    try {
      message = JSON.parse(e.text) as { id?: unknown; method?: unknown };
    } catch {
      continue;
    }
    if (message.id === undefined) continue;
    const key = String(message.id);
    if (e.stream === 'stdin' && typeof message.method === 'string') spans.set(key, { t0: Number(e.t), t1: NaN });
    else if (e.stream === 'stdout' && spans.has(key)) spans.get(key)!.t1 = Number(e.t);
  }
  return spans;
}
