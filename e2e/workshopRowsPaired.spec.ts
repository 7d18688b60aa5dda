/**
 * The workshop launches a server and sends its first line in the same moment. Whatever order the
 * bridge meets them in, the timeline pairs each of the tour's requests with its answer: no
 * "unanswered" request, no orphan response, and no lint finding, in the handshake flow
 * (initialize) and in the stateless flow (server/discover).
 */
import { test, expect } from './support/fixtures.js';
import { atEachViewport } from './support/viewports.js';
import { TimelinePage } from './pages/timelinePage.js';

atEachViewport(() => {
  test('the tour’s first requests of both flows are paired with their answers on the timeline, with no finding', async ({
    page,
    lens,
    pageErrors,
  }) => {
    await page.goto(lens.url);
    await expect(page.getByTestId('socket-status')).toHaveText('bridge connected');
    await page.getByRole('tab', { name: 'Workshop' }).click();
    await page.getByTestId('play-builtin').click();
    const step = page.getByTestId('tour-step');
    const next = page.getByTestId('tour-next');
    const items = page.getByTestId('tour-step-item');

    // Each flow's first step: its connection is launched and the line sent at once.
    for (const title of ['Handshake flow: initialize', 'Stateless flow: server/discover']) {
      await items.filter({ hasText: title }).getByRole('button', { name: title }).click();
      await expect(step.locator('.tour-title')).toHaveText(title);
      await next.click();
      await expect(step).toHaveAttribute('data-status', 'done');
    }

    const tl = new TimelinePage(page);
    await tl.open();
    await tl.indexedAll();
    for (const method of ['initialize', 'server/discover']) {
      await tl.toggleFacet('method', method);
      await expect(tl.rows).toHaveCount(1);
      await expect(tl.rows).toHaveAttribute('data-kind', 'request');
      await expect(tl.rows).toHaveAttribute('data-status', 'ok');
      await tl.toggleFacet('method', method);
    }
    await tl.unfiltered();
    // Nowhere an orphan response or a request left unanswered: the facets list no such value.
    for (const [facet, absent] of [
      ['kind', 'orphan-response'],
      ['status', 'orphan'],
      ['status', 'unanswered'],
    ] as const) {
      await tl.facet(facet).click();
      await expect(page.getByTestId('timeline-facet-value').first()).toBeVisible();
      await expect(page.locator(`[data-testid="timeline-facet-value"][data-value="${absent}"]`)).toHaveCount(0);
      await tl.facet(facet).click();
    }
    // And no lint finding, once lint has read every line.
    await expect(page.getByTestId('timeline-linting')).toHaveCount(0);
    await tl.findingsOnly(true);
    await expect(tl.stats).toHaveAttribute('data-matching', '0');
    expect(pageErrors).toEqual([]);
  });
});
