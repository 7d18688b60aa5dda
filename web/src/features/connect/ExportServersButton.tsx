/**
 * The connections list saved as an mcpServers file (Claude Desktop, Cursor, Claude Code; VS Code
 * reads the same entries under "servers"), from the redacted configs the journal holds: a file
 * to share, with each secret written as [redacted] and the count said beside the button.
 */
import { useState } from 'react';
import { writeServersFile } from '../../../../protocol/mcpServersWrite.js';
import type { ConnInfo } from '../../../../protocol/session.js';
import { scriptName } from '../../ui/connectionName.js';
import './connectionControls.css';

/** The server's own name (not its title) makes the plainest key; else the label, else the script. */
function entryName(info: ConnInfo): string {
  const serverInfo = info.connected?.serverInfo;
  const own = typeof serverInfo === 'object' && serverInfo !== null ? (serverInfo as Record<string, unknown>).name : undefined;
  if (typeof own === 'string' && own.trim() !== '') return own;
  if (info.label !== undefined) return info.label;
  return info.config ? scriptName(info.config).replace(/\.[cm]?[jt]s$|\.py$/, '') : info.conn;
}

export function ExportServersButton({ conns }: { conns: readonly ConnInfo[] }) {
  const [said, setSaid] = useState<string | undefined>();
  const servers = conns.flatMap((info) => (info.config ? [{ name: entryName(info), config: info.config }] : []));

  const save = (): void => {
    const written = writeServersFile(servers);
    const url = URL.createObjectURL(new Blob([written.text], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'mcp-servers.json';
    a.click();
    // The download has its own copy once started; the URL is kept a moment for slow browsers.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    const count = `${written.names.length} server${written.names.length === 1 ? '' : 's'} exported`;
    const secrets =
      written.redacted === 0
        ? ''
        : `; ${written.redacted} secret value${written.redacted === 1 ? '' : 's'} written as [redacted]: fill ${written.redacted === 1 ? 'it' : 'them'} in before use`;
    setSaid(`${count}${secrets}.`);
  };

  return (
    <>
      <button
        type="button"
        disabled={servers.length === 0}
        onClick={save}
        title="Save the listed servers as an mcpServers file (Claude Desktop, Cursor, VS Code), secrets redacted"
      >
        Export as mcpServers
      </button>
      {said !== undefined && (
        <p className="status export-note" data-testid="export-servers-note" role="status">
          {said}
        </p>
      )}
    </>
  );
}
