/**
 * The detail pane's three copies: the messages as JSON, the exact lines, and the `mcp-lens call`
 * command that sends the request again. The command is also shown, so it can be read before it
 * is run (and selected by hand where the clipboard is not allowed).
 */
import { useState } from 'react';
import type { RowDetail } from '../../../../protocol/timeline/contract.js';
import type { ConnInfo } from '../../../../protocol/session.js';
import { cliCommand, type CliCommand } from './cliCommand.js';
import { copyJson, copyLines, requestOf } from './detailText.js';

export function commandFor(detail: RowDetail, conn: ConnInfo | undefined): CliCommand {
  const request = requestOf(detail);
  if (request === undefined) return { ok: false, reason: 'only a request sent to the server can be sent again' };
  if (!conn?.config) return { ok: false, reason: 'the connection’s server command is not known' };
  return cliCommand({
    request,
    config: conn.config,
    ...(conn.connected ? { flow: conn.connected.flow, protocolVersion: conn.connected.protocolVersion } : {}),
  });
}

export function CopyButtons({ detail, command }: { detail: RowDetail; command: CliCommand }) {
  const [copied, setCopied] = useState<string | undefined>();
  const copy = (what: string, text: string): void => {
    void writeClipboard(text).then((ok) => setCopied(ok ? `Copied ${what}` : `Could not copy ${what}: the browser refused`));
  };
  return (
    <div className="row wrap tl-copy">
      <button type="button" onClick={() => copy('as JSON', copyJson(detail))} data-testid="copy-json">
        Copy as JSON
      </button>
      <button type="button" onClick={() => copy('the raw line', copyLines(detail))} data-testid="copy-line">
        Copy raw line{detail.lines.length > 1 ? 's' : ''}
      </button>
      <button
        type="button"
        onClick={() => command.ok && copy('the command', command.line)}
        disabled={!command.ok}
        title={command.ok ? 'A command line that sends this request again' : command.reason}
        data-testid="copy-cli"
      >
        Copy as CLI
      </button>
      <span className="status" role="status" aria-live="polite">
        {copied}
      </span>
    </div>
  );
}

async function writeClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Without clipboard permission (an http page, a headless browser): the older way.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}
