/**
 * `mcp-lens view FILE --html OUT`: the single-file HTML viewer holding one session. The
 * session file is validated first (a viewer of a broken file would only say so when opened),
 * the template is the built dist/web/viewer.html beside this bin, and the file is written whole
 * or not at all (a temporary file, then a rename).
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseSessionFile } from '../../protocol/sessionFile.js';
import { buildViewerHtml } from '../../protocol/viewerHtml.js';

/**
 * dist/web/viewer.html, from where this module runs once built: dist/node/bridge/cli/ as tsc
 * wrote it, or dist/node/chunks/ in the bundled bin (scripts/bundleNode.mjs).
 */
export function viewerTemplatePath(): string {
  const candidates = ['../../../web/viewer.html', '../../web/viewer.html'].map((rel) => fileURLToPath(new URL(rel, import.meta.url)));
  return candidates.find((file) => existsSync(file)) ?? candidates[0]!;
}

/**
 * Writes the HTML viewer of a session file's text to `outPath`. Undefined when written, else why
 * not, in one line. `templatePath` is for tests that run this module from its source.
 */
export async function writeHtmlViewer(
  sessionFileText: string,
  outPath: string,
  templatePath = viewerTemplatePath(),
): Promise<string | undefined> {
  const parsed = parseSessionFile(sessionFileText);
  if (!parsed.ok) return `not a session file MCP Lens can show: ${parsed.error.replace(/\s*\n\s*/g, ' ')}`;
  let template: string;
  try {
    template = await fs.readFile(templatePath, 'utf8');
  } catch {
    return `the HTML viewer is not built (${templatePath} is missing); run \`npm run build\``;
  }
  const built = buildViewerHtml(template, sessionFileText);
  if (!built.ok) return built.error;
  const partial = `${outPath}.${process.pid}.partial`;
  try {
    await fs.writeFile(partial, built.html);
    await fs.rename(partial, outPath);
    return undefined;
  } catch (error) {
    await fs.rm(partial, { force: true });
    return `${outPath} was not written: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`;
  }
}
