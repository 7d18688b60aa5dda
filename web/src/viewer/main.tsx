/**
 * The HTML viewer's entry (scripts/buildViewer.mjs inlines it into dist/web/viewer.html): reads
 * the session from the page's data block with the app's own session-file reader, and shows it,
 * or says what is wrong with it, never a blank page.
 */
import './noEval.js';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { parseSessionFile } from '../../../protocol/sessionFile.js';
import { SESSION_ELEMENT_ID } from '../../../protocol/viewerHtml.js';
import { Viewer } from './Viewer.js';
import '../app/theme.css';

const root = document.getElementById('root');
if (!root) throw new Error('no #root element');
const block = document.getElementById(SESSION_ELEMENT_ID);
const parsed =
  block === null || block.textContent === ''
    ? ({ ok: false, error: 'this page holds no session (it is the viewer template, not an export)' } as const)
    : parseSessionFile(block.textContent ?? '');
// The block's text is not needed again, and can be most of the page's memory.
block?.remove();
createRoot(root).render(
  <StrictMode>
    {parsed.ok ? (
      <Viewer file={parsed.file} />
    ) : (
      <div className="banner-box bad" role="alert" data-testid="viewer-error">
        This MCP Lens export cannot be shown: {parsed.error}
      </div>
    )}
  </StrictMode>,
);
