/**
 * Session files: export what this tab holds (every event, exact bytes, env values and
 * credential-like arguments redacted) and open one, anyone's, read-only.
 */
import { useRef, useState } from 'react';
import { buildSessionFile, parseSessionFile } from '../../../../protocol/sessionFile.js';
import { SessionModel } from '../../../../protocol/session.js';
import type { BridgeEvent } from '../../../../protocol/envelope.js';
import type { Archive } from './PastSessions.js';

export function ExportButton({ events, session }: { events: readonly BridgeEvent[]; session: string | undefined }) {
  const download = (): void => {
    const file = buildSessionFile(events, { name: 'mcp-lens', version: '0.1.0' });
    const blob = new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `${session ?? 'session'}.mcplens.json`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  return (
    <button
      type="button"
      onClick={download}
      disabled={events.length === 0}
      data-testid="export-session"
      title="Every event with its exact bytes; env values redacted"
    >
      Export session
    </button>
  );
}

export function OpenSessionFile({ onOpen }: { onOpen: (a: Archive) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | undefined>();
  const open = async (file: File): Promise<void> => {
    setError(undefined);
    const parsed = parseSessionFile(await file.text());
    if (!parsed.ok) {
      setError(`${file.name}: ${parsed.error}`);
      return;
    }
    const model = new SessionModel();
    for (const event of parsed.file.events) model.apply(event);
    onOpen({ session: file.name, model, problems: [] });
  };
  return (
    <div>
      <label className="check">
        Open a session file
        <input
          ref={input}
          type="file"
          accept=".json,application/json"
          data-testid="open-session-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void open(file);
            e.target.value = '';
          }}
        />
      </label>
      {error && (
        <p className="error" role="alert" data-testid="open-error">
          {error}
        </p>
      )}
    </div>
  );
}
