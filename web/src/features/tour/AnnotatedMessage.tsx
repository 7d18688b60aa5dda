/**
 * A message as its JSON text, one line per field, each field focusable (Tab, or the up and down
 * arrows within the message); pointing at or focusing a field shows its note in the step's note
 * pane (NotePane). A field the tour says something about is marked. Everything shown came from a tour file
 * or a server: values are text, strings JSON-escaped (a control character or a bidi override
 * reads as \u…), long ones cut with a button for the rest.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { PathStep } from '../../../../protocol/replay/jsonPath.js';
import type { NoteOrigin } from '../../../../protocol/tour/format.js';
import { visibleJsonString } from '../timeline/lineText.js';
import { messageLines, type MessageLine, type Scalar } from './messageLines.js';
import { TourMarkdown } from './TourMarkdown.js';
import { formatCount } from '../../ui/count.js';

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

/** The field shown in a note pane: where it is, its note if it has one, and which message it is in. */
export interface ActiveField {
  pathText: string;
  note: ShownNote | undefined;
  /** The message's label. */
  message: string;
}

export function AnnotatedMessage({
  value,
  noteAt,
  label,
  testId,
  noteId,
  onActive,
}: {
  value: unknown;
  /** The note on a field, if the tour has one. */
  noteAt: (path: readonly PathStep[]) => ShownNote | undefined;
  /** Names the message for assistive technology ("the request sent", "the server's answer"). */
  label: string;
  testId?: string;
  /** The note pane that describes the active field (NotePane's id). */
  noteId: string;
  /** The field pointed at or focused, whichever came last, or none. */
  onActive: (field: ActiveField | undefined) => void;
}) {
  const lines = useMemo(() => messageLines(value), [value]);
  const notes = useMemo(() => lines.map((line) => (line.path ? noteAt(line.path) : undefined)), [lines, noteAt]);
  const [hovered, setHovered] = useState<number | undefined>();
  const [focused, setFocused] = useState<number | undefined>();
  // Whichever moved last wins: the keyboard walking fields under a resting pointer shows the focused one.
  const [last, setLast] = useState<'pointer' | 'keyboard'>('pointer');
  const active = last === 'keyboard' ? (focused ?? hovered) : (hovered ?? focused);
  const rows = useRef<(HTMLDivElement | null)[]>([]);
  const annotated = notes.filter((n) => n !== undefined).length;

  const shownPath = active === undefined ? undefined : lines[active]?.pathText;
  const shownNote = active === undefined ? undefined : notes[active];
  useEffect(() => {
    onActive(shownPath === undefined ? undefined : { pathText: shownPath, note: shownNote, message: label });
  }, [shownPath, shownNote, label, onActive]);
  // A message that goes (the preview, once sent) takes its field out of the pane.
  useEffect(() => () => onActive(undefined), [onActive]);

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
    <div
      className="tour-json"
      role="tree"
      aria-label={`${label}: ${annotated} annotated field${annotated === 1 ? '' : 's'}`}
      data-testid={testId}
      onMouseLeave={() => setHovered(undefined)}
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
                  onFocus: () => {
                    setFocused(i);
                    setLast('keyboard');
                  },
                  onBlur: () => setFocused((f) => (f === i ? undefined : f)),
                  onMouseEnter: () => {
                    setHovered(i);
                    setLast('pointer');
                  },
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
  );
}

/** Where the active field's note is read: beside a message, or below an exchange. */
export function NotePane({ id, field, annotated }: { id: string; field: ActiveField | undefined; annotated: boolean }) {
  return (
    <div className="tour-note" id={id} data-testid="field-note" aria-live="polite">
      {field === undefined ? (
        <p className="status">
          {annotated ? 'Point at or focus a marked field (●) to read its note.' : 'Point at or focus a field to see its path.'}
        </p>
      ) : (
        <>
          <div className="tour-note-head">
            <code data-testid="note-path">{field.pathText}</code>
            {field.note && <OriginBadge origin={field.note.origin} />}
            <span className="status">in {field.message.toLowerCase()}</span>
          </div>
          {field.note ? <TourMarkdown text={field.note.text} /> : <p className="status">No note on this field.</p>}
        </>
      )}
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
            show all {formatCount(value.length)} characters
          </button>
        )}
      </>
    );
  }
  if (typeof value === 'number') return <span className="jt-number">{String(value)}</span>;
  if (typeof value === 'boolean') return <span className="jt-bool">{String(value)}</span>;
  return <span className="jt-null">null</span>;
}
