/**
 * Workshop mode in real Chromium against a real bridge and the demo server: the built-in tour
 * played end to end (every check passes, the exercise edited into a -32022), presenter mode by
 * keyboard alone with a follower page moving with it, and a trainer's tour from the command
 * line next to tour files that are malformed, meet a server writing markup, or one that exits.
 */
import { test, expect } from './support/fixtures.js';
import { fixture, startLens } from './support/lens.js';
import type { Locator, Page } from '@playwright/test';

async function openWorkshop(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('socket-status')).toHaveText('bridge connected');
  await page.getByRole('tab', { name: 'Workshop' }).click();
}

/** The shown step's number, from "step N of M". */
async function stepNumber(progress: Locator): Promise<number> {
  const text = (await progress.textContent()) ?? '';
  return Number(/step (\d+) of/.exec(text)?.[1] ?? NaN);
}

test('the built-in tour plays end to end, every check passes, and the exercise turns the edit into -32022', async ({
  page,
  lens,
  pageErrors,
}) => {
  await openWorkshop(page, lens.url);
  await page.getByTestId('play-builtin').click();
  const step = page.getByTestId('tour-step');
  const next = page.getByTestId('tour-next');
  const items = page.getByTestId('tour-step-item');
  const total = await items.count();
  expect(total).toBeGreaterThan(25);
  await expect(page.getByTestId('tour-progress-line')).toHaveText(`step 1 of ${total}`);

  for (let n = 1; n <= total; n++) {
    await expect(step).toHaveAttribute('data-index', String(n - 1));
    const title = (await step.locator('.tour-title').textContent()) ?? '';
    if ((await step.getByTestId('tour-exercise').count()) > 0) {
      const editor = page.getByTestId('exercise-editor');
      expect(await editor.inputValue()).toContain('"io.modelcontextprotocol/protocolVersion": "2026-07-28"');
      // Sent unchanged, the server answers as usual: the check fails, saying what to change.
      await next.click();
      await expect(step).toHaveAttribute('data-status', 'done');
      await expect(step.getByTestId('tour-checks').locator('li[data-ok="false"]')).toContainText('✗ fail');
      await expect(step.getByTestId('tour-checks').locator('li[data-ok="false"]')).toContainText('1999-01-01');
      // Try again: the message is editable once more, with a new id.
      await page.getByTestId('tour-retry').click();
      await expect(step).toHaveAttribute('data-status', 'unsent');
      const original = await editor.inputValue();
      expect(original).toContain('"io.modelcontextprotocol/protocolVersion": "2026-07-28"');
      // Not JSON: said where, and Next sends nothing.
      await editor.fill(original.replace('"jsonrpc": "2.0",', '"jsonrpc": "2.0"'));
      await expect(page.getByTestId('exercise-error')).toContainText(/line \d+, column \d+/);
      await page.getByTestId('exercise-reset').click();
      await expect(editor).toHaveValue(original);
      await expect(page.getByTestId('exercise-error')).toHaveCount(0);
      await editor.fill(original.replace('"2026-07-28"', '"1999-01-01"'));
      await next.click();
      await expect(step).toHaveAttribute('data-status', 'done');
      await expect(page.getByTestId('tour-sent')).toContainText('"1999-01-01"');
      const code = page.getByTestId('tour-outcome').locator('[data-path="$.error.code"]');
      await expect(code).toContainText('-32022');
      // The code's note, with its origin, on focus.
      await code.focus();
      await expect(step.getByTestId('note-path')).toHaveText('$.error.code');
      await expect(step.getByTestId('note-origin')).toHaveText('JSON-RPC 2.0');
    } else if ((await next.textContent())?.startsWith('Send') || (await next.textContent())?.startsWith('Wait for it')) {
      if (n === 2) {
        // Before sending: the message with the id it will really carry, its fields annotated.
        const preview = page.getByTestId('tour-preview');
        await expect(preview.locator('[data-path="$.id"]')).toContainText('1');
        await preview.locator('[data-path="$.jsonrpc"]').hover();
        await expect(step.getByTestId('note-origin')).toHaveText('JSON-RPC 2.0');
        await expect(step.getByTestId('field-note')).toContainText('2.0');
        // The keyboard walks the fields: down from jsonrpc is id.
        await preview.locator('[data-path="$.jsonrpc"]').focus();
        await page.keyboard.press('ArrowDown');
        await expect(step.getByTestId('note-path')).toHaveText('$.id');
        await expect(preview.locator('[data-path="$.params.protocolVersion"]')).toHaveAttribute('data-note', 'yes');
      }
      await next.click();
      await expect(step).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
    }
    // Every check of every step holds.
    const checks = step.getByTestId('tour-checks').locator('li');
    for (const ok of await checks.evaluateAll((els) => els.map((el) => el.getAttribute('data-ok'))))
      expect(ok, `a check of step ${n} (${title})`).toBe('true');
    await expect(page.getByTestId('tour-state').and(page.locator('[data-state="failed"]'))).toHaveCount(0);
    if (n < total) {
      await expect(next).toHaveText('Next →');
      await next.click();
      await expect(page.getByTestId('tour-progress-line')).toHaveText(`step ${n + 1} of ${total}`);
    }
  }
  // The last step: the figures of both flows, from the wire.
  const figures = page.getByTestId('tour-figures');
  await expect(figures.locator('tr[data-figure="messages"] td')).toHaveCount(2);
  for (const cell of await figures.locator('tr[data-figure="messages"] td').allTextContents()) expect(Number(cell)).toBeGreaterThan(10);
  // Every talking step done; the engine answered nothing by itself (no question dialog).
  await expect(items.and(page.locator('[data-status="failed"]'))).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await stepNumber(page.getByTestId('tour-progress-line'))).toBe(total);
  expect(pageErrors).toEqual([]);
});

test('presenter mode by keyboard alone, with a follower page that moves when the presenter moves and has nothing that acts', async ({
  page,
  context,
  lens,
  pageErrors,
}) => {
  await openWorkshop(page, lens.url);
  await page.getByTestId('play-builtin').click();
  const total = await page.getByTestId('tour-step-item').count();
  await page.getByTestId('copy-follower-link').click();
  const link = await page.getByTestId('follower-link').inputValue();
  expect(link).toMatch(new RegExp(`^${lens.origin}/#token=[\\w-]+&follow=1$`));
  expect(link).not.toContain(lens.token);

  const follower = await context.newPage();
  const followerErrors: string[] = [];
  follower.on('pageerror', (e) => followerErrors.push(e.message));
  await follower.goto(link);
  const followed = follower.getByTestId('follower');
  await expect(follower.getByTestId('follower-progress')).toHaveText(`step 1 of ${total}`);
  await expect(followed.getByRole('heading', { name: 'Welcome to MCP' })).toBeVisible();

  // From here on, the keyboard alone.
  await page.keyboard.press('p');
  const presenter = page.getByTestId('presenter');
  await expect(presenter).toBeVisible();
  // No app chrome: what is on screen where the tabs and the sidebar were is the presenter's.
  for (const chrome of [page.getByRole('tab', { name: 'Workshop', includeHidden: true }), page.locator('.sidebar')]) {
    const box = await chrome.boundingBox();
    const covered = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x ?? 0, y ?? 0)?.closest('[data-testid="presenter"]') !== null,
      [(box?.x ?? 0) + 4, (box?.y ?? 0) + 4],
    );
    expect(covered).toBe(true);
  }
  const progress = page.getByTestId('presenter-progress');
  await expect(progress).toHaveText(`step 1 of ${total}`);
  await page.keyboard.press('Space');
  await expect(progress).toHaveText(`step 2 of ${total}`);
  await expect(follower.getByTestId('follower-progress')).toHaveText(`step 2 of ${total}`);
  // The follower shows the message about to go, with the id it will carry.
  await expect(followed.getByTestId('tour-preview').locator('[data-path="$.method"]')).toContainText('"initialize"');

  // A clicker's PageDown sends, and the answer shows on both pages.
  await page.keyboard.press('PageDown');
  const step = presenter.getByTestId('tour-step');
  await expect(step).toHaveAttribute('data-status', 'done');
  await expect(presenter.getByTestId('tour-outcome').locator('[data-path="$.result.protocolVersion"]')).toContainText('2025-11-25');
  await expect(followed.getByTestId('tour-outcome').locator('[data-path="$.result.protocolVersion"]')).toContainText('2025-11-25');
  await expect(followed.getByTestId('tour-sent').locator('[data-path="$.id"]')).toContainText('1');
  await expect(followed.getByTestId('tour-checks').locator('li[data-ok="true"]')).toHaveCount(2);
  // Its fields carry their notes there too, on hover.
  await followed.getByTestId('tour-outcome').locator('[data-path="$.result.protocolVersion"]').hover();
  await expect(followed.getByTestId('note-origin')).toHaveText('handshake flow');

  await page.keyboard.press('ArrowRight');
  await expect(progress).toHaveText(`step 3 of ${total}`);
  await expect(follower.getByTestId('follower-progress')).toHaveText(`step 3 of ${total}`);
  await page.keyboard.press('ArrowRight'); // sends notifications/initialized: nothing comes back
  await expect(step).toHaveAttribute('data-status', 'done');
  await page.keyboard.press('ArrowRight');
  await expect(progress).toHaveText(`step 4 of ${total}`);
  await page.keyboard.press('PageUp');
  await page.keyboard.press('ArrowLeft');
  await expect(progress).toHaveText(`step 2 of ${total}`);
  await expect(follower.getByTestId('follower-progress')).toHaveText(`step 2 of ${total}`);
  // Back shows what was recorded; nothing is sent again.
  await expect(followed.getByTestId('tour-sent').locator('[data-path="$.id"]')).toContainText('1');

  // Tab reaches the fields, and focus is visible on them.
  await page.keyboard.press('Tab');
  const focused = page.locator(':focus');
  await expect(focused).toHaveAttribute('data-path', /^\$/);
  expect(await focused.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');

  // Home asks first: Escape keeps going, Enter restarts from step 1 on both pages.
  await page.keyboard.press('Home');
  await expect(page.getByTestId('restart-confirm')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('restart-confirm')).toHaveCount(0);
  await expect(presenter).toBeVisible();
  await expect(progress).toHaveText(`step 2 of ${total}`);
  await page.keyboard.press('Home');
  await page.keyboard.press('Enter');
  await expect(progress).toHaveText(`step 1 of ${total}`);
  await expect(follower.getByTestId('follower-progress')).toHaveText(`step 1 of ${total}`);
  await page.keyboard.press('Space');
  await page.keyboard.press('Space');
  await expect(step).toHaveAttribute('data-status', 'done');
  // A new run on new connections: the request id starts again from 1 on a fresh server.
  await expect(followed.getByTestId('tour-sent').locator('[data-path="$.id"]')).toContainText('1');
  await expect(followed.getByTestId('tour-outcome')).toBeVisible();

  // Escape leaves presenter mode.
  await page.keyboard.press('Escape');
  await expect(presenter).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Workshop' })).toBeVisible();

  // The follower has no control that acts: none of the player's, no field to type into, no tabs;
  // its only buttons show more of a long string.
  for (const id of ['tour-next', 'tour-back', 'tour-restart', 'run-to-here', 'exercise-editor', 'copy-follower-link', 'present'])
    await expect(follower.getByTestId(id)).toHaveCount(0);
  // And it never sent the bridge anything it refused (a watch, say): no problem on the page.
  await expect(follower.getByRole('alert')).toHaveCount(0);
  for (const name of await follower.getByRole('button').allTextContents()) expect(name).toMatch(/^show all [\d,]+ characters$/);
  await expect(follower.getByRole('textbox')).toHaveCount(0);
  await expect(follower.getByRole('tab')).toHaveCount(0);
  expect(pageErrors).toEqual([]);
  expect(followerErrors).toEqual([]);
});

test("a trainer's tour from the command line plays; a tour file that is malformed, or whose server misbehaves, says so", async ({
  page,
  pageErrors,
}) => {
  const lens = await startLens({ bridgeArgs: ['--tour', 'docs/tours/first-call.tour.yaml'] });
  try {
    const printed = /(http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]+&tour=1)/.exec(lens.output())?.[1];
    expect(printed, lens.output()).toBeDefined();
    await page.goto(printed ?? '');
    // Straight onto the Workshop tab, with that tour.
    await expect(page.getByRole('tab', { name: 'Workshop' })).toHaveAttribute('aria-selected', 'true');
    const player = page.getByTestId('tour-player');
    await expect(player.locator('.tour-name')).toHaveText('A first tool call');
    await expect(player).toContainText('first-call.tour.yaml');
    const items = page.getByTestId('tour-step-item');
    const total = await items.count();
    // Run to here on the last step sends every step before it, in order.
    await items.last().getByTestId('run-to-here').click();
    await expect(page.getByTestId('tour-progress-line')).toHaveText(`step ${total} of ${total}`);
    // Every step before it done; it is shown, with its figures.
    await expect(items.and(page.locator('[data-status="done"]'))).toHaveCount(total - 1);
    await expect(page.getByTestId('tour-figures').locator('tr[data-figure="round trips"] td')).toHaveText('3');
    await page.getByTestId('tour-step-item').nth(4).getByRole('button').first().click();
    await expect(page.getByTestId('tour-checks').locator('li[data-ok="true"]')).toContainText('Echo: ');

    // Another tour, from a file: one with a mistake on line 6.
    await page.getByRole('button', { name: 'Close the tour' }).click();
    const broken = [
      'format: mcp-lens-tour',
      'version: 1',
      'title: Broken',
      'connections:',
      '  demo: { flow: handshake }',
      'steps: 12',
      '',
    ].join('\n');
    await page
      .getByTestId('tour-file')
      .setInputFiles({ name: 'broken.tour.yaml', mimeType: 'application/yaml', buffer: Buffer.from(broken) });
    const problem = page.getByTestId('tour-problem');
    await expect(problem).toBeVisible();
    await expect(problem).toContainText('broken.tour.yaml line 6');
    await expect(problem).toContainText('steps');
    await problem.getByRole('button', { name: 'Close' }).click();
    await expect(problem).toHaveCount(0);

    // A tour on a server that answers in markup: the tour's words and the server's strings are text.
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    };
    const tourOn = (script: string, steps: unknown[]): Buffer =>
      Buffer.from(
        JSON.stringify({
          format: 'mcp-lens-tour',
          version: 1,
          title: `On ${script}`,
          server: { command: process.execPath, args: [fixture(script)] },
          connections: { s: { flow: 'handshake' } },
          steps,
        }),
      );
    const step = page.getByTestId('tour-step');
    await page.getByTestId('tour-file').setInputFiles({
      name: 'hostile.tour.json',
      mimeType: 'application/json',
      buffer: tourOn('hostile.mjs', [
        {
          title: 'Markup <img src=x onerror="window.__pwned=4">',
          text: '<script>window.__pwned=5</script> **said**',
          connection: 's',
          send: initialize,
        },
      ]),
    });
    await page.getByTestId('tour-next').click();
    // The tour's own program: started once it has been seen and said yes to (tourLaunch.spec.ts).
    await page.getByTestId('tour-launch-yes').click();
    await expect(step).toHaveAttribute('data-status', 'done');
    await expect(step.getByTestId('tour-outcome').locator('[data-path="$.result.serverInfo.name"]')).toContainText('<img src=x onerror=');
    await expect(step.getByRole('heading', { level: 2 })).toHaveText('Markup <img src=x onerror="window.__pwned=4">');
    await expect(step.locator('img, script')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

    // A server that exits under a step: the step says so, and Restart plays on a fresh one.
    await page.getByRole('button', { name: 'Close the tour' }).click();
    await page.getByTestId('tour-file').setInputFiles({
      name: 'crash.tour.json',
      mimeType: 'application/json',
      buffer: tourOn('crash.mjs', [
        { title: 'initialize', connection: 's', send: initialize },
        { title: 'tools/list', connection: 's', send: { jsonrpc: '2.0', id: 2, method: 'tools/list' } },
      ]),
    });
    await page.getByTestId('tour-next').click();
    await page.getByTestId('tour-launch-yes').click();
    await expect(step).toHaveAttribute('data-status', 'done');
    await page.getByTestId('tour-next').click();
    await page.getByTestId('tour-next').click();
    await expect(step).toHaveAttribute('data-status', 'failed');
    await expect(page.getByTestId('tour-state')).toHaveText(/^Failed: the server exited: with code 3\. Restart/);
    await page.getByTestId('tour-restart').click();
    await expect(page.getByTestId('tour-progress-line')).toHaveText('step 1 of 2');
    await page.getByTestId('tour-next').click();
    await expect(step).toHaveAttribute('data-status', 'done');
    expect(pageErrors).toEqual([]);
  } finally {
    await lens.stop();
  }
});
