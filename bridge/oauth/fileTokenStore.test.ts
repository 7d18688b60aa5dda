// Remembered grants: owner-only on disk, read back by the next run, expired access tokens kept
// only beside a refresh token, forgotten from memory and file alike, and a bad file said, not thrown.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileTokenStore, grantsFile } from './fileTokenStore.js';
import type { StoredGrant } from './types.js';

const KEY = { issuer: 'https://as.example', resource: 'https://mcp.example/mcp' };
const OTHER = { issuer: 'https://as.example', resource: 'https://other.example/mcp' };
const GRANT: StoredGrant = { accessToken: 'at-1', tokenType: 'Bearer', refreshToken: 'rt-1', clientId: 'c-1', scope: 'read' };

let home: string;
let problems: string[];
const store = (now?: () => number): FileTokenStore =>
  new FileTokenStore({ home, onProblem: (t) => problems.push(t), ...(now ? { now } : {}) });
const mode = (p: string): number => fs.statSync(p).mode & 0o777;

beforeEach(() => {
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-grants-'));
  problems = [];
});
afterEach(() => fs.rmSync(home, { recursive: true, force: true }));

describe('FileTokenStore', () => {
  it('keeps a grant in memory only unless remembered; a remembered one is read back by the next run, owner-only', () => {
    const first = store();
    first.put(OTHER, { ...GRANT, accessToken: 'at-mem' }, false);
    expect(fs.existsSync(grantsFile(home))).toBe(false);
    first.put(KEY, GRANT, true);
    expect(mode(grantsFile(home))).toBe(0o600);
    expect(mode(path.dirname(grantsFile(home)))).toBe(0o700);
    const next = store();
    expect(next.get(KEY)).toEqual(GRANT);
    expect(next.get(OTHER)).toBeUndefined();
    expect(problems).toEqual([]);
  });

  it('puts a loose file and folder right on reading; refuses a file others can write, saying why', () => {
    store().put(KEY, GRANT, true);
    fs.chmodSync(grantsFile(home), 0o644);
    fs.chmodSync(path.dirname(grantsFile(home)), 0o755);
    expect(store().get(KEY)).toEqual(GRANT);
    expect(mode(grantsFile(home))).toBe(0o600);
    expect(mode(path.dirname(grantsFile(home)))).toBe(0o700);

    fs.chmodSync(grantsFile(home), 0o666);
    expect(store().get(KEY)).toBeUndefined();
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('can be written by others (mode 666): not read');
  });

  it('a corrupt file is said once and not used; nothing is thrown', () => {
    fs.mkdirSync(path.dirname(grantsFile(home)), { recursive: true, mode: 0o700 });
    fs.writeFileSync(grantsFile(home), '{"version":1,"grants":[{"issuer":', { mode: 0o600 });
    const s = store();
    expect(s.get(KEY)).toBeUndefined();
    expect(s.get(KEY)).toBeUndefined();
    expect(problems).toEqual([expect.stringContaining('are not a file MCP Lens wrote')]);
    s.put(KEY, GRANT, true);
    expect(store().get(KEY)).toEqual(GRANT);
  });

  it('an expired access token is kept only with a refresh token', () => {
    let now = 1_000;
    const s = store(() => now);
    s.put(KEY, { ...GRANT, expiresAt: 2_000 }, true);
    s.put(OTHER, { accessToken: 'at-2', tokenType: 'Bearer', clientId: 'c-1', expiresAt: 2_000 }, true);
    now = 3_000;
    const next = store(() => now);
    expect(next.get(KEY)).toEqual({ ...GRANT, expiresAt: 2_000 });
    expect(next.get(OTHER)).toBeUndefined();
    expect(fs.readFileSync(grantsFile(home), 'utf8')).not.toContain('at-2');
  });

  it('forget removes from memory and from the file, one key or all', () => {
    const s = store();
    s.put(KEY, GRANT, true);
    s.put(OTHER, { ...GRANT, accessToken: 'at-2' }, true);
    expect(s.forget({ resource: KEY.resource })).toBe(1);
    expect(s.get(KEY)).toBeUndefined();
    expect(store().get(KEY)).toBeUndefined();
    expect(store().get(OTHER)?.accessToken).toBe('at-2');
    expect(s.forget()).toBe(1);
    expect(fs.existsSync(grantsFile(home))).toBe(false);
  });
});
