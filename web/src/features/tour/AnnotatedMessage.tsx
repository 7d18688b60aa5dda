/**
 * A message as its JSON text, one line per field, each field focusable (Tab, or the up and down
 * arrows within the message); hovering or focusing a field shows its note in the pane beside
 * it. A field the tour says something about is marked. Everything shown came from a tour file
 * or a server: values are text, strings JSON-escaped (a control character or a bidi override
 * reads as \u…), long ones cut with a button for the rest.
 */
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { PathStep } from '../../../../protocol/replay/jsonPath.js';
import type { NoteOrigin } from '../../../../protocol/tour/format.js';
import { visibleJsonString } from '../timeline/lineText.js';
import { messageLines, type MessageLine, type Scalar } from './messageLines.js';
import { TourMarkdown } from './TourMarkdown.js';

export interface ShownNote {
  text: string;
  origin?: NoteOrigin | undefined;
}

export const ORIGIN_LABELS: Record<NoteOrigin, string> = {
  jsonrpc: 'JSON-RPC 2.0',
  mcp: 'MCP',
  handshake: 'handshake flow',
  stateless: 'stateless flow',
  server: 'this server',
};

const STRING_SHOWN = 300;

export function OriginBadge({ origin }: { origin: NoteOrigin | undefined }) {
  if (origin === undefined) return null;
  return (
    <span className={`tour-origin origin-${origin}`} data-testid="note-origin">
      {ORIGIN_LABELS[origin]}
    </span>
  );
}

export function AnnotatedMessage({
  value,
  noteAt,
  label,
  testId,
}: {
  value: unknown;
  /** The note on a field, if the tour has one. */
  noteAt: (path: readonly PathStep[]) => ShownNote | undefined;
  /** Names the message for assistive technology ("the request sent", "the server's answer"). */
  label: string;
  testId?: string;
}) {
  const lines = useMemo(() => messageLines(value), [value]);
  const notes = useMemo(() => lines.map((line) => (line.path ? noteAt(line.path) : undefined)), [lines, noteAt]);
  const [active, setActive] = useState<number | undefined>();
  const rows = useRef<(HTMLDivElement | null)[]>([]);
  const noteId = useId();
  const shown = active === undefined ? undefined : lines[active];
  const shownNote = active === undefined ? undefined : notes[active];
  const annotated = notes.filter((n) => n !== undefined).length;

  // Up and down only: left, right, Home and the page keys are the presenter's.
  const onKeyDown = (index: number, event: KeyboardEvent<HTMLDivElement>): void => {
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : undefined;
    if (step === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const fields = lines.flatMap((line, i) => (line.path ? [i] : []));
    const target = fields[Math.min(fields.length - 1, Math.max(0, fields.indexOf(index) + step))];
    if (target !== undefined) rows.current[target]?.focus();
  };

  return (
    <div className="tour-message" data-testid={testId}>
      <div
        className="tour-json"
        role="tree"
        aria-label={`${label}: ${annotated} annotated field${annotated === 1 ? '' : 's'}`}
        onMouseLeave={() => setActive(undefined)}
      >
        {lines.map((line, i) => {
          const note = notes[i];
          const field = line.path !== undefined;
          return (
            <div
              key={i}
              ref={(el) => {
                rows.current[i] = el;
              }}
              className={`tour-line${field ? ' field' : ''}${note ? ' has-note' : ''}${active === i ? ' active' : ''}`}
              style={{ paddingLeft: `${line.depth * 1.5}em` }}
              {...(field
                ? {
                    role: 'treeitem',
                    tabIndex: 0,
                    'aria-level': line.depth,
                    'aria-selected': active === i,
                    'aria-describedby': active === i ? noteId : undefined,
                    'data-path': line.pathText,
                    'data-note': note ? 'yes' : 'no',
                    onFocus: () => setActive(i),
                    onMouseEnter: () => setActive(i),
                    onKeyDown: (e: KeyboardEvent<HTMLDivElement>) => onKeyDown(i, e),
                  }
                : { 'aria-hidden': true })}
            >
              {note && (
                <span className="tour-note-mark" aria-hidden="true">
                  ●
                </span>
              )}
              <LineText line={line} />
            </div>
          );
        })}
      </div>
      <div className="tour-note" id={noteId} data-testid="field-note" aria-live="polite">
        {shown?.pathText === undefined ? (
          <p className="status">
            {annotated > 0 ? 'Point at or focus a marked field (●) to read its note.' : 'Point at or focus a field to see its path.'}
          </p>
        ) : (
          <>
            <div className="tour-note-head">
              <code data-testid="note-path">{shown.pathText}</code>
              {shownNote && <OriginBadge origin={shownNote.origin} />}
            </div>
            {shownNote ? <TourMarkdown text={shownNote.text} /> : <p className="status">No note on this field.</p>}
          </>
        )}
      </div>
    </div>
  );
}

function LineText({ line }: { line: MessageLine }) {
  const comma = line.comma ? <span className="jt-punct">,</span> : null;
  if (line.more !== undefined)
    return (
      <span className="jt-size">
        … {line.more} more not shown{comma}
      </span>
    );
  if (line.deeper)
    return (
      <>
        {keyText(line)}
        <span className="jt-size">… nested deeper, not shown</span>
        {comma}
      </>
    );
  if (line.close !== undefined)
    return (
      <>
        <span className="jt-punct">{line.close}</span>
        {comma}
      </>
    );
  const value = line.value;
  return (
    <>
      {keyText(line)}
      {value === undefined ? null : 'scalar' in value ? (
        <ScalarText value={value.scalar} />
      ) : (
        <span className="jt-punct">{'open' in value ? value.open : value.empty}</span>
      )}
      {value !== undefined && !('open' in value) && comma}
    </>
  );
}

function keyText(line: MessageLine) {
  if (line.key === undefined) return null;
  if (typeof line.key === 'number') return <span className="jt-size">{line.key}: </span>;
  return (
    <>
      <span className="jt-key">{visibleJsonString(line.key)}</span>
      <span className="jt-punct">: </span>
    </>
  );
}

function ScalarText({ value }: { value: Scalar }) {
  const [all, setAll] = useState(false);
  if (typeof value === 'string') {
    const quoted = visibleJsonString(value);
    const cut = !all && quoted.length > STRING_SHOWN;
    return (
      <>
        <span className="jt-string">{cut ? `${quoted.slice(0, STRING_SHOWN)}…` : quoted}</span>
        {cut && (
          <button type="button" className="link" onClick={() => setAll(true)}>
            show all {value.length.toLocaleString()} characters
          </button>
        )}
      </>
    );
  }
  if (typeof value === 'number') return <span className="jt-number">{String(value)}</span>;
  if (typeof value === 'boolean') return <span className="jt-bool">{String(value)}</span>;
  return <span className="jt-null">null</span>;
}
