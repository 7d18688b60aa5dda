/**
 * Files in the journal folder that are not plain journals, opened from the sidebar's earlier
 * sessions: what the user reads is what the file is, or what is actually wrong with it.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect } from './support/fixtures.js';
import { binJs, fixture, startLens } from './support/lens.js';
import { AppPage } from './pages/appPage.js';

const DEEP = '['.repeat(600) + ']'.repeat(600);

/** A session file recorded by `mcp-lens call --record`, as a user would have one. */
function recordSessionFile(dir: string): string {
  const file = path.join(dir, 'recorded.mcplens.json');
  spawnSync(process.execPath, [binJs, 'call', '--method', 'tools/list', '--record', file, '--', 'node', fixture('non-json.mjs')], {
    encoding: 'utf8',
  });
  expect(fs.existsSync(file)).toBe(true);
  return file;
}

test('a session file saved into the journal folder opens from the sidebar with its events', async ({ page }) => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-e2e-'));
  const journal = path.join(home, 'journal');
  fs.mkdirSync(journal);
  const recorded = recordSessionFile(home);
  const session = JSON.parse(fs.readFileSync(recorded, 'utf8')) as { events: unknown[] };
  // As exported (pretty-printed), and as one line: both are session files named like journals.
  fs.copyFileSync(recorded, path.join(journal, '2026-01-01T00-00-01-aaaaa1.jsonl'));
  fs.writeFileSync(path.join(journal, '2026-01-01T00-00-02-aaaaa2.jsonl'), `${JSON.stringify(session)}\n`);
  const lens = await startLens({ home });
  try {
    const app = new AppPage(page);
    await app.open(lens.url);
    const past = page.getByTestId('past-sessions');
    for (const id of ['2026-01-01T00-00-01-aaaaa1', '2026-01-01T00-00-02-aaaaa2']) {
      await past.getByRole('button', { name: id }).click();
      await expect(page.getByTestId('archive-banner')).toContainText(`${session.events.length} events`);
      await expect(app.row('tools/list').first()).toHaveAttribute('data-status', 'ok');
      await expect(page.getByRole('alert')).toHaveCount(0);
      await page.getByRole('button', { name: 'Back to the live session' }).click();
    }
  } finally {
    await lens.stop();
  }
});

test('a journal whose last line nests too deep says so, with or without its final newline', async ({ page }) => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-e2e-'));
  const journal = path.join(home, 'journal');
  fs.mkdirSync(journal);
  const session = JSON.parse(fs.readFileSync(recordSessionFile(home), 'utf8')) as { events: unknown[] };
  const lines = session.events.map((e) => `${JSON.stringify(e)}\n`).join('');
  fs.writeFileSync(path.join(journal, '2026-01-01T00-00-03-aaaaa3.jsonl'), `${lines}${DEEP}\n`);
  fs.writeFileSync(path.join(journal, '2026-01-01T00-00-04-aaaaa4.jsonl'), `${lines}${DEEP}`);
  const deepLine = session.events.length + 1;
  const lens = await startLens({ home });
  try {
    const app = new AppPage(page);
    await app.open(lens.url);
    const past = page.getByTestId('past-sessions');
    for (const id of ['2026-01-01T00-00-03-aaaaa3', '2026-01-01T00-00-04-aaaaa4']) {
      await past.getByRole('button', { name: id }).click();
      await expect(page.getByTestId('archive-banner')).toContainText(`${session.events.length} events`);
      await expect(past.getByRole('alert')).toHaveText(
        `1 damaged line(s): line ${deepLine}: nests deeper than 512 levels, and is not read`,
      );
      const timeline = page.getByTestId('timeline');
      await expect(timeline.getByRole('alert')).toContainText('nests deeper than 512 levels');
      await expect(page.getByText(/mid-write/)).toHaveCount(0);
      await page.getByRole('button', { name: 'Back to the live session' }).click();
    }
  } finally {
    await lens.stop();
  }
});

test('files in the journal folder not named as its sessions are said, not listed to fail on a click', async ({ page }) => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-e2e-'));
  const journal = path.join(home, 'journal');
  fs.mkdirSync(journal);
  const recorded = recordSessionFile(home);
  fs.copyFileSync(recorded, path.join(journal, 'recorded.jsonl'));
  fs.copyFileSync(recorded, path.join(journal, 'exported.mcplens.json'));
  const lens = await startLens({ home });
  try {
    const app = new AppPage(page);
    await app.open(lens.url);
    const past = page.getByTestId('past-sessions');
    await expect(past.getByTestId('misnamed-journals')).toHaveText(
      '2 file(s) in the journal folder are not named as its sessions are, and are not listed: exported.mcplens.json, recorded.jsonl (Open a file… reads them)',
    );
    await expect(past.getByRole('button', { name: 'recorded' })).toHaveCount(0);
  } finally {
    await lens.stop();
  }
});
