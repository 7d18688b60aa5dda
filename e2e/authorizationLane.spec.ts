// The authorization lane: every step of an OAuth flow is a row of its own, shown alone with one
// click; a step's detail is its masked HTTP request or response, its verdict and the spec's
// words with a link to the page. A session file holds the flows (e2e/support/authSession.ts).
import { test, expect } from './support/fixtures.js';
import { atEachViewport } from './support/viewports.js';
import { AppPage } from './pages/appPage.js';
import { TimelinePage } from './pages/timelinePage.js';
import { BAD_RUN, GOOD_RUN, HOSTILE, MISMATCH, authSessionFile } from './support/authSession.js';

atEachViewport(() => {
  test('the authorization lane shows each step as a row, a failed one as an error, its detail masked and linked to the spec', async ({
    page,
    lens,
    pageErrors,
  }) => {
    await new AppPage(page).open(lens.url);
    await page
      .getByTestId('open-session-file')
      .setInputFiles({ name: 'auth.mcplens.json', mimeType: 'application/json', buffer: Buffer.from(authSessionFile()) });
    await expect(page.getByTestId('archive-banner')).toBeVisible();

    // One click leaves the lane alone: a row per step of both runs, none of the spawns.
    const timeline = new TimelinePage(page);
    await page.getByTestId('timeline-auth-lane').click();
    await expect(page.getByTestId('timeline-auth-lane')).toHaveAttribute('aria-pressed', 'true');
    await expect(timeline.stats).toHaveAttribute('data-matching', String(GOOD_RUN.length + BAD_RUN.length));
    await expect(timeline.rows.first()).toBeVisible();
    await expect(page.locator('[data-testid="timeline-row"]:not([data-kind="auth"])')).toHaveCount(0);
    const rows = timeline.rows;
    await expect(
      rows.filter({ hasText: 'auth · server-metadata ⇠ 200 GET https://as.example/.well-known/oauth-authorization-server' }),
    ).toHaveCount(1);
    await expect(
      rows.filter({ hasText: 'auth · resource-metadata ⇢ GET https://mcp.example/.well-known/oauth-protected-resource/mcp' }),
    ).toHaveCount(1);

    // A request's detail: method, URL, headers and body as masked in the journal.
    await timeline.select(rows.filter({ hasText: 'auth · token ⇢ POST https://as.example/token' }));
    const detail = timeline.detail;
    const http = detail.getByTestId('auth-http');
    await expect(http).toContainText('POST https://as.example/token');
    await expect(http).toContainText('content-type: application/x-www-form-urlencoded');
    await expect(http).toContainText('code=[redacted]&code_verifier=[redacted]');

    // The broken server's run: its failed step is an error row; its detail says why, and what the spec requires, linked.
    await timeline.toggleFacet('conn', 'h2');
    await expect(timeline.stats).toHaveAttribute('data-matching', String(BAD_RUN.length));
    const failed = page.locator('[data-testid="timeline-row"][data-status="error"]');
    await expect(failed).toHaveCount(1);
    await expect(failed).toContainText(`auth · resource-metadata ✗ ${MISMATCH}`);
    await failed.click();
    await expect(detail.getByTestId('auth-verdict')).toContainText(MISMATCH);
    await expect(detail.getByTestId('detail-status')).toHaveText('this step of the authorization failed');
    await expect(detail.getByTestId('auth-spec')).toContainText('MUST match the server the client is connecting to');
    const link = detail.getByTestId('auth-spec-link');
    await expect(link).toHaveAttribute(
      'href',
      'https://modelcontextprotocol.io/specification/2025-11-25/basic/authorization#authorization-server-location',
    );
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');

    // What a server wrote stays text, and a javascript: spec URL is no link.
    await rows.filter({ hasText: 'auth · resource-metadata ⇠ 200 GET https://b.example/' }).click();
    await expect(detail.getByTestId('auth-verdict')).toContainText(HOSTILE);
    await expect(detail.getByTestId('auth-spec')).toContainText('javascript: is never a link');
    await expect(detail.getByTestId('auth-spec-link')).toHaveCount(0);
    await expect(page.locator('img')).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __ran?: number }).__ran)).toBeUndefined();

    // The chip again: the spawns are back.
    await timeline.toggleFacet('conn', 'h2');
    await page.getByTestId('timeline-auth-lane').click();
    await expect(timeline.stats).toHaveAttribute('data-matching', String(GOOD_RUN.length + BAD_RUN.length + 2));
    expect(pageErrors).toEqual([]);
  });
});
