// The detail pane shows the exact line, even one that is not JSON or not UTF-8, and copies
// the row as JSON and as the raw line.
import { test, expect } from './support/fixtures.js';
import { AppPage } from './pages/appPage.js';
import { TimelinePage } from './pages/timelinePage.js';
import { fixture } from './support/lens.js';
import { directStdout, splitWire } from './support/direct.js';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const clipboard = (tl: TimelinePage): Promise<string> => tl.page.evaluate(() => navigator.clipboard.readText());

test('a line that is not JSON: its exact text, copied as it was', async ({ page, lens }) => {
  const app = new AppPage(page);
  await app.open(lens.url);
  const conn = await app.connect('Handshake', { command: 'node', args: [fixture('non-json.mjs')] });
  await expect(conn.getByTestId('flow-pill')).toBeVisible();
  const tl = new TimelinePage(page);
  await tl.open();
  await tl.indexedAll();
  // The invalid line's row (the connect note that names the line quotes it too).
  const row = tl.row({ kind: 'invalid' }).filter({ hasText: 'Server starting... (not JSON)' });
  await expect(row).toHaveAttribute('data-kind', 'invalid');
  await expect(row).toHaveAttribute('data-status', 'invalid');
  await tl.select(row);
  await expect(tl.exactLine).toHaveText('Server starting... (not JSON)');
  await tl.detail.getByTestId('copy-line').click();
  await expect.poll(() => clipboard(tl)).toBe('Server starting... (not JSON)');

  // A JSON row copies as JSON that parses back to what was on the wire.
  const init = tl.row({ method: 'initialize' });
  await tl.select(init);
  await tl.detail.getByTestId('copy-json').click();
  await expect.poll(async () => (await clipboard(tl)).includes('"initialize"')).toBe(true);
  const copied = JSON.parse(await clipboard(tl)) as unknown;
  expect(JSON.stringify(copied)).toContain('"protocolVersion":"2025-11-25"');
});

test('lines that are not UTF-8: each one exact, its bad bytes visible', async ({ page, lens }) => {
  const wire = splitWire(await directStdout(fixture('invalid-utf8.mjs')));
  const app = new AppPage(page);
  await app.open(lens.url);
  const conn = await app.connect('Handshake', { command: 'node', args: [fixture('invalid-utf8.mjs')] }, { launchOnly: true });
  const id = (await conn.getAttribute('data-conn')) ?? '';
  const tl = new TimelinePage(page);
  await tl.open();
  // The fixture writes four lines on stdout and the same four on stderr.
  await tl.indexedAll(2 + 2 * wire.length);
  await tl.toggleFacet('conn', id);
  // On stdout none of the four is JSON-RPC (three are not even UTF-8): four invalid rows. On
  // stderr the four come as a burst: rows that hold them all, each line exact in the detail.
  for (const kind of ['invalid', 'stderr'] as const) {
    await tl.toggleFacet('kind', kind);
    if (kind === 'invalid') await expect(tl.rows).toHaveCount(wire.length);
    let i = 0;
    for (const row of await tl.rows.all()) {
      await tl.select(row);
      const held = Number(await row.getAttribute('data-events'));
      await expect(tl.exactLine).toHaveCount(held);
      for (let j = 0; j < held; j++, i++) {
        const bytes = (wire[i] ?? Buffer.alloc(0)).subarray(0, -1); // without the "\n"
        await expect(tl.exactLine.nth(j)).toHaveText(shown(bytes));
        await expect(tl.exactLine.nth(j)).toHaveAttribute('data-encoding', isUtf8(bytes) ? 'utf-8' : 'bytes');
        await expect(tl.detail.getByTestId('detail-size').nth(j)).toHaveText(`${bytes.length} bytes`);
      }
    }
    expect(i).toBe(wire.length);
    await tl.toggleFacet('kind', kind);
  }
});

function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** How a line should read: each character that decodes, as itself; each byte that does not, as \xNN. */
function shown(bytes: Buffer): string {
  let out = '';
  for (let i = 0; i < bytes.length;) {
    const n = [1, 2, 3, 4].find((len) => i + len <= bytes.length && isUtf8(bytes.subarray(i, i + len)));
    if (n === undefined) {
      out += `\\x${(bytes[i] ?? 0).toString(16).padStart(2, '0')}`;
      i++;
    } else {
      out += bytes.subarray(i, i + n).toString('utf8');
      i += n;
    }
  }
  return out;
}
