/**
 * A file opened from disk, exported again: the same events in a new session file, so a journal
 * dropped on the app leaves as a session file, and a session file round-trips unchanged.
 */
import type { BridgeEvent } from '../../../../protocol/envelope.js';
import { buildSessionFile } from '../../../../protocol/sessionFile.js';

/** The name a re-exported file gets: the opened file's, as a session file. */
export function exportName(opened: string): string {
  const stem = opened.replace(/\.(mcplens\.json|json|jsonl)$/i, '');
  return `${stem || 'session'}.mcplens.json`;
}

export function ExportArchiveButton({ name, events }: { name: string; events: readonly BridgeEvent[] }) {
  const download = (): void => {
    const file = buildSessionFile(events, { name: 'mcp-lens', version: '0.1.0' });
    const url = URL.createObjectURL(new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = exportName(name);
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  return (
    <button type="button" onClick={download} data-testid="export-archive" title="These events as a session file">
      Export as session file
    </button>
  );
}
