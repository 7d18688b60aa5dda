// Builds the single-file HTML viewer's template, dist/web/viewer.html (issue 11): the viewer's
// code and styles inlined, a strict CSP naming them by hash, and an empty data block that
// protocol/viewerHtml.ts fills with a session. Two Vite builds: the timeline worker first, as
// one classic script, then the page, which receives the worker's text as a module and starts it
// from a blob: URL (a page opened from file:// cannot start a worker from a file). Run by
// scripts/build.mjs after the app's own build, which empties dist/web.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import react from '@vitejs/plugin-react';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const WORKER_MODULE = 'virtual:mcp-lens-viewer-worker';
// Must match SESSION_SLOT in protocol/viewerHtml.ts, which fills it (bridge/cli/htmlExport.test.ts builds from this file).
const SESSION_SLOT = '<script type="application/json" id="mcp-lens-session"></script>';

/** Every file a Vite build produced, kept in memory (`write: false`). */
function outputsOf(result) {
  return (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
}

async function buildWorker() {
  const files = outputsOf(
    await build({
      configFile: false,
      root,
      logLevel: 'warn',
      mode: 'production',
      build: {
        write: false,
        minify: true,
        reportCompressedSize: false,
        // No timing report: a slow plugin in a build is no warning for whoever runs it.
        rolldownOptions: { checks: { bundlerTimings: false } },
        lib: { entry: path.join(root, 'web/src/viewer/timelineWorker.ts'), formats: ['iife'], name: 'mcpLensTimeline', fileName: 'worker' },
      },
    }),
  );
  const chunks = files.filter((f) => f.type === 'chunk');
  if (chunks.length !== 1 || files.length !== 1) throw new Error(`the viewer's worker built to ${files.length} files, not one script`);
  return chunks[0].code;
}

async function buildPage(workerCode) {
  const files = outputsOf(
    await build({
      configFile: false,
      root: path.join(root, 'web'),
      base: './',
      logLevel: 'warn',
      mode: 'production',
      plugins: [
        react(),
        {
          name: 'mcp-lens-viewer-worker',
          resolveId: (id) => (id === WORKER_MODULE ? `\0${WORKER_MODULE}` : undefined),
          load: (id) => (id === `\0${WORKER_MODULE}` ? `export default ${JSON.stringify(workerCode)};` : undefined),
        },
      ],
      build: {
        write: false,
        minify: true,
        cssCodeSplit: false,
        modulePreload: false,
        reportCompressedSize: false,
        rollupOptions: {
          checks: { bundlerTimings: false },
          input: path.join(root, 'web/src/viewer/main.tsx'),
          output: { format: 'es', codeSplitting: false },
        },
      },
    }),
  );
  const chunks = files.filter((f) => f.type === 'chunk');
  const styles = files.filter((f) => f.type === 'asset' && f.fileName.endsWith('.css'));
  const other = files.filter((f) => !chunks.includes(f) && !styles.includes(f));
  // Anything else (a font, an image, a lazy chunk) would be a file the page cannot load.
  if (chunks.length !== 1 || other.length > 0)
    throw new Error(`the viewer built to more than one script and a style sheet: ${files.map((f) => f.fileName).join(', ')}`);
  return { js: chunks[0].code, css: styles.map((f) => String(f.source)).join('\n') };
}

/**
 * Text that can sit inside a <script> or <style> element. The HTML parser ends one at the first
 * `</script` (`</style`); `<\/` means the same in a JavaScript string, regular expression or
 * comment and in a CSS string. `<!--` would put a script element's parser in another state, and
 * has no such rewrite that holds everywhere: the build refuses it rather than guess.
 */
function inlineable(text, tag) {
  if (text.includes('<!--')) throw new Error(`the viewer's ${tag} holds "<!--", which cannot be inlined safely`);
  return text.replace(new RegExp(`</(${tag})`, 'gi'), '<\\/$1');
}

const hash = (text) => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;

const workerCode = await buildWorker();
const { js, css } = await buildPage(workerCode);
const script = inlineable(js, 'script');
const style = inlineable(css, 'style');
// Only the two inlined elements may run or apply: no network at all (no connect-src, nothing
// from any URL), workers only from the blob: URL the page makes of its own text, images only
// as data: (the favicon). React sets style attributes through the CSSOM, which style-src does
// not govern, so no 'unsafe-inline'. No 'unsafe-eval': zod runs without compiled parsers, and
// lint's checks that need generated code (Ajv) stay silent here, as in any such page.
const csp = [
  "default-src 'none'",
  `script-src ${hash(script)}`,
  `style-src ${hash(style)}`,
  'img-src data:',
  'worker-src blob:',
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');
const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta http-equiv="Content-Security-Policy" content="${csp}" />
    <meta name="referrer" content="no-referrer" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="color-scheme" content="light dark" />
    <link rel="icon" href="data:," />
    <title>MCP Lens session</title>
    <style>${style}</style>
  </head>
  <body>
    <div id="root"></div>
    ${SESSION_SLOT}
    <script type="module">${script}</script>
  </body>
</html>
`;
fs.mkdirSync(path.join(root, 'dist/web'), { recursive: true });
fs.writeFileSync(path.join(root, 'dist/web/viewer.html'), html);
process.stdout.write(
  `mcp-lens build: dist/web/viewer.html, ${(html.length / 1024).toFixed(0)} KiB (worker ${(workerCode.length / 1024).toFixed(0)} KiB)\n`,
);
