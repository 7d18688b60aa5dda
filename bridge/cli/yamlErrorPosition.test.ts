// A YAML syntax error in a tour file is told where the reader can see it: at the quote, bracket
// or brace left open, never on a line past the end of the file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runLens } from '../testing/runCli.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-yaml-pos-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const write = (name: string, text: string): string => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
};

describe('mcp-lens tour check on a YAML syntax error', () => {
  it('names the line and column where an unclosed quote, list or map opens', async () => {
    const quote = write('quote.yaml', 'title: x\nsteps:\n  - say: "unterminated\n');
    const list = write('list.yaml', 'title: x\nsteps:\n  - say: [1, 2\n');
    const map = write('map.yaml', 'title: x\nsteps:\n  - say: {a: 1\n\n\n');
    const runs = await Promise.all([quote, list, map].map((file) => runLens(['tour', 'check', file])));
    expect(runs.map((r) => r.code)).toEqual([2, 2, 2]);
    expect(runs[0]?.stderr).toContain(`${quote} line 3, column 10: Missing closing "quote`);
    expect(runs[1]?.stderr).toContain(`${list} line 3, column 10: `);
    expect(runs[2]?.stderr).toContain(`${map} line 3, column 10: `);
  });

  it('never names a line the file does not have', async () => {
    const file = write('open.yaml', "title: 'x\n");
    const run = await runLens(['tour', 'check', file]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${file} line 1, column 8: Missing closing 'quote`);
  });
});
