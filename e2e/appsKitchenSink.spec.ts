// MCP Apps that test the host (e2e/fixtures/apps-kitchen-sink.mjs): an app that tries to leave its
// sandbox (the page, the bridge's API, the token's storage, a popup) is stopped at every step; an
// app's declared CSP lets through what it declared and nothing else; a tool hidden from apps is
// refused to them; and an app that breaks the extension's rules is linted on its lane.
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './support/fixtures.js';
import { AppPage } from './pages/appPage.js';
import { ToolsPage } from './pages/toolsPage.js';

const KITCHEN_SINK = path.join(import.meta.dirname, 'fixtures', 'apps-kitchen-sink.mjs');

const test2 = test.extend<{ tools: ToolsPage }>({
  tools: async ({ page, lens }, use) => {
    const app = new AppPage(page);
    await app.open(lens.url);
    const conn = await app.connect('Handshake', { command: 'node', args: [KITCHEN_SINK] });
    await expect(conn.getByTestId('flow-pill')).toBeVisible();
    const tools = new ToolsPage(page);
    await tools.open();
    await use(tools);
  },
});

async function renderApp(page: Page, tools: ToolsPage, tool: string): Promise<{ frame: Locator; inner: ReturnType<Page['frameLocator']> }> {
  await page.getByTestId('tool-item').filter({ hasText: tool }).first().click();
  await tools.send();
  const frame = page.getByTestId('app-frame');
  const inner = page.frameLocator('[data-testid="app-iframe"]').frameLocator('iframe');
  return { frame, inner };
}

async function report(inner: ReturnType<Page['frameLocator']>, id: string): Promise<Record<string, Record<string, unknown>>> {
  await expect(inner.locator('body')).toHaveAttribute('data-report-status', 'done');
  return JSON.parse((await inner.locator(`#${id}`).textContent()) ?? '{}') as Record<string, Record<string, unknown>>;
}

test2('an app that tries to reach the page, the bridge or the token is stopped at every step', async ({ page, tools }) => {
  const { inner } = await renderApp(page, tools, 'escape-app');
  const escape = await report(inner, 'escape-report');
  const tried = [
    'parent-document',
    'top-document',
    'top-location',
    'cookie',
    'local-storage',
    'session-storage',
    'popup',
    'host-fetch',
    'host-fetch-no-cors',
  ];
  expect(Object.keys(escape).sort()).toEqual([...tried].sort());
  for (const name of tried) expect(escape[name]?.blocked, `${name}: ${String(escape[name]?.detail)}`).toBe(true);
  await expect(inner.locator('body')).toHaveAttribute('data-escaped', '');
  // It found the page's origin, so the fetches to the bridge's API were real attempts.
  await expect(inner.locator('body')).toHaveAttribute('data-host-origin', new URL(page.url()).origin);
  // The page it tried to reach is untouched, its token in place.
  expect(await page.evaluate(() => document.cookie)).not.toContain('kitchen-sink');
});

test2('a declared CSP lets the declared origins through and blocks the rest', async ({ page, tools }) => {
  const { frame, inner } = await renderApp(page, tools, 'csp-app');
  const csp = await report(inner, 'csp-report');
  expect(csp['fetch-undeclared']).toBe('blocked-by-csp');
  expect(csp['img-undeclared']).toBe('blocked-by-csp');
  // Offline the declared origins do not answer, but the policy let the attempt out.
  expect(csp['fetch-declared']).not.toBe('blocked-by-csp');
  expect(csp['img-declared']).not.toBe('blocked-by-csp');
  await frame.locator('summary', { hasText: 'Content-Security-Policy' }).click();
  await expect(frame.getByTestId('app-csp')).toContainText("connect-src 'self' https://");
});

test2('a tool hidden from apps is refused to the app; an app-only one is served', async ({ page, tools }) => {
  await expect(page.getByTestId('tool-item').filter({ hasText: 'app-only-tool' })).toContainText('app only');
  const { frame, inner } = await renderApp(page, tools, 'visibility-app');
  await frame.getByTestId('app-call-allow-session').click();
  const seen = await report(inner, 'visibility-report');
  expect(seen['app-only-tool']?.answer).toBe('result');
  expect(seen['model-only-tool']?.answer).toBe('error');
  expect(JSON.stringify(seen['model-only-tool'])).toContain('not visible to apps');
});

test2('an app that breaks the rules is linted on its lane', async ({ page, tools }) => {
  const { frame, inner } = await renderApp(page, tools, 'bad-app');
  const bad = await report(inner, 'bad-report');
  // Served nothing before it initialized, and no JavaScript link.
  expect(bad['request-before-initialize']?.answer).toBe('error');
  expect(bad['open-link-javascript']?.answer).not.toBe('none');
  await expect(frame.getByTestId('app-problems')).toContainText('not JSON-RPC');
  const app = new AppPage(page);
  for (const [method, rule] of [
    ['ui/initialize', 'app-protocol-version'],
    ['ui/notifications/size-changed', 'app-size-changed'],
    ['ui/open-link', 'app-open-link-url'],
    ['ui/message', 'app-message-shape'],
  ] as const) {
    await app.showOnly(`method:${method}`);
    const detail = await app.selectRow(app.row(method).first());
    await expect(detail.getByTestId('findings'), method).toContainText(rule);
  }
});
