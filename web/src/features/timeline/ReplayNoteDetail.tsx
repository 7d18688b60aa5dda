/**
 * A replay's verdict on one exchange, in the detail pane of its note row: what was asked, the
 * ids on both sides, and each difference as a row of a table (where, the recorded value, the
 * new one), every value as JSON text, so whatever a server sent stays inert. A link leads to
 * the replayed exchange's own row.
 */
import type { ReplayExchangeNote } from '../../../../protocol/replay/notes.js';
import { differenceValue, verdictText } from '../../../../protocol/replay/notes.js';
import { formatId } from './format.js';
import './replayNote.css';

interface Props {
  note: ReplayExchangeNote;
  /** Selects the row holding this seq; absent where rows cannot be looked up. */
  onShowSeq?: (seq: number) => void;
}

export function ReplayNoteDetail({ note, onShowSeq }: Props) {
  const ids = (list: readonly (string | number)[]): string => (list.length === 0 ? 'none' : list.map(formatId).join(', '));
  const shown = note.differences.length;
  return (
    <section className="tl-line-block" aria-label="Replay verdict" data-testid="replay-note" data-status={note.status}>
      <dl className="tl-facts">
        <dt>replayed</dt>
        <dd>
          {note.what} (recorded on {note.recordedConn}
          {note.index === 0 ? ', its opening' : `, call #${note.index}`})
        </dd>
        <dt>verdict</dt>
        <dd data-testid="replay-note-verdict">{verdictText(note)}</dd>
        <dt>ids</dt>
        <dd>
          recorded {ids(note.recordedIds)} → replayed {ids(note.replayedIds)}
        </dd>
        {note.replayedSeq !== undefined && onShowSeq && (
          <>
            <dt>new exchange</dt>
            <dd>
              <button
                type="button"
                className="link"
                onClick={() => onShowSeq(note.replayedSeq ?? 0)}
                data-testid="replay-note-show-replayed"
              >
                show the replayed request and its answer
              </button>
            </dd>
          </>
        )}
      </dl>
      {note.note !== undefined && <p className="warn-text">{note.note}</p>}
      {shown > 0 && (
        <table className="replay-diff" data-testid="replay-diff">
          <thead>
            <tr>
              <th scope="col">where</th>
              <th scope="col">recorded</th>
              <th scope="col">now</th>
            </tr>
          </thead>
          <tbody>
            {note.differences.map((d, i) => (
              <tr key={i} data-testid="replay-diff-row" data-path={d.path}>
                <td>{d.path}</td>
                <td data-testid="replay-diff-recorded">{differenceValue(d, 'recorded')}</td>
                <td data-testid="replay-diff-replayed">{differenceValue(d, 'replayed')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {note.total > shown && (
        <p className="status">
          {note.total - shown} more {note.total - shown === 1 ? 'difference' : 'differences'} not kept in the note
        </p>
      )}
    </section>
  );
}
