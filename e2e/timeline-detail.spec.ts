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
  const row = tl.rows.filter({ hasText: 'Server starting... (not JSON)' });
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
  await tl.toggleFacet('kind', 'invalid');
  // Three stdout lines are not UTF-8; the fourth is UTF-8 but not JSON: all four are invalid rows.
  await expect(tl.rows).toHaveCount(wire.length);
  for (let i = 0; i < wire.length; i++) {
    const bytes = (wire[i] ?? Buffer.alloc(0)).subarray(0, -1); // without the "\n"
    await tl.select(tl.rows.nth(i));
    const shown = (await tl.exactLine.textContent()) ?? '';
    if (isUtf8(bytes)) {
      expect(shown).toBe(bytes.toString('utf8'));
      continue;
    }
    // Every valid stretch is there as text, and every bad byte by its hex value.
    for (const piece of validPieces(bytes)) expect(shown).toContain(piece);
    for (const bad of invalidBytes(bytes)) expect(shown.toLowerCase()).toContain(bad.toString(16).padStart(2, '0'));
  }
});

function isUtf8(bytes: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The runs of bytes that decode cleanly, as text (runs of one printable byte or more). */
function validPieces(bytes: Buffer): string[] {
  return new TextDecoder('utf-8')
    .decode(bytes)
    .split('\uFFFD')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** The bytes a UTF-8 decoder rejects (each one that became U+FFFD), found one by one. */
function invalidBytes(bytes: Buffer): number[] {
  const bad: number[] = [];
  let i = 0;
  while (i < bytes.length) {
    let took = 0;
    for (let n = 1; n <= 4 && i + n <= bytes.length; n++) {
      if (isUtf8(bytes.subarray(i, i + n))) {
        took = n;
        break;
      }
    }
    if (took === 0) {
      bad.push(bytes[i] ?? 0);
      i++;
    } else i += took;
  }
  return bad;
}
