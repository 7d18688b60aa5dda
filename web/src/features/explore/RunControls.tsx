import type { ProgressUpdate } from '../../../../protocol/clientSession.js';

/** What RunControls needs of a run (see useRun). */
export interface RunState {
  running: boolean;
  progress: ProgressUpdate | undefined;
  timeoutMs: number;
  setTimeoutMs: (ms: number) => void;
  cancel: () => void;
}

export interface RunControlsProps {
  run: RunState;
  /** Without it the send button submits the form it sits in (Enter in any field sends too). */
  onSend?: () => void;
  sendLabel: string;
  testId?: string;
  disabled?: boolean;
}

/** Send, cancel, the per-request timeout, and progress as the server reports it. */
export function RunControls({ run, onSend, sendLabel, testId = 'send', disabled }: RunControlsProps) {
  const { running, progress, timeoutMs } = run;
  return (
    <div className="run-controls">
      <button type={onSend ? 'button' : 'submit'} className="primary" onClick={onSend} disabled={running || disabled} data-testid={testId}>
        {sendLabel}
      </button>
      {running && (
        <button type="button" onClick={run.cancel} data-testid="cancel">
          Cancel
        </button>
      )}
      <label className="inline">
        timeout (ms)
        <input
          type="number"
          min={100}
          step={100}
          value={timeoutMs}
          onChange={(e) => run.setTimeoutMs(Math.max(100, Number(e.target.value) || 60_000))}
          style={{ width: 100 }}
        />
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
