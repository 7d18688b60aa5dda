import { test, expect } from './support/fixtures.js';
import { fixture } from './support/lens.js';
import { AppPage } from './pages/appPage.js';
import { ToolsPage } from './pages/toolsPage.js';

// A server counting ids in 64-bit integers pings during tools/call with 9007199254740993 and
// 9007199254740992; it answers the call only when each ping came back with its own digits.
test('the app answers pings with ids past 2^53 digit for digit, so the call completes', async ({ page, lens }) => {
  const app = new AppPage(page);
  await app.open(lens.url);
  const conn = await app.connect('Handshake', { command: 'node', args: [fixture('big-ids.mjs')] });
  await expect(conn.getByTestId('flow-pill')).toHaveText(/handshake/);
  const tools = new ToolsPage(page);
  await tools.open();
  await tools.pick('x');
  await tools.send();
  await expect(tools.result.getByTestId('block-text')).toContainText('both pings answered with their exact ids');
});
