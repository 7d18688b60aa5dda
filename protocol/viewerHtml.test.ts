// The HTML viewer's data block: whatever a server wrote, the session comes back out of the page
// exactly, and nothing in it can end the block or open markup.
import { describe, expect, it } from 'vitest';

import type { BridgeEvent } from './envelope.js';
import { buildSessionFile, parseSessionFile } from './sessionFile.js';
import { buildViewerHtml, escapeJsonForScript, SESSION_ELEMENT_ID, SESSION_SLOT } from './viewerHtml.js';

const TEMPLATE = `<!doctype html><html><head><meta charset="utf-8"></head><body><div id="root"></div>${SESSION_SLOT}<script type="module">run()</script></body></html>`;

const HOSTILE = [
  '</script><script>alert(1)</script>',
  '</SCRIPT ><img src=x onerror=alert(2)>',
  '<!-- <script> -->',
  'line\u2028separator\u2029paragraph',
  '& &amp; &lt; > \\u003c',
  "$& $` $' $1 $$",
  'lone \ud800 high, lone \udfff low, pair 😀',
  ']]> \u0000 \\ "quoted"',
];

function hostileSession(): string {
  const events: BridgeEvent[] = HOSTILE.map((text, seq) => ({
    seq,
    t: 1_700_000_000_000 + seq,
    conn: 'c1',
    kind: 'line',
    stream: 'stdout',
    text,
    eol: '\n',
    size: new TextEncoder().encode(text).length,
  }));
  return JSON.stringify(buildSessionFile(events, { name: 'mcp-lens', version: '0.1.0' }, new Date(0)), null, 2);
}

/** The block's text as an HTML parser would cut it: up to the first `</script`, any case. */
function blockText(html: string): string {
  const open = `<script type="application/json" id="${SESSION_ELEMENT_ID}">`;
  const start = html.indexOf(open) + open.length;
  const end = html.slice(start).search(/<\/script/i);
  return html.slice(start, start + end);
}

describe('buildViewerHtml', () => {
  it('puts a hostile session in the block so that it reads back exactly', () => {
    const json = hostileSession();
    const built = buildViewerHtml(TEMPLATE, json);
    if (!built.ok) throw new Error(built.error);
    const block = blockText(built.html);
    expect(JSON.parse(block)).toEqual(JSON.parse(json));
    expect(JSON.stringify(JSON.parse(block))).toBe(JSON.stringify(JSON.parse(json)));
    const reread = parseSessionFile(block);
    expect(reread.ok && reread.file.events.map((e) => (e.kind === 'line' ? e.text : undefined))).toEqual(HOSTILE);
  });

  it('leaves nothing in the block that markup or a line break could be made of', () => {
    const built = buildViewerHtml(TEMPLATE, hostileSession());
    if (!built.ok) throw new Error(built.error);
    const block = blockText(built.html);
    expect(block).not.toMatch(/[<>&\u2028\u2029]/);
    // The rest of the page is the template's, untouched: one block, then the app's script.
    expect(built.html.endsWith('</script><script type="module">run()</script></body></html>')).toBe(true);
    expect(built.html.match(/<script/gi)).toHaveLength(2);
  });

  it('keeps lone surrogates as escapes, so the UTF-8 file still holds them', () => {
    const escaped = escapeJsonForScript(JSON.stringify('a\ud800b\udc00c😀'));
    expect(new TextDecoder().decode(new TextEncoder().encode(escaped))).toBe(escaped);
    expect(JSON.parse(escaped)).toBe('a\ud800b\udc00c😀');
  });

  it('refuses a template without exactly one empty slot', () => {
    expect(buildViewerHtml('<html></html>', '{}')).toMatchObject({ ok: false });
    expect(buildViewerHtml(TEMPLATE + SESSION_SLOT, '{}')).toMatchObject({ ok: false });
  });
});
