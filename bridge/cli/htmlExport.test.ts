// writeHtmlViewer: a valid session file becomes one HTML file whose block holds it; anything
// else is a one-line reason and no file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSessionFile } from '../../protocol/sessionFile.js';
import { SESSION_SLOT } from '../../protocol/viewerHtml.js';
import { writeHtmlViewer } from './htmlExport.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-html-export-'));
const template = path.join(dir, 'viewer.html');
fs.writeFileSync(template, `<!doctype html><body>${SESSION_SLOT}<script type="module">start()</script></body>`);
const session = JSON.stringify(buildSessionFile([], { name: 'mcp-lens', version: '0.1.0' }));

describe('writeHtmlViewer', () => {
  it('writes the template with the session in its block, and nothing else beside it', async () => {
    const out = path.join(dir, 'ok.html');
    expect(await writeHtmlViewer(session, out, template)).toBeUndefined();
    const html = fs.readFileSync(out, 'utf8');
    expect(html).toContain(`id="mcp-lens-session">${session}</script>`);
    expect(fs.readdirSync(dir).filter((f) => f.includes('partial'))).toEqual([]);
  });

  it('refuses what is not a session file, writing nothing', async () => {
    const out = path.join(dir, 'foreign.html');
    expect(await writeHtmlViewer('{"log":{"entries":[]}}', out, template)).toMatch(/^not a session file MCP Lens can show: /);
    expect(await writeHtmlViewer('{"format":"mcp-lens-session"', out, template)).toMatch(/^not a session file/);
    expect(fs.existsSync(out)).toBe(false);
  });

  it('says the viewer is not built when its template is missing', async () => {
    const out = path.join(dir, 'unbuilt.html');
    expect(await writeHtmlViewer(session, out, path.join(dir, 'missing.html'))).toMatch(/HTML viewer is not built .*npm run build/);
    expect(fs.existsSync(out)).toBe(false);
  });

  it('says why when the file cannot be written', async () => {
    expect(await writeHtmlViewer(session, path.join(dir, 'no-such-folder', 'x.html'), template)).toMatch(/was not written: ENOENT/);
  });
});
