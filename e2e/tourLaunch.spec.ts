/**
 * A tour travels from trainer to learner, and its `server: {command, args, env}` is a program
 * started on the learner's computer. Before the first launch the page shows what it runs (command,
 * arguments, env names and never values, working directory) and starts it only on a yes, from
 * the tour's controls and from presenter mode alike. The built-in demo server is never asked about.
 */
import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from './support/fixtures.js';
import { fixture, root } from './support/lens.js';
import type { Lens } from './support/lens.js';
import type { Page } from '@playwright/test';

const SECRET = 'value-that-stays-hidden';

function tourOnProgram(): Buffer {
  return Buffer.from(
    JSON.stringify({
      format: 'mcp-lens-tour',
      version: 1,
      title: 'Runs a program',
      server: { command: process.execPath, args: [fixture('args-echo.mjs'), 'one arg'], env: { LENS_TEST_VAR: SECRET } },
      connections: { s: { flow: 'handshake' } },
      steps: [{ title: 'ping', connection: 's', send: { jsonrpc: '2.0', id: 1, method: 'ping' } }],
    }),
  );
}

/** How many servers the bridge has started, from its journal. */
function spawns(lens: Lens): number {
  const dir = path.join(lens.home, 'journal');
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .flatMap((f) => fs.readFileSync(path.join(dir, f), 'utf8').split('\n'))
    .filter((line) => line.includes('"kind":"spawn"')).length;
}

async function openTour(page: Page, lens: Lens): Promise<void> {
  await page.goto(lens.url);
  await expect(page.getByTestId('socket-status')).toHaveText('bridge connected');
  await page.getByRole('tab', { name: 'Workshop' }).click();
  await page.getByTestId('tour-file').setInputFiles({ name: 'theirs.tour.json', mimeType: 'application/json', buffer: tourOnProgram() });
  await expect(page.getByTestId('tour-player').locator('.tour-name')).toHaveText('Runs a program');
}

test("a tour's own program starts only after the learner has seen it and said yes", async ({ page, lens, pageErrors }) => {
  await openTour(page, lens);
  const step = page.getByTestId('tour-step');
  const ask = page.getByTestId('tour-launch-confirm');

  await page.getByTestId('tour-next').click();
  await expect(ask).toBeVisible();
  await expect(ask.getByTestId('tour-launch-command')).toHaveText(JSON.stringify(process.execPath));
  await expect(ask.getByTestId('tour-launch-args').locator('li')).toHaveText([JSON.stringify(fixture('args-echo.mjs')), '"one arg"']);
  await expect(ask.getByTestId('tour-launch-env')).toContainText('LENS_TEST_VAR');
  await expect(ask.getByTestId('tour-launch-env')).toContainText('values not shown');
  await expect(ask).not.toContainText(SECRET);
  // The bridge runs from the repository here (support/lens.ts): a server without a cwd runs there.
  await expect(ask.getByTestId('tour-launch-cwd')).toHaveText(root);
  // No: nothing starts, nothing is sent.
  await ask.getByTestId('tour-launch-no').click();
  await expect(ask).toHaveCount(0);
  await expect(step).toHaveAttribute('data-status', 'unsent');

  // Asked again on the next Send; yes starts it (the fixture prints and exits, so the step fails saying so).
  await page.getByTestId('tour-next').click();
  await expect(ask).toBeVisible();
  await ask.getByTestId('tour-launch-yes').click();
  await expect(ask).toHaveCount(0);
  await expect(step).toHaveAttribute('data-status', 'failed');
  await expect(page.getByTestId('tour-state')).toContainText('exited');
  // One program started: the one said yes to.
  expect(spawns(lens)).toBe(1);
  // Asked once per tour: Restart plays on a fresh one without asking again.
  await page.getByTestId('tour-restart').click();
  await expect(step).toHaveAttribute('data-status', 'unsent');
  await page.getByTestId('tour-next').click();
  await expect(step).toHaveAttribute('data-status', 'failed');
  await expect(ask).toHaveCount(0);
  await expect.poll(() => spawns(lens)).toBe(2);

  // The built-in tour plays on the demo server without a question.
  await page.getByRole('button', { name: 'Close the tour' }).click();
  await page.getByTestId('play-builtin').click();
  const items = page.getByTestId('tour-step-item');
  await items.nth(2).getByTestId('run-to-here').click();
  await expect(items.nth(1)).toHaveAttribute('data-status', 'done');
  await expect(ask).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});

test('presenter mode asks too, by keyboard: Escape says no and stays presenting', async ({ page, lens, pageErrors }) => {
  await openTour(page, lens);
  await page.getByTestId('present').click();
  const presenter = page.getByTestId('presenter');
  await expect(presenter).toBeVisible();
  const ask = page.getByTestId('tour-launch-confirm');
  await page.keyboard.press('Space');
  await expect(ask).toBeVisible();
  await expect(ask.getByTestId('tour-launch-no')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(ask).toHaveCount(0);
  await expect(presenter).toBeVisible();
  await expect(presenter.getByTestId('tour-step')).toHaveAttribute('data-status', 'unsent');
  await page.keyboard.press('Space');
  await expect(ask).toBeVisible();
  await ask.getByTestId('tour-launch-yes').click();
  await expect(presenter.getByTestId('tour-step')).toHaveAttribute('data-status', 'failed');
  expect(spawns(lens)).toBe(1);
  expect(pageErrors).toEqual([]);
});
