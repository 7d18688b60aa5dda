/**
 * The app the bridge serves (dist/web, built by the test setup) ships Monaco for JSON only: the editor and
 * JSON workers, and none of the TypeScript, CSS or HTML workers or other languages that the
 * package's main entry would bring along.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const assets = fs.readdirSync(path.join(root, 'dist', 'web', 'assets'));
const languages = fs
  .readdirSync(path.join(root, 'node_modules', 'monaco-editor', 'esm', 'vs', 'languages', 'definitions'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe('Monaco in dist/web', () => {
  it('has the editor and JSON workers', () => {
    expect(assets.some((name) => name.startsWith('editor.worker-'))).toBe(true);
    expect(assets.some((name) => name.startsWith('json.worker-'))).toBe(true);
  });

  it('has no TypeScript, CSS or HTML worker or language mode', () => {
    const unwanted = assets.filter((name) => /^(ts|css|html)(\.worker|Mode)-/.test(name));
    expect(unwanted).toEqual([]);
  });

  it('has no other language', () => {
    expect(languages.length).toBeGreaterThan(50);
    const unwanted = assets.filter((name) => languages.some((language) => name.startsWith(`${language}-`)));
    expect(unwanted).toEqual([]);
  });
});
