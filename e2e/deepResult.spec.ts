import { test, expect } from './support/fixtures.js';
import { fixture } from './support/lens.js';
import { AppPage } from './pages/appPage.js';
import { ToolsPage } from './pages/toolsPage.js';

test('a result nested too deep to read says what came could not be shown, never "undefined"', async ({ page, lens }) => {
  const app = new AppPage(page);
  await app.open(lens.url);
  const conn = await app.connect('Handshake', { command: 'node', args: [fixture('deep.mjs'), '--call-only'] });
  await expect(conn.getByTestId('flow-pill')).toHaveText(/handshake/);
  const tools = new ToolsPage(page);
  await tools.open();
  await tools.pick('deep');
  await tools.send();
  const invalid = tools.result.getByTestId('invalid-response');
  await expect(invalid).toContainText('nests deeper than 512 levels');
  await expect(invalid).toContainText('What came is not shown here: it nests too deep to read. Its line, as it came, is in the timeline.');
  await expect(invalid).not.toContainText('undefined');
});
