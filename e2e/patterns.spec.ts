import { test, expect } from './support/fixtures.js';
import { fixture } from './support/lens.js';
import { AppPage } from './pages/appPage.js';
import { ToolsPage } from './pages/toolsPage.js';

// ^(a+)+$ against 40 `a` and a `!` is 2^40 steps on a backtracking engine: without RE2 the
// page would not answer another click for hours.
const BOMB = `${'a'.repeat(40)}!`;

test("a server's patterns that backtrack without end neither freeze the form nor the verdict; one with lookahead is named as unchecked", async ({
  page,
  lens,
}) => {
  const app = new AppPage(page);
  await app.open(lens.url);
  const conn = await app.connect('Handshake', { command: 'node', args: [fixture('regex-bomb.mjs')] });
  await expect(conn.getByTestId('flow-pill')).toHaveText(/handshake/);
  const tools = new ToolsPage(page);
  await tools.open();
  await tools.pick('bomb');

  // The arguments are checked against the inputSchema's pattern before they are sent.
  await tools.field('tool-bomb_code').fill(BOMB);
  await tools.send();
  await expect(tools.runner.getByTestId('args-problems')).toContainText('/code must match pattern "^(a+)+$"');
  await tools.field('tool-bomb_code').fill('aaaa');
  await tools.send();

  const verdict = tools.result.getByTestId('verdict');
  await expect(verdict).toHaveText('✕ does not match outputSchema');
  await expect(tools.result.getByTestId('structured')).toContainText('/code must match pattern "^(a+)+$"');
  await expect(tools.result.getByTestId('verdict-unchecked')).toHaveText('pattern "^(?=(a+)+$)" not checked: it uses lookaround');

  // The page answers at once: the theme toggle flips.
  const toggle = page.getByRole('button', { name: /Switch to (light|dark) theme/ });
  const before = await toggle.getAttribute('aria-label');
  await toggle.click();
  await expect(toggle).not.toHaveAttribute('aria-label', before ?? '');
});
