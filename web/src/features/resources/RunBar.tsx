import type { ProgressUpdate } from '../../../../protocol/clientSession.js';

export interface RunBarProps {
  label: string;
  testId: string;
  running: boolean;
  progress: ProgressUpdate | undefined;
  timeoutMs: number;
  onTimeout: (ms: number) => void;
  onCancel: () => void;
  disabled?: boolean;
}

/**
 * The send button of a form (type submit: Enter in any field of the form sends too), cancel,
 * the per-request timeout, and progress as the server reports it. Place it inside the form.
 */
export function RunBar({ label, testId, running, progress, timeoutMs, onTimeout, onCancel, disabled }: RunBarProps) {
  return (
    <div className="run-controls">
      <button type="submit" className="primary" disabled={running || disabled} data-testid={testId}>
        {label}
      </button>
      {running && (
        <button type="button" onClick={onCancel} data-testid="cancel">
          Cancel
        </button>
      )}
      <label className="inline">
        timeout (ms)
        <input type="number" min={100} step={100} value={timeoutMs} onChange={(e) => onTimeout(Math.max(100, Number(e.target.value) || 60_000))} style={{ width: 100 }} />
      </label>
      {running && (
        <span className="progress" role="status" data-testid="progress">
          {progress ? (
            <>
              <progress value={progress.progress} max={progress.total ?? undefined} />
              {progress.progress}
              {progress.total !== undefined && ` / ${progress.total}`}
              {progress.message && ` · ${progress.message}`}
            </>
          ) : (
            'waiting for the answer…'
          )}
        </span>
      )}
    </div>
  );
}
