// The sequence diagram of an authorization run: four participants, one line per step in order
// (requests out, responses back, the browser step, the retry), the failed step highlighted with
// its sentence; a step picked by mouse or keyboard selects its row; both themes draw it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { test, expect } from './support/fixtures.js';
import { binJs, root } from './support/lens.js';
import { atEachViewport } from './support/viewports.js';
import { AppPage } from './pages/appPage.js';
import { TimelinePage } from './pages/timelinePage.js';
import { BAD_RUN, GOOD_RUN, MISMATCH, authSessionFile } from './support/authSession.js';

atEachViewport(
  () => {
    test('an authorization run is drawn step by step between its four participants, and a step selects its row', async ({
      page,
      lens,
      pageErrors,
    }) => {
      await new AppPage(page).open(lens.url);
      await page
        .getByTestId('open-session-file')
        .setInputFiles({ name: 'auth.mcplens.json', mimeType: 'application/json', buffer: Buffer.from(authSessionFile()) });
      await expect(page.getByTestId('archive-banner')).toBeVisible();
      const timeline = new TimelinePage(page);
      await page.getByTestId('timeline-auth-lane').click();
      await timeline.toggleFacet('conn', 'h1');
      await timeline.select(timeline.rows.first());

      const diagram = page.getByTestId('auth-diagram');
      await expect(diagram.getByTestId('auth-participant')).toHaveText(['MCP Lens', 'MCP server', 'Authorization server', 'Browser']);
      const steps = diagram.getByTestId('auth-step');
      await expect(steps).toHaveCount(GOOD_RUN.length);
      // Who talks to whom, step by step: the challenge and metadata at the MCP server, discovery,
      // registration and the token at the authorization server, the browser, then the retry.
      const arrows = await steps.evaluateAll((els) => els.map((el) => `${el.getAttribute('data-from')}>${el.getAttribute('data-to')}`));
      expect(arrows).toEqual([
        'server>client',
        'client>server',
        'server>client',
        'client>as',
        'as>client',
        'as>as',
        'client>as',
        'as>client',
        'client>browser',
        'browser>browser',
        'client>as',
        'as>client',
        'client>server',
        'server>client',
      ]);
      await expect(steps.nth(4)).toContainText('server-metadata: 200');
      await expect(steps.nth(0)).toHaveAttribute('aria-current', 'step');
      await expect(diagram.getByTestId('auth-failed-sentence')).toHaveCount(0);

      // A click on the token response selects its row; the keyboard reaches the retry and picks it.
      await steps.nth(11).click();
      await expect(timeline.detail.getByTestId('auth-verdict')).toContainText('a bearer token');
      await expect(page.locator('[data-testid="timeline-row"][aria-selected="true"]')).toContainText(
        'auth · token ⇠ 200 POST https://as.example/token',
      );
      await expect(diagram.getByTestId('auth-step').nth(11)).toHaveAttribute('aria-current', 'step');
      await diagram.getByTestId('auth-step').nth(11).focus();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await expect(timeline.detail.getByTestId('auth-verdict')).toContainText('the MCP request again, with the token');
      await expect(diagram.getByTestId('auth-step').nth(12)).toHaveAttribute('aria-current', 'step');

      // The broken server's run: the failed step is marked, with its one sentence.
      await timeline.toggleFacet('conn', 'h1');
      await timeline.toggleFacet('conn', 'h2');
      await timeline.select(timeline.rows.first());
      await expect(diagram.getByTestId('auth-step')).toHaveCount(BAD_RUN.length);
      await expect(diagram.getByTestId('auth-failed-sentence')).toHaveText(`resource-metadata failed: ${MISMATCH}`);
      const failed = diagram.locator('[data-testid="auth-step"][data-failed="true"]');
      await expect(failed).toHaveCount(1);
      await expect(failed).toHaveAttribute(
        'aria-label',
        new RegExp(`resource-metadata: failed, at MCP server: ${MISMATCH.replace(/[.]/g, '\\.')}`),
      );

      // Both themes: the failed step is drawn in the theme's own "bad" colour, on its own background.
      const colours = async () =>
        failed.evaluate((el) => ({
          color: getComputedStyle(el).color,
          bad: getComputedStyle(document.documentElement).getPropertyValue('--bad').trim(),
        }));
      const light = await colours();
      await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).click();
      const dark = await colours();
      expect(light.bad).not.toBe(dark.bad);
      for (const c of [light, dark]) {
        const [r, g, b] = [1, 3, 5].map((i) => parseInt(c.bad.slice(i, i + 2), 16));
        expect(c.color).toBe(`rgb(${r}, ${g}, ${b})`);
      }
      expect(pageErrors).toEqual([]);
    });
  },
  { layout: true },
);

test('the HTML viewer of a session draws its authorization runs too', async ({ page }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-auth-'));
  const session = path.join(dir, 'auth.mcplens.json');
  const html = path.join(dir, 'auth.mcplens.html');
  fs.writeFileSync(session, authSessionFile());
  const run = spawnSync(process.execPath, [binJs, 'view', session, '--html', html], { cwd: root, encoding: 'utf8' });
  expect(run.status, run.stdout + run.stderr).toBe(0);
  await page.goto(pathToFileURL(html).href);
  const timeline = new TimelinePage(page);
  await page.getByTestId('timeline-auth-lane').click();
  await timeline.select(timeline.rows.first());
  await expect(page.getByTestId('auth-diagram').getByTestId('auth-step')).toHaveCount(GOOD_RUN.length);
  fs.rmSync(dir, { recursive: true, force: true });
});
