/**
 * The detail pane's three copies: the messages as JSON, the exact lines, and the `mcp-lens call`
 * command that sends the request again. The command is also shown, so it can be read before it
 * is run (and selected by hand where the clipboard is not allowed), with the variables of the
 * user's shell it needs named beside it.
 */
import { useEffect, useState } from 'react';
import type { RowDetail, TimelineClient } from '../../../../protocol/timeline/contract.js';
import type { ConnInfo } from '../../../../protocol/session.js';
import type { ConnectionConfig } from '../../../../protocol/envelope.js';
import { elicitAnswerOf, type ElicitAnswer } from '../../../../protocol/elicitAnswer.js';
import { cliCommand, type CliCommand } from './cliCommand.js';
import { copyJson, copyLines, requestOf } from './detailText.js';
import { writeClipboard } from '../../ui/clipboard.js';

/** What the command needs beside the row: how to run the CLI here, the tab's clear config, the answers given. */
export interface CommandContext {
  cli?: readonly string[] | undefined;
  serverCwd?: string | undefined;
  clear?: ConnectionConfig | undefined;
  elicit?: ElicitAnswer | undefined;
}

export function commandFor(detail: RowDetail, conn: ConnInfo | undefined, context: CommandContext = {}): CliCommand {
  const request = requestOf(detail);
  if (request === undefined) return { ok: false, reason: 'only a request sent to the server can be sent again' };
  if (!conn?.config) return { ok: false, reason: 'the connection’s server command is not known' };
  if (conn.config.transport === 'app')
    return { ok: false, reason: 'an MCP App’s lane is not a server: its messages cannot be sent from a shell' };
  return cliCommand({
    request,
    config: conn.config,
    ...(conn.connected ? { flow: conn.connected.flow, protocolVersion: conn.connected.protocolVersion } : {}),
    ...(context.cli ? { cli: context.cli } : {}),
    ...(context.serverCwd ? { serverCwd: context.serverCwd } : {}),
    ...(context.clear ? { clear: context.clear } : {}),
    ...(context.elicit ? { elicit: context.elicit } : {}),
  });
}

/** Child rows read for the server's questions: a request asks a handful, not hundreds. */
const MAX_QUESTIONS = 20;

/**
 * How the server's elicitations during the row's request were answered: the client's responses
 * to its `elicitation/create` child rows (handshake), or the request's own `inputResponses`
 * (a stateless retry). Undefined until read, and when there were none.
 */
export function useElicitAnswer(client: TimelineClient | undefined, detail: RowDetail | undefined): ElicitAnswer | undefined {
  const [read, setRead] = useState<{ detail: RowDetail; answer: ElicitAnswer | undefined }>();
  useEffect(() => {
    if (!detail || detail.row.kind !== 'request') return;
    let alive = true;
    const request = requestOf(detail);
    const children = client ? detail.childRows.slice(0, MAX_QUESTIONS).map((row) => client.detail(row)) : [];
    void Promise.all(children).then((details) => {
      const messages = details.flatMap((d) => (d?.row.method === 'elicitation/create' ? d.lines.map((l) => l.json) : []));
      if (alive) setRead({ detail, answer: elicitAnswerOf(request, messages) });
    });
    return () => {
      alive = false;
    };
  }, [client, detail]);
  return read !== undefined && read.detail === detail ? read.answer : undefined;
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
