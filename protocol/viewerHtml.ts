/**
 * The single-file HTML viewer: its template (dist/web/viewer.html, built by
 * scripts/buildViewer.mjs) holds the viewer's code inlined and an empty data block; a session
 * goes into that block. Shared by `mcp-lens view --html` and the app's "Export as HTML".
 *
 * The block is `<script type="application/json">`: the HTML parser ends it at the first
 * `</script` and treats `<!--` specially, whatever the type, so every `<`, `>` and `&` in the
 * JSON is written as a \u escape (they can only occur inside JSON strings, where the escape
 * means the same character). U+2028/2029 and lone surrogates are escaped too: the first two
 * are line breaks to some JavaScript tooling, and a lone surrogate has no UTF-8 form, so it
 * would not survive being written to the file. The block is data, never run, so the page's
 * CSP (script hashes, computed at build time) does not cover it and need not change.
 */

export const SESSION_ELEMENT_ID = 'mcp-lens-session';

/** The empty block the template carries, exactly as the build writes it. */
export const SESSION_SLOT = `<script type="application/json" id="${SESSION_ELEMENT_ID}"></script>`;

const UNSAFE = /[<>&\u2028\u2029]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** JSON text that means the same and can sit inside a script element. */
export function escapeJsonForScript(json: string): string {
  return json.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export type ViewerHtml = { ok: true; html: string } | { ok: false; error: string };

/**
 * The template with the session's JSON text in its block. The text is taken as it is (it
 * was validated by the caller), only escaped; the template must hold the empty block once.
 */
export function buildViewerHtml(template: string, sessionJson: string): ViewerHtml {
  const at = template.indexOf(SESSION_SLOT);
  if (at === -1 || template.indexOf(SESSION_SLOT, at + 1) !== -1)
    return { ok: false, error: 'the viewer template has no single session slot (is it dist/web/viewer.html from this version?)' };
  const filled = `<script type="application/json" id="${SESSION_ELEMENT_ID}">${escapeJsonForScript(sessionJson)}</script>`;
  // Spliced, not String.replace: a `$&` in the session would be read as a pattern there.
  return { ok: true, html: template.slice(0, at) + filled + template.slice(at + SESSION_SLOT.length) };
}
