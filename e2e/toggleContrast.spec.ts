// A pressed toggle (the tab shown, "Follow live" on) stays readable with the pointer on it, in
// the light theme and in the dark: its text against its background has at least the 4.5:1
// contrast WCAG asks of body text. It read white on light gray under the pointer.
import type { Locator } from '@playwright/test';
import { test, expect } from './support/fixtures.js';
import { atEachViewport } from './support/viewports.js';
import { AppPage } from './pages/appPage.js';

/** WCAG relative luminance of an `rgb(…)`/`rgba(…)` colour as computed styles give it. */
function luminance(css: string): number {
  const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

/** The toggle's text and background colours with the pointer on it. */
async function hoveredColours(toggle: Locator): Promise<{ color: string; background: string }> {
  await toggle.hover();
  await expect.poll(() => toggle.evaluate((el) => el.matches(':hover'))).toBe(true);
  return toggle.evaluate((el) => {
    const style = getComputedStyle(el);
    return { color: style.color, background: style.backgroundColor };
  });
}

atEachViewport(
  () => {
    test('pressed toggles keep a readable contrast under the pointer, in light and in dark', async ({ page, lens }) => {
      const app = new AppPage(page);
      await app.open(lens.url);
      const conn = await app.connect('Stateless');
      await expect(conn.getByTestId('flow-pill')).toBeVisible();
      await app.showTimeline();
      const tab = page.getByRole('tab', { name: 'Timeline' });
      const follow = page.getByTestId('waterfall-follow');
      await expect(follow).toBeEnabled();
      await expect(follow).toHaveAttribute('aria-pressed', 'true');

      for (const theme of ['light', 'dark'] as const) {
        if (theme === 'dark') await page.getByRole('button', { name: 'Switch to dark theme' }).click();
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        for (const toggle of [tab, follow]) {
          const { color, background } = await hoveredColours(toggle);
          expect(contrast(color, background), `${theme}: ${color} on ${background}`).toBeGreaterThanOrEqual(4.5);
        }
      }
    });
  },
  { layout: true },
);
