/**
 * A workshop in a real room: started with `--followers 0.0.0.0:0`, presenter mode shows the
 * learners' link on the second listener (the machine's LAN address, a port and a token of its
 * own) as a QR code and as text, and a page opened from that link, in a browser of its own,
 * follows the presenter's steps, including the messages they send and their answers.
 */
import { atEachViewport } from './support/viewports.js';
import { test, expect } from './support/fixtures.js';
import { startLens } from './support/lens.js';

atEachViewport(
  () => {
    test("presenter mode shows the room's link as a QR code and text, and a learner follows through it", async ({
      page,
      browser,
      pageErrors,
    }) => {
      const lens = await startLens({ bridgeArgs: ['--followers', '0.0.0.0:0'] });
      const learnerContext = await browser.newContext();
      try {
        await page.goto(lens.url);
        await expect(page.getByTestId('socket-status')).toHaveText('bridge connected');
        await page.getByRole('tab', { name: 'Workshop' }).click();
        await page.getByTestId('play-builtin').click();
        const total = await page.getByTestId('tour-step-item').count();
        await page.keyboard.press('p');
        const presenter = page.getByTestId('presenter');
        await expect(presenter).toBeVisible();

        const qr = presenter.getByTestId('room-link-qr');
        await expect(qr).toBeVisible();
        const box = await qr.boundingBox();
        expect(box?.width ?? 0).toBeGreaterThanOrEqual(100);
        const text = (await presenter.getByTestId('room-link-url').textContent()) ?? '';
        const link = new URL(text);
        // The LAN listener's address: not loopback, not the main bridge's port, nor its token.
        expect(['127.0.0.1', 'localhost', '[::1]']).not.toContain(link.hostname);
        expect(link.port).not.toBe(String(lens.port));
        expect(link.hash).toMatch(/^#token=[\w-]+&follow=1$/);
        expect(text).not.toContain(lens.token);
        expect(lens.output()).toContain(`followers: ${link.origin}/`);

        const learner = await learnerContext.newPage();
        const learnerErrors: string[] = [];
        learner.on('pageerror', (e) => learnerErrors.push(e.message));
        await learner.goto(text);
        const followed = learner.getByTestId('follower');
        await expect(learner.getByTestId('follower-progress')).toHaveText(`step 1 of ${total}`);
        await page.keyboard.press('Space');
        await expect(presenter.getByTestId('presenter-progress')).toHaveText(`step 2 of ${total}`);
        await expect(learner.getByTestId('follower-progress')).toHaveText(`step 2 of ${total}`);
        await page.keyboard.press('PageDown');
        await expect(followed.getByTestId('tour-outcome').locator('[data-path="$.result.protocolVersion"]')).toContainText('2025-11-25');
        // Read-only: nothing on the learner's page acts, and it sent nothing the bridge refused.
        await expect(learner.getByRole('alert')).toHaveCount(0);
        await expect(learner.getByRole('textbox')).toHaveCount(0);
        expect(learnerErrors).toEqual([]);
        expect(pageErrors).toEqual([]);
      } finally {
        await learnerContext.close();
        await lens.stop();
      }
    });
  },
  { layout: true },
);
