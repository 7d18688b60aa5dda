import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listJournals } from './journal.js';

describe('listJournals', () => {
  it('lists journals by session id and names the files put among them that no journal route serves', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-list-'));
    fs.writeFileSync(path.join(dir, '2026-01-01T00-00-00-000-abcdef.jsonl'), '');
    fs.writeFileSync(path.join(dir, '2026-01-01T00-00-00-000-abcdef.index'), '');
    fs.writeFileSync(path.join(dir, 'recorded.jsonl'), '');
    fs.writeFileSync(path.join(dir, 'exported.mcplens.json'), '');
    fs.writeFileSync(path.join(dir, 'notes.txt'), '');
    const { sessions, unreadable, misnamed } = listJournals(dir);
    expect(sessions.map((s) => s.session)).toEqual(['2026-01-01T00-00-00-000-abcdef']);
    expect(unreadable).toEqual([]);
    expect(misnamed).toEqual(['exported.mcplens.json', 'recorded.jsonl']);
  });
});
