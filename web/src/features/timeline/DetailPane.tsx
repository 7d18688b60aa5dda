/**
 * Everything about one row: what became of it and when, the lint findings with their spec pages,
 * progress steps, every line exactly and as a JSON tree, the rows it nests in or holds, and the
 * copies. Answers "what did it send, what came back, and why is it flagged" without raw JSON.
 */
import { Fragment, useState, type ReactNode } from 'react';
import type { RowDetail } from '../../../../protocol/timeline/contract.js';
import type { ConnInfo } from '../../../../protocol/session.js';
import { CopyButtons, commandFor, type CommandContext } from './CopyButtons.js';
import { ExactLine } from './ExactLine.js';
import { JsonTree } from './JsonTree.js';
import { ReplayNoteDetail } from './ReplayNoteDetail.js';
import { TaskDetail } from './TaskDetail.js';
import { ResendUnavailable } from './ResendUnavailable.js';
import type { ResendProps } from './ResendAction.js';
import { readExchangeNote, REPLAY_TOPICS } from '../../../../protocol/replay/notes.js';
import { lineRole, progressSteps, specLink, statusSentence } from './detailText.js';
import { authEventSchema, type AuthEvent } from '../../../../protocol/envelope.js';
import { AuthStepDetail } from '../auth/AuthStepDetail.js';
import type { AuthStepCommand } from '../auth/HeldRequestEditor.js';
import { formatDuration, formatId, formatTime, kindLabel, rowDuration, statusLabel, statusTone } from './format.js';

interface Props {
  detail: RowDetail | undefined;
  conn: ConnInfo | undefined;
  connName: string;
  onClose: () => void;
  onPickRow: (row: number) => void;
  /** Selects the row holding an event, by its seq (a replay verdict's link to the new exchange). */
  onPickSeq?: (seq: number) => void;
  /** For "Copy as CLI": how to run the CLI here, the tab's clear config, the answers given. */
  commandContext?: CommandContext;
  /**
   * The live session's "Edit and resend" (ResendAction), given by the app: the viewer page, a
   * single file, carries no editor. Without it the row is a recording's and cannot be sent.
   */
  resend?: ((p: ResendProps) => ReactNode) | undefined;
  /** The session's authorization steps, for an auth row's run; `onStep` on a live session only. */
  auth?: AuthContext | undefined;
}

export interface AuthContext {
  events: readonly AuthEvent[] | undefined;
  onStep?: ((command: AuthStepCommand) => void) | undefined;
}

const STREAM = { stdin: '→ sent', stdout: '← received', stderr: '⚠ stderr' } as const;

export function DetailPane({ detail, conn, connName, onClose, onPickRow, onPickSeq, commandContext, resend, auth }: Props) {
  if (!detail) {
    return (
      <section className="tl-detail" aria-label="Row detail" data-testid="detail-pane" aria-busy="true">
        <div className="status">Loading…</div>
      </section>
    );
  }
  const { row } = detail;
  const duration = rowDuration(row);
  const steps = progressSteps(detail);
  const command = commandFor(detail, conn, commandContext);
  // The request as the client sent it: its first line written to the server.
  // An auth row's event, read again here: it came from a file or the bridge, and is shown in detail.
  const authStep = row.kind === 'auth' ? authEventSchema.safeParse(detail.events[0]) : undefined;
  const sentRequest = row.kind === 'request' && row.direction === 'out' ? detail.lines.find((l) => l.stream === 'stdin')?.json : undefined;
  return (
    <section className="tl-detail" aria-label="Row detail" data-testid="detail-pane" data-row={row.row}>
      <header className="tl-detail-head">
        <h3>
          {row.method ?? kindLabel(row.kind)} {row.id !== undefined && <span className="status">{formatId(row.id)}</span>}
        </h3>
        {row.status !== 'none' && (
          <span className={`pill tone-${statusTone(row.status)}`} data-testid="detail-status-pill">
            {statusLabel(row.status)}
          </span>
        )}
        <span className="spacer" />
        <button type="button" onClick={onClose} aria-label="Close detail" title="Close (Escape)">
          ✕
        </button>
      </header>
      <CopyButtons detail={detail} command={command} />
      {sentRequest !== undefined &&
        row.conn !== undefined &&
        (resend ? (
          <Fragment key={row.row}>{resend({ conn: row.conn, connName, request: sentRequest })}</Fragment>
        ) : (
          <ResendUnavailable reason="This is a recording: there is no live connection to send it on." />
        ))}
      <dl className="tl-facts">
        <dt>connection</dt>
        <dd title={row.conn}>{row.conn === undefined ? 'the bridge' : `${connName} (${row.conn})`}</dd>
        {row.status !== 'none' && (
          <>
            <dt>outcome</dt>
            <dd data-testid="detail-status">{statusSentence(row)}</dd>
          </>
        )}
        <dt>{row.kind === 'request' ? 'sent' : 'at'}</dt>
        <dd>{formatTime(row.t0)}</dd>
        {row.kind === 'request' && row.t1 !== undefined && (
          <>
            <dt>answered</dt>
            <dd>{formatTime(row.t1)}</dd>
            <dt>duration</dt>
            <dd data-testid="detail-duration">{duration === undefined ? '' : formatDuration(duration) || '0 ms'}</dd>
          </>
        )}
        {detail.revision && (
          <>
            <dt>revision</dt>
            <dd>{detail.revision}</dd>
          </>
        )}
        {detail.parent !== undefined && (
          <>
            <dt>nested in</dt>
            <dd>
              <button type="button" className="link" onClick={() => onPickRow(detail.parent ?? 0)} data-testid="detail-parent">
                row {detail.parent}
              </button>
            </dd>
          </>
        )}
        {detail.childRows.length > 0 && (
          <>
            <dt>holds</dt>
            <dd>
              {detail.childRows.slice(0, 50).map((child) => (
                <button key={child} type="button" className="link" onClick={() => onPickRow(child)} data-testid="detail-child">
                  row {child}
                </button>
              ))}
              {detail.childRows.length > 50 && ` and ${detail.childRows.length - 50} more`}
            </dd>
          </>
        )}
      </dl>
      {detail.task && <TaskDetail task={detail.task} row={row.row} onPickRow={onPickRow} />}
      {authStep?.success && <AuthStepDetail event={authStep.data} all={auth?.events} onPickSeq={onPickSeq} onStep={auth?.onStep} />}
      {detail.findings.length > 0 && (
        <ul className="findings" aria-label="Lint findings" data-testid="findings">
          {detail.findings.map((f, i) => {
            const href = specLink(f, detail.revision);
            return (
              <li key={i} className={`finding ${f.severity}`}>
                <strong>{f.severity}</strong> <code>{f.rule}</code>: {f.message}{' '}
                {href && (
                  <a href={href} target="_blank" rel="noreferrer noopener">
                    spec
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {steps.length > 0 && (
        <table className="tl-progress-steps" aria-label="Progress">
          <tbody>
            {steps.map((s, i) => (
              <tr key={i}>
                <td>+{formatDuration(s.t - row.t0) || '0 ms'}</td>
                <td>
                  {s.progress}
                  {s.total !== undefined && ` / ${s.total}`}
                </td>
                <td>{s.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {detail.lines.map((line, i) => (
        <LineBlock key={line.seq} line={line} t0={row.t0} openTree={i < 2 || i === detail.lines.length - 1} />
      ))}
      {detail.events.map((event, i) => {
        const note = replayVerdict(event);
        return note && <ReplayNoteDetail key={`replay-${i}`} note={note} {...(onPickSeq ? { onShowSeq: onPickSeq } : {})} />;
      })}
      {detail.events.map((event, i) => (
        <div key={i} className="tl-line-block">
          <JsonTree value={event} label="Event" />
        </div>
      ))}
      {command.ok && (
        <details className="tl-cli">
          <summary>Send it again from a shell</summary>
          <pre data-testid="detail-cli">{command.line}</pre>
          {command.needs.length > 0 && (
            <p className="status" data-testid="detail-cli-needs">
              Needs {command.needs.join(', ')} set in your shell (secrets are never written into the command).
            </p>
          )}
          {command.caveat && <p className="warn-text">{command.caveat}</p>}
        </details>
      )}
    </section>
  );
}

/** A replay's verdict on an exchange, when the event is one (whatever else a note's data holds, it is not). */
function replayVerdict(event: unknown): ReturnType<typeof readExchangeNote> {
  const e = event as { kind?: unknown; topic?: unknown; data?: unknown } | null;
  return e?.kind === 'note' && e.topic === REPLAY_TOPICS.exchange ? readExchangeNote(e.data) : undefined;
}

function LineBlock({ line, t0, openTree }: { line: RowDetail['lines'][number]; t0: number; openTree: boolean }) {
  const [tree, setTree] = useState(openTree && line.json !== undefined);
  return (
    <div className="tl-line-block" data-testid="detail-message" data-stream={line.stream}>
      <div className="row">
        <strong className={`tl-dir dir-${line.stream === 'stdin' ? 'out' : 'in'}`}>{STREAM[line.stream]}</strong>
        <span data-testid="detail-kind">{lineRole(line)}</span>
        <span className="status">
          +{formatDuration(line.t - t0) || '0 ms'} · #{line.seq}
        </span>
        <span className="spacer" />
        {line.json !== undefined && (
          <button type="button" className="link" onClick={() => setTree((t) => !t)} aria-expanded={tree}>
            {tree ? 'Hide tree' : 'JSON tree'}
          </button>
        )}
      </div>
      {tree && line.json !== undefined && <JsonTree value={line.json} label={`Line ${line.seq}`} />}
      <ExactLine line={line} />
    </div>
  );
}
