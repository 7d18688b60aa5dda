// The screenshot review (docs/screenshots.md): each main screen of the app at 1280×720, in the
// light theme and in the dark, as a user sees it. It builds the app if needed, starts the built
// `mcp-lens` with the demo server (the real bridge) on a free port with a journal home of its
// own, drives Chromium (scripts/chromium.mjs) through the same steps a new user takes, writes
// the PNGs to docs/screenshots/ and the review page that shows them. `npm run screenshots`.
//
// Rerunnable: the same steps in the same order give the same screens; only what the session
// itself makes up (its name, pids, times) differs from one run to the next.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from './chromium.mjs';
import { toPalette } from './pngPalette.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'docs', 'screenshots');
const reviewPage = path.join(root, 'docs', 'screenshots.md');
const VIEWPORT = { width: 1280, height: 720 };
/** Generous: a loaded 2-core machine may take this long for one step. */
const STEP_MS = 60_000;

/** The screens, in the order a new user meets them; each `show` starts where the previous one left. */
const SCREENS = [
  {
    file: 'start',
    title: 'First start',
    about: 'The app as it opens: the connect form prefilled with the demo server, nothing connected yet.',
    show: async () => undefined,
  },
  {
    file: 'tools',
    title: 'Tools',
    about: 'Connected to the demo server (handshake flow): its tools, a call of echo and its result.',
    show: async (page) => {
      await page.getByRole('radio', { name: 'Handshake' }).check();
      await page.getByRole('button', { name: 'Connect', exact: true }).click();
      await page.getByTestId('flow-pill').first().waitFor();
      await page.getByRole('tab', { name: 'Tools' }).click();
      await page.getByTestId('tool-item').filter({ hasText: 'Echo' }).first().click();
      const runner = page.getByTestId('tool-runner');
      await runner.locator('#tool-echo_message').fill('Hello from the screenshot review');
      await runner.getByTestId('send').click();
      await page.getByTestId('result').getByTestId('block-text').first().waitFor();
    },
  },
  {
    file: 'resources',
    title: 'Resources',
    about: 'A resource read: its contents beside the list of resources and templates.',
    show: async (page) => {
      await page.getByRole('tab', { name: 'Resources' }).click();
      await page.getByTestId('resource-item').filter({ hasText: 'info://server-info' }).click();
      await page.getByTestId('resource-detail').getByTestId('read').click();
      await page.getByTestId('contents').first().waitFor();
    },
  },
  {
    file: 'prompts',
    title: 'Prompts',
    about: 'A prompt got with its argument, shown as the conversation it makes.',
    show: async (page) => {
      await page.getByRole('tab', { name: 'Prompts' }).click();
      await page.getByTestId('prompt-item').filter({ hasText: 'summarize' }).click();
      const text = page.getByTestId('prompt-runner').locator('[data-name="text"]').getByTestId('arg-input');
      await text.fill('MCP connects models to tools.');
      await text.press('Enter');
      await page.getByTestId('conversation').getByTestId('message').first().waitFor();
    },
  },
  {
    file: 'timeline',
    title: 'Timeline',
    about: "Every line on the wire, one row per exchange, with the waterfall above; the echo call's detail open.",
    show: async (page) => {
      await page.getByRole('tab', { name: 'Timeline' }).click();
      const row = page.locator('[data-testid="timeline-row"][data-method="tools/call"]').first();
      await row.click();
      await page.getByTestId('detail-pane').waitFor();
    },
  },
  {
    file: 'compare',
    title: 'Compare flows',
    about: 'The same scenario run in the handshake flow and in the stateless flow, side by side, with the figures of each.',
    show: async (page) => {
      await page.getByRole('tab', { name: 'Compare flows' }).click();
      await page.getByTestId('run-comparison').click();
      await page.locator('[data-testid="comparison"][data-done="true"]').waitFor();
    },
  },
  {
    file: 'workshop',
    title: 'Workshop',
    about: "The built-in tour's first step: what it teaches, the message about to go and what to look at.",
    show: async (page) => {
      await page.getByRole('tab', { name: 'Workshop' }).click();
      await page.getByTestId('play-builtin').click();
      await page.getByTestId('tour-step').waitFor();
    },
  },
  {
    file: 'recording',
    title: 'A recording opened',
    about: "This session's journal opened as a file: read-only, its timeline and the views for comparing and replaying it.",
    show: async (page, { journal }) => {
      await page.getByTestId('open-session-file').setInputFiles({
        name: 'recorded.jsonl',
        mimeType: 'application/x-ndjson',
        buffer: fs.readFileSync(journal),
      });
      await page.getByTestId('archive-banner').waitFor();
      await page.getByTestId('timeline-row').first().waitFor();
    },
  },
  {
    file: 'html-viewer',
    title: 'The session as one HTML file',
    about: 'The same journal written by `mcp-lens view FILE --html OUT` and opened from disk: the timeline and Compare flows, offline.',
    show: async (page, { journal }) => {
      const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-screenshots-html-')), 'session.mcplens.html');
      const bin = path.join(root, 'dist', 'node', 'bridge', 'bin.js');
      const run = spawnSync(process.execPath, [bin, 'view', journal, '--html', out], { cwd: root, encoding: 'utf8' });
      if (run.status !== 0) throw new Error(`mcp-lens view --html failed (exit ${run.status}): ${run.stderr}`);
      await page.goto(pathToFileURL(out).href);
      await page.getByTestId('timeline-row').first().waitFor();
      fs.rmSync(path.dirname(out), { recursive: true, force: true });
    },
  },
];

function build() {
  const result = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`the build failed (exit ${result.status})`);
}

/** The built `mcp-lens` with the demo server, on a free port: its URL and how to stop it. */
async function startLens() {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-screenshots-'));
  const proc = spawn(process.execPath, [path.join(root, 'dist', 'node', 'bridge', 'bin.js'), '--port', '0', '--no-open'], {
    cwd: root,
    env: { ...process.env, MCP_LENS_HOME: home },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stderr.on('data', (d) => (out += d));
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`mcp-lens printed no URL:\n${out}`)), STEP_MS);
    proc.stdout.on('data', (d) => {
      out += d;
      const match = /(http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    proc.on('exit', (code) => reject(new Error(`mcp-lens exited (${code}):\n${out}`)));
  });
  const exited = new Promise((resolve) => proc.on('exit', resolve));
  return {
    url,
    home,
    stop: async () => {
      // Ctrl-C to its group, as a user stops it: the bridge stops its servers first.
      process.kill(-proc.pid, 'SIGINT');
      await exited;
      fs.rmSync(home, { recursive: true, force: true });
    },
  };
}

/** The journal file the bridge writes this session to. */
function journalOf(home) {
  const dir = path.join(home, 'journal');
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.jsonl'));
  if (files.length !== 1) throw new Error(`expected one journal in ${dir}, found ${files.length}`);
  return path.join(dir, files[0]);
}

/** Every screen in one theme: a fresh bridge and page, so both themes show the same session's steps. */
async function shoot(browser, theme) {
  const lens = await startLens();
  try {
    const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1, colorScheme: theme, reducedMotion: 'reduce' });
    await context.addInitScript((t) => localStorage.setItem('mcp-lens.theme', t), theme);
    context.setDefaultTimeout(STEP_MS);
    const page = await context.newPage();
    await page.goto(lens.url);
    await page.getByTestId('socket-status').filter({ hasText: 'bridge connected' }).waitFor();
    for (const screen of SCREENS) {
      await screen.show(page, { journal: journalOf(lens.home) });
      // No pointer or caret left over a control, the sidebar at its top (the connections): the
      // screen as it rests.
      await page.mouse.move(VIEWPORT.width - 2, VIEWPORT.height - 2);
      await page.evaluate("document.querySelector('.sidebar')?.scrollTo(0, 0)");
      await page.evaluate('document.activeElement?.blur?.()');
      const shot = await page.screenshot({ animations: 'disabled', caret: 'hide' });
      fs.writeFileSync(path.join(outDir, `${screen.file}-${theme}.png`), toPalette(shot));
      console.log(`screenshots: ${screen.file}-${theme}.png`);
    }
    await context.close();
  } finally {
    await lens.stop();
  }
}

function reviewMarkdown() {
  const lines = [
    '# Screenshot review',
    '',
    `Each main screen of MCP Lens at ${VIEWPORT.width}×${VIEWPORT.height}, in the light theme and in the dark, as a user`,
    'sees it after the steps named. `npm run screenshots` makes them again (the app built, the demo server',
    'connected through the real bridge, Chromium driven through the same steps); rerun it after a change',
    'to what is on screen and look at the difference before committing it.',
    '',
    'Each PNG keeps its 256 most frequent colours (`scripts/pngPalette.mjs`), so the pictures stay small;',
    'they are kept out of the npm package.',
    '',
    'Generated by `scripts/screenshots.mjs`; do not edit by hand.',
    '',
  ];
  for (const screen of SCREENS) {
    lines.push(`## ${screen.title}`, '', screen.about, '');
    lines.push('| Light | Dark |', '| --- | --- |');
    lines.push(
      `| ![${screen.title}, light theme](screenshots/${screen.file}-light.png) | ![${screen.title}, dark theme](screenshots/${screen.file}-dark.png) |`,
    );
    lines.push('');
  }
  return lines.join('\n');
}

async function main() {
  if (!process.argv.includes('--no-build')) build();
  fs.mkdirSync(outDir, { recursive: true });
  for (const file of fs.readdirSync(outDir)) if (file.endsWith('.png')) fs.rmSync(path.join(outDir, file));
  const executablePath = chromiumExecutable();
  const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: CHROMIUM_ARGS });
  try {
    for (const theme of ['light', 'dark']) await shoot(browser, theme);
  } finally {
    await browser.close();
  }
  fs.writeFileSync(reviewPage, reviewMarkdown());
  const sizes = SCREENS.flatMap((s) => ['light', 'dark'].map((t) => fs.statSync(path.join(outDir, `${s.file}-${t}.png`)).size));
  console.log(
    `screenshots: ${sizes.length} PNGs in docs/screenshots (${Math.round(sizes.reduce((a, b) => a + b, 0) / 1024)} KiB), review in docs/screenshots.md`,
  );
}

await main();
