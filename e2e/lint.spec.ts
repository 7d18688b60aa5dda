// Lint in the browser bundle: the vendored official JSON Schema is bundled and compiles in the
// app, and a finding cites the page of the session's own revision.
import { test, expect } from './support/fixtures.js';
import { AppPage } from './pages/appPage.js';

test('a message the official schema rejects is flagged, citing the 2025-11-25 schema in a handshake session', async ({ page, lens }) => {
  const app = new AppPage(page);
  await app.open(lens.url);
  const conn = await app.connect('Handshake');
  await expect(conn.getByTestId('flow-pill')).toHaveText(/handshake/);
  // No handwritten rule knows logging levels; the schema does.
  const raw = '{"jsonrpc":"2.0","id":90,"method":"logging/setLevel","params":{"level":"loud"}}';
  await app.sendRaw(conn, raw);
  const row = app.rows.filter({ hasText: '"level":"loud"' });
  await expect(row.getByTestId('finding-flag')).toBeVisible();
  const detail = await app.selectRow(row);
  const findings = detail.getByTestId('findings');
  await expect(findings).toContainText('schema-violation');
  await expect(findings).toContainText('/params/level must be one of');
  await expect(findings.getByRole('link', { name: 'spec' })).toHaveAttribute(
    'href',
    'https://modelcontextprotocol.io/specification/2025-11-25/schema',
  );
});
