import { describe, it, expect } from 'vitest';
import fs from 'node:fs';
import { VERSION } from './version.js';

describe('VERSION', () => {
  it("equals package.json's version", () => {
    const pkg = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(VERSION).toBe(pkg.version);
  });
});
