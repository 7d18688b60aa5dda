/**
 * Every string a server sends reaches the terminal with its control characters shown, never
 * raw: a server's OSC 52 would write the user's clipboard, OSC 8 hide a link, ESC[2J clear the
 * screen. The fixture server (e2e/fixtures/escapes.mjs) puts them in every text it has; each
 * command's stdout and stderr is searched for a raw one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { binJs, fixtureServer, runLens as lens, type CliRun } from '../testing/runCli.js';

/** What a terminal acts on: C0 but tab and newline, DEL, C1, bidi overrides. */
// eslint-disable-next-line no-control-regex -- control characters are what the output is searched for
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const server = fixtureServer('escapes.mjs');
const HOSTILE_SHOWN = '\\u001b]52;c;cHduZWQ=\\u0007\\u001b]8;;https://evil.example\\u001b\\click';

function noRawControls(run: CliRun): void {
  expect(run.stdout).not.toMatch(RAW_CONTROL);
  expect(run.stderr).not.toMatch(RAW_CONTROL);
}

describe.concurrent('server text with terminal escapes, printed by the CLI', { timeout: 120_000 }, () => {
  it('call --transcript: the result (still the same JSON), the transcript and the stderr lines show ESC as \\u001b', async () => {
    const run = await lens(['call', '--flow', 'handshake', '--transcript', '--method', 'tools/call', '--tool-name', 'ok', '--', ...server]);
    expect(run.code, run.stderr).toBe(0);
    noRawControls(run);
    const result = JSON.parse(run.stdout) as { content: { text: string }[] };
    expect(result.content[0]?.text).toContain('\u001b]52;c;cHduZWQ=\u0007');
    expect(result.content[0]?.text).toContain('\u009b31m\rspoof\u202e');
    expect(run.stderr).toContain(`! stderr starting ${HOSTILE_SHOWN}`);
    expect(run.stderr).toContain('\\u001b[2J\\u009b31m\\u000dspoof\\u202e');
    expect(run.stderr).toContain('← stdout not json \\u001b[2J\\u001b]52;c;cHduZWQ=\\u0007');
  });

  it('call: an error message and an invalid answer printed as it came are shown, not acted on', async () => {
    const failed = await lens(['call', '--flow', 'handshake', '--method', 'tools/call', '--tool-name', 'fail', '--', ...server]);
    expect(failed.code).toBe(1);
    noRawControls(failed);
    expect(failed.stderr).toContain(`failed ${HOSTILE_SHOWN}`);
    const raw = await lens(['call', '--flow', 'handshake', '--method', 'tools/call', '--tool-name', 'raw', '--', ...server]);
    expect(raw.code).toBe(1);
    noRawControls(raw);
    expect(raw.stdout).toContain('"text":"\\u009b2J\\u007f"');
    expect(JSON.parse(raw.stdout)).toMatchObject({ result: { text: '\u009b2J\u007f' } });
  });

  it('check: the server name, the lint findings and the transcript', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-escapes-'));
    const record = path.join(dir, 'escapes.mcplens.json');
    const run = await lens(['check', '--flow', 'handshake', '--transcript', '--record', record, '--', ...server]);
    noRawControls(run);
    expect(run.stdout).toContain(`server: escapes ${HOSTILE_SHOWN}`);
    expect(run.stdout).toMatch(/#\d+: .*bad name \\u001b\]52/);

    // The recorded session, replayed with its transcript and answered by the mock.
    const replay = await lens(['replay', record, '--transcript', '--', ...server]);
    noRawControls(replay);
    expect(replay.stderr).toContain(HOSTILE_SHOWN);
    const mocked = await lens([
      'call',
      '--flow',
      'handshake',
      '--method',
      'tools/call',
      '--tool-name',
      'ok',
      '--',
      'node',
      binJs,
      'mock',
      record,
    ]);
    noRawControls(mocked);
  });
});
