/**
 * Before a tour first starts a program of its own: what it runs, with which arguments, env
 * names and working directory, and a yes or no. A tour travels from trainer to learner; the
 * learner sees the program before it runs. The built-in demo server is never asked about.
 */
import { ModalDialog } from '../../ui/ModalDialog.js';
import type { RunnerView } from './tourRunner.js';

export function LaunchConfirm({
  ask,
  onRun,
  onCancel,
}: {
  ask: NonNullable<RunnerView['confirm']>;
  onRun: () => void;
  onCancel: () => void;
}) {
  return (
    <ModalDialog
      className="tour-launch-confirm"
      labelledBy="tour-launch-title"
      testId="tour-launch-confirm"
      onClose={onCancel}
      focusFirst="[data-testid=tour-launch-no]"
    >
      <h3 id="tour-launch-title">This tour starts a program on this computer</h3>
      <p>It runs with your permissions. Start it only if you trust where the tour came from.</p>
      <dl className="tour-launch-what">
        <dt>command</dt>
        <dd>
          <code data-testid="tour-launch-command">{ask.command}</code>
        </dd>
        <dt>arguments</dt>
        <dd data-testid="tour-launch-args">
          {ask.args.length === 0 ? (
            <span className="status">none</span>
          ) : (
            <ol>
              {ask.args.map((arg, i) => (
                <li key={i}>
                  <code>{arg}</code>
                </li>
              ))}
            </ol>
          )}
        </dd>
        <dt>env</dt>
        <dd data-testid="tour-launch-env">
          {ask.envNames.length === 0 ? (
            <span className="status">none set by the tour</span>
          ) : (
            <>
              {ask.envNames.map((name) => (
                <code key={name}>{name} </code>
              ))}
              <span className="status">(values not shown)</span>
            </>
          )}
        </dd>
        <dt>working directory</dt>
        <dd>
          <code data-testid="tour-launch-cwd">{ask.cwd ?? 'the bridge’s own'}</code>
        </dd>
      </dl>
      <div className="row">
        <span className="spacer" />
        <button type="button" onClick={onCancel} data-testid="tour-launch-no">
          Cancel
        </button>
        <button type="button" className="primary" onClick={onRun} data-testid="tour-launch-yes">
          Start it
        </button>
      </div>
    </ModalDialog>
  );
}
