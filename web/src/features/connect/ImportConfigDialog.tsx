/**
 * "Import config…": an `mcpServers` config file (Claude Desktop, Cursor, VS Code), pasted or
 * opened, read as it is typed (protocol/mcpServersFile.ts); each server is listed with how it
 * would start, each problem with its line and column, and picking one fills the connect form.
 * The file is the user's, but it is still shown as text only. A modal dialog: Escape or Cancel
 * closes it, focus returns where it was.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { formatConfigProblem, readServersFile, type ImportedServer } from '../../../../protocol/mcpServersFile.js';
import './importConfig.css';

interface Props {
  onPick: (server: ImportedServer) => void;
  onClose: () => void;
}

function howItStarts(server: ImportedServer): string {
  if (server.transport === 'http') return `${server.remoteType === 'sse' ? 'SSE' : 'HTTP'} ${server.config.url}`;
  return [server.config.command, ...server.config.args].join(' ');
}

export function ImportConfigDialog({ onPick, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [fileError, setFileError] = useState<string | undefined>();
  const read = useMemo(() => (text.trim() === '' ? undefined : readServersFile(text)), [text]);

  useEffect(() => {
    const dialog = ref.current;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : undefined;
    if (dialog && !dialog.open) dialog.showModal();
    dialog?.querySelector<HTMLElement>('textarea')?.focus();
    return () => before?.focus();
  }, []);

  const openFile = async (file: File): Promise<void> => {
    try {
      setText(await file.text());
      setFileError(undefined);
    } catch (error) {
      setFileError(`${file.name} could not be read: ${(error as Error).message}`);
    }
  };

  return (
    <dialog
      ref={ref}
      className="import-config"
      aria-labelledby="import-config-title"
      data-testid="import-config"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      // Keys typed here are the dialog's, not the page's shortcuts.
      onKeyDown={(e) => e.stopPropagation()}
    >
      <h3 id="import-config-title">Import a server from a config file</h3>
      <p className="status">
        Paste an <code>mcpServers</code> file (Claude Desktop, Cursor, Claude Code) or VS Code&apos;s <code>servers</code>, or open one.
        Environment and header values are marked as secret.
      </p>
      <div className="row">
        <button type="button" onClick={() => fileInput.current?.click()}>
          Open a file…
        </button>
        <input
          ref={fileInput}
          type="file"
          accept=".json,.jsonc,application/json"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="import-config-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void openFile(file);
            e.target.value = '';
          }}
        />
      </div>
      <label htmlFor="import-config-text">Config file (JSON)</label>
      <textarea
        id="import-config-text"
        rows={8}
        value={text}
        onChange={(e) => setText(e.target.value)}
        spellCheck={false}
        autoComplete="off"
        placeholder={'{\n  "mcpServers": {\n    "name": { "command": "node", "args": ["server.js"] }\n  }\n}'}
      />
      {fileError && <p className="error">{fileError}</p>}
      {read && read.problems.length > 0 && (
        <ul className="import-config-problems" aria-label="Problems in the file">
          {read.problems.map((p) => (
            <li key={`${p.line}:${p.column}:${p.message}`} className="error">
              {formatConfigProblem(p)}
            </li>
          ))}
        </ul>
      )}
      {read?.ok && (
        <ul className="import-config-servers" aria-label="Servers in the file">
          {read.servers.map((server) => (
            <li key={server.name} data-testid="import-config-server">
              <button type="button" onClick={() => onPick(server)}>
                Use “{server.name}”
              </button>
              <code className="import-config-how">{howItStarts(server)}</code>
              {server.notes.map((note) => (
                <span key={note} className="status import-config-note">
                  {note}
                </span>
              ))}
            </li>
          ))}
        </ul>
      )}
      <div className="row">
        <span className="spacer" />
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </dialog>
  );
}
