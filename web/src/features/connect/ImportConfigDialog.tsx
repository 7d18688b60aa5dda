/**
 * "Import config…": an `mcpServers` config file (Claude Desktop, Cursor, VS Code), pasted or
 * opened, read as it is typed (protocol/mcpServersFile.ts); each server is listed with how it
 * would start, each problem with its line and column, and picking one fills the connect form.
 * The file is the user's, but it is still shown as text only. A modal dialog: Escape or Cancel
 * closes it, focus returns where it was.
 */
import { useMemo, useState } from 'react';
import { FilePickerButton } from '../../ui/FilePickerButton.js';
import { ModalDialog } from '../../ui/ModalDialog.js';
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
  const [text, setText] = useState('');
  const [fileError, setFileError] = useState<string | undefined>();
  const read = useMemo(() => (text.trim() === '' ? undefined : readServersFile(text)), [text]);

  const openFile = async (file: File): Promise<void> => {
    try {
      setText(await file.text());
      setFileError(undefined);
    } catch (error) {
      setFileError(`${file.name} could not be read: ${(error as Error).message}`);
    }
  };

  return (
    <ModalDialog className="import-config" labelledBy="import-config-title" testId="import-config" onClose={onClose} focusFirst="textarea">
      <h3 id="import-config-title">Import a server from a config file</h3>
      <p className="status">
        Paste an <code>mcpServers</code> file (Claude Desktop, Cursor, Claude Code) or VS Code&apos;s <code>servers</code>, or open one.
        Environment and header values are marked as secret.
      </p>
      <div className="row">
        <FilePickerButton accept=".json,.jsonc,application/json" inputTestId="import-config-file" onFile={(file) => void openFile(file)} />
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
    </ModalDialog>
  );
}
