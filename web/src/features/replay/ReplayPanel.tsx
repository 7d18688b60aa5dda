/**
 * Replay, for a session opened from a file or the journal: pick the recorded connections, the
 * server to start (prefilled from the recording; its secrets were redacted, so they may need
 * typing again; started without a shell, arguments as given), the flow and the paths to set
 * aside, and the recorded requests are sent again on new live connections of this session.
 * Progress and the summary show here; each exchange's verdict is a row on the live timeline.
 */
import { useMemo, useState, useSyncExternalStore, type FormEvent } from 'react';
import type { BridgeEvent } from '../../../../protocol/envelope.js';
import { renderSummary } from '../../../../protocol/replay/report.js';
import { REDACTED } from '../../../../protocol/redact.js';
import type { ConfigFields } from '../connect/parseConfig.js';
import { parseIgnore, prefill, readFields, readSource, redactedLeft, type FlowField, type ReplayFields } from './replayForm.js';
import type { ReplayRuns, ReplayState } from './replayRuns.js';
import './replay.css';

const FLOWS: { value: FlowField; label: string; hint: string }[] = [
  { value: 'recorded', label: 'As recorded', hint: 'each connection in the flow it was recorded in' },
  { value: 'handshake', label: 'Handshake', hint: 'initialize first; a stateless recording is compared on what both flows say' },
  { value: 'stateless', label: 'Stateless', hint: 'server/discover first; a handshake recording is compared on what both flows say' },
  { value: 'auto', label: 'Auto', hint: 'probe with server/discover, fall back to the handshake' },
];

interface Props {
  runs: ReplayRuns;
  /** The opened file's name, or the past session's. */
  name: string;
  events: readonly BridgeEvent[];
  /** Not connected to the bridge: nothing can be started. */
  disabled: boolean;
  onShowTimeline: () => void;
}

export function ReplayPanel({ runs, name, events, disabled, onShowTimeline }: Props) {
  const source = useMemo(() => readSource(name, events), [name, events]);
  // The form as last typed for this session, kept while the page lives (a typed secret included, never written anywhere).
  const [fields, setFieldsState] = useState<ReplayFields>(() => runs.drafts.get(name) ?? prefill(source));
  const setFields = (change: (f: ReplayFields) => ReplayFields): void =>
    setFieldsState((f) => {
      const next = change(f);
      runs.drafts.set(name, next);
      return next;
    });
  const [errors, setErrors] = useState<string[]>([]);
  const state = useSyncExternalStore(runs.subscribe, runs.getSnapshot);
  const running = state?.phase === 'running';
  const ignoreErrors = useMemo(() => parseIgnore(fields.ignore).errors, [fields.ignore]);
  const left = redactedLeft(fields);

  const set =
    <K extends keyof ReplayFields>(key: K) =>
    (value: ReplayFields[K]): void =>
      setFields((f) => ({ ...f, [key]: value }));
  const text = (key: Exclude<keyof ConfigFields, 'inheritEnv'> | 'ignore') => ({
    value: fields[key] ?? '',
    onChange: (e: { target: { value: string } }) => set(key)(e.target.value),
    spellCheck: false,
  });

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    const { plan, errors: found } = readFields(fields, source);
    setErrors(found);
    if (plan) runs.start(plan);
  };

  if (source.recordings.length === 0)
    return (
      <div className="replay" data-testid="replay-view">
        <p className="empty">This session has no recorded requests to replay.</p>
      </div>
    );

  return (
    <div className="replay" data-testid="replay-view">
      <form className="replay-form" onSubmit={submit} aria-label="Replay the recorded requests" data-testid="replay-form">
        <p className="status">
          Sends the recorded requests of {name} again, in order, on a new connection of this session, answers the server&apos;s questions as
          they were answered, and compares each answer with the recorded one (ids, progress tokens, <code>requestState</code>, timestamps
          and process ids set aside; JSON written as text is compared as JSON). Each verdict is a row on the live timeline.
        </p>
        <label htmlFor="replay-conn">Recorded connection</label>
        <select id="replay-conn" value={fields.conn} onChange={(e) => set('conn')(e.target.value)} data-testid="replay-conn">
          <option value="">
            All with calls ({source.recordings.length} {source.recordings.length === 1 ? 'connection' : 'connections'})
          </option>
          {source.recordings.map((r) => (
            <option key={r.conn} value={r.conn}>
              {r.conn}
              {r.label === undefined ? '' : ` (${r.label})`}: {r.calls.length} {r.calls.length === 1 ? 'call' : 'calls'},{' '}
              {r.flow ?? 'flow unknown'}
            </option>
          ))}
        </select>
        <label htmlFor="replay-cmd">Program to start</label>
        <input id="replay-cmd" {...text('command')} autoComplete="off" data-testid="replay-command" />
        <label htmlFor="replay-args">Its arguments (one per line, passed as is: no shell)</label>
        <textarea id="replay-args" rows={2} {...text('args')} data-testid="replay-args" />
        <label htmlFor="replay-env">Its environment (NAME=value per line; values are never journaled or exported)</label>
        <textarea id="replay-env" rows={2} {...text('env')} data-testid="replay-env" />
        {(left.env.length > 0 || left.args) && (
          <p className="warn-text" data-testid="replay-redacted">
            The session file does not carry secrets: {left.env.length > 0 ? `env ${left.env.join(', ')}` : ''}
            {left.env.length > 0 && left.args ? ' and ' : ''}
            {left.args ? 'an argument' : ''} still read {REDACTED}. Type the real value
            {left.env.length + (left.args ? 1 : 0) > 1 ? 's' : ''} before replaying.
          </p>
        )}
        <label className="check">
          <input type="checkbox" checked={fields.inheritEnv ?? false} onChange={(e) => set('inheritEnv')(e.target.checked)} />
          Inherit the bridge&apos;s whole environment
        </label>
        <label htmlFor="replay-cwd">Working directory (optional)</label>
        <input id="replay-cwd" {...text('cwd')} />
        <fieldset>
          <legend>Flow</legend>
          <div className="radio-row" role="radiogroup" aria-label="Replay flow">
            {FLOWS.map((f) => (
              <label key={f.value} title={f.hint}>
                <input
                  type="radio"
                  name="replay-flow"
                  value={f.value}
                  checked={fields.flow === f.value}
                  onChange={() => set('flow')(f.value)}
                />
                {f.label}
              </label>
            ))}
          </div>
        </fieldset>
        <label htmlFor="replay-ignore">Set aside (JSONPath, one per line, like $.result.content[0].text or $..version)</label>
        <textarea
          id="replay-ignore"
          rows={2}
          {...text('ignore')}
          aria-invalid={ignoreErrors.length > 0}
          aria-describedby={ignoreErrors.length > 0 ? 'replay-ignore-errors' : undefined}
          data-testid="replay-ignore"
        />
        {ignoreErrors.length > 0 && (
          <ul id="replay-ignore-errors" className="replay-errors" data-testid="replay-ignore-error">
            {ignoreErrors.map((e) => (
              <li key={e} className="error">
                {e}
              </li>
            ))}
          </ul>
        )}
        {errors
          .filter((e) => !e.startsWith('Set aside:'))
          .map((e) => (
            <p key={e} className="error" role="alert">
              {e}
            </p>
          ))}
        <div className="row">
          <button type="submit" className="primary" disabled={disabled || running} data-testid="replay-start">
            Replay
          </button>
          {running && (
            <button type="button" onClick={() => runs.cancel()} data-testid="replay-cancel">
              Cancel
            </button>
          )}
        </div>
      </form>
      {state && <ReplayProgress state={state} onShowTimeline={onShowTimeline} />}
    </div>
  );
}

function ReplayProgress({ state, onShowTimeline }: { state: ReplayState; onShowTimeline: () => void }) {
  const { tally } = state;
  return (
    <section
      className="replay-result"
      aria-label="Replay progress"
      data-testid="replay-summary"
      data-phase={state.phase}
      data-match={tally.match}
      data-differ={tally.differ}
      data-skipped={tally.skipped}
      data-failed={tally.failed}
    >
      <p role="status" data-testid="replay-progress">
        {state.phase === 'running'
          ? `Replaying ${state.source}: ${state.judged} of ${state.total} exchanges`
          : `${state.phase === 'cancelled' ? 'Cancelled' : 'Done'}: ${renderSummary(tally)}`}
      </p>
      <progress max={Math.max(1, state.total)} value={state.judged} aria-label="Exchanges judged" />
      <ul className="replay-conns">
        {state.conns.map((c) => (
          <li key={c.conn} data-testid="replay-conn-result" data-conn={c.conn}>
            {c.recordedConn} → {c.conn}
            {c.flow === undefined ? '' : ` (${c.flow})`}: {renderSummary(c.tally)}
            {c.reason === undefined ? '' : `; ${c.reason}`}
          </li>
        ))}
      </ul>
      <button type="button" onClick={onShowTimeline} data-testid="replay-show-timeline">
        Show on the timeline
      </button>
    </section>
  );
}

/** The last replay in a few words, for the live view's tab bar (a run goes on while other views show). */
export function ReplayStatus({ runs }: { runs: ReplayRuns }) {
  const state = useSyncExternalStore(runs.subscribe, runs.getSnapshot);
  if (!state || state.statusSeen) return null;
  const text =
    state.phase === 'running'
      ? `replaying: ${state.judged} of ${state.total}`
      : `replay ${state.phase === 'cancelled' ? 'cancelled' : 'done'}: ${renderSummary(state.tally)}`;
  // The tab bar may cut it short: the whole of it on hover.
  return (
    <span className="status" data-testid="replay-status" data-phase={state.phase} title={text}>
      {text}
    </span>
  );
}
