/**
 * The HTML viewer's template as the build writes it (dist/web/viewer.html, built by the test
 * setup): one script and one style element, each allowed by its hash in the file's own CSP,
 * the empty session slot once, nothing loaded from anywhere, and none of the editor or socket.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SESSION_SLOT } from '../protocol/viewerHtml.js';

const html = fs.readFileSync(path.resolve(import.meta.dirname, '..', 'dist', 'web', 'viewer.html'), 'utf8');
const sha256 = (text: string): string => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('dist/web/viewer.html', () => {
  const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1] ?? '';
  const scripts = [...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
  const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '');

  it('allows its one script and one style sheet by hash, and nothing from anywhere', () => {
    expect(scripts).toHaveLength(1);
    expect(styles).toHaveLength(1);
    expect(csp.split('; ')).toEqual([
      "default-src 'none'",
      `script-src ${sha256(scripts[0] ?? '')}`,
      `style-src ${sha256(styles[0] ?? '')}`,
      'img-src data:',
      'worker-src blob:',
      "base-uri 'none'",
      "form-action 'none'",
    ]);
    // The policy comes before anything it governs.
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<style>'));
  });

  it('holds the empty session slot once, and loads nothing by URL', () => {
    expect(html.split(SESSION_SLOT)).toHaveLength(2);
    // Outside the script's own text (React's holds "<script>" as a string).
    expect(html.replace(scripts[0] ?? '', '').match(/<script/g)).toHaveLength(2);
    expect([...html.matchAll(/\s(?:src|href)="([^"]*)"/g)].map((m) => m[1])).toEqual(['data:,']);
  });

  it('has none of the editor, the socket or the bridge API', () => {
    const code = scripts[0] ?? '';
    expect(code).not.toMatch(/MonacoEnvironment|monaco-editor/);
    expect(code).not.toMatch(/new WebSocket|\/api\/sessions/);
  });
});
