// `mcp-lens view`'s options and its check of the file, before anything is served.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkViewFile, parseViewArgs } from './view.js';

describe('parseViewArgs', () => {
  it('takes one file, --html and the serving options', () => {
    expect(parseViewArgs(['s.mcplens.json', '--port', '0', '--no-open', '--home', '/h', '--host', '::1'])).toEqual({
      kind: 'view',
      file: 's.mcplens.json',
      serveArgs: ['--port', '0', '--no-open', '--home', '/h', '--host', '::1'],
    });
    expect(parseViewArgs(['s.json', '--html', 'out.html'])).toEqual({ kind: 'view', file: 's.json', html: 'out.html', serveArgs: [] });
    expect(parseViewArgs(['-h'])).toEqual({ kind: 'help' });
  });

  it('says what is wrong with the command line', () => {
    expect(parseViewArgs([])).toEqual({ kind: 'usage', message: 'which file? (mcp-lens view <file>)' });
    expect(parseViewArgs(['a', 'b'])).toEqual({ kind: 'usage', message: 'one file at a time, got 2' });
    expect(parseViewArgs(['a', '--html'])).toMatchObject({ kind: 'usage' });
    expect(parseViewArgs(['a', '--bogus'])).toMatchObject({ kind: 'usage', message: expect.stringContaining('--bogus') as unknown });
  });
});

describe('checkViewFile', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-view-test-'));
  const write = (name: string, text: string): string => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    return file;
  };

  it('refuses what the app could not open, with the reason', () => {
    expect(checkViewFile(path.join(dir, 'missing.json'))).toEqual({ ok: false, error: 'no such file' });
    expect(checkViewFile(dir)).toEqual({ ok: false, error: 'is a folder, not a file' });
    expect(checkViewFile(write('empty.json', ''))).toEqual({ ok: false, error: 'the file is empty' });
    expect(checkViewFile(write('v2.json', '{"format":"mcp-lens-session","version":2}'))).toEqual({
      ok: false,
      error: 'written by a newer MCP Lens (format version 2); this one reads version 1',
    });
  });

  it('accepts a journal, warning of its damaged lines', () => {
    const journal = write('j.jsonl', '{"seq":0,"t":1,"kind":"notice","level":"info","message":"hi"}\n{"seq":1,"t":2,"ki');
    expect(checkViewFile(journal)).toMatchObject({
      ok: true,
      journal: true,
      warnings: ['1 damaged line(s) will be skipped; the first: line 2 is cut off (the bridge stopped mid-write)'],
    });
  });
});
