/**
 * "Export as HTML": the session as one file that opens offline in any current browser
 * (issue 11). The viewer's template is a static file of the built app, fetched from the bridge
 * that served this page (same origin, same rules as the app's own files); the session goes into
 * it with the function `mcp-lens view --html` uses.
 */
import { buildViewerHtml } from '../../../../protocol/viewerHtml.js';

/** The template beside index.html: `./viewer.html` of this page's own location. */
const TEMPLATE_URL = 'viewer.html';

/** Downloads `<base>.mcplens.html` holding the session file's JSON text; throws with a sentence on failure. */
export async function downloadViewerHtml(sessionJson: string, base: string): Promise<void> {
  const response = await fetch(new URL(TEMPLATE_URL, document.baseURI), { cache: 'no-cache' });
  if (!response.ok) throw new Error(`the HTML viewer could not be fetched from the bridge (HTTP ${response.status})`);
  const built = buildViewerHtml(await response.text(), sessionJson);
  if (!built.ok) throw new Error(built.error);
  saveAs(new Blob([built.html], { type: 'text/html' }), `${base}.mcplens.html`);
}

function saveAs(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  // The download has its own copy once started; the URL is kept a moment for slow browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
