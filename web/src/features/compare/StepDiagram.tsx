/**
 * One step of one flow as a sequence diagram: client and server lifelines, one arrow per
 * message, labelled with what it is and what it carries. Both columns of a row share a height,
 * so the steps line up across flows.
 */
import type { Highlight, StepMessage } from '../../../../protocol/compare.js';

export const ROW = 30;
export const PAD = 14;
const WIDTH = 440;
const CLIENT_X = 56;
const SERVER_X = WIDTH - 56;

export function diagramHeight(messages: number): number {
  return Math.max(1, messages) * ROW + PAD * 2;
}

export function StepDiagram({
  messages,
  rows,
  selected,
  onSelect,
  flow,
}: {
  messages: StepMessage[];
  rows: number;
  selected: number | undefined;
  onSelect: (seq: number) => void;
  flow: string;
}) {
  const height = diagramHeight(rows);
  return (
    <svg
      className="diagram"
      width="100%"
      viewBox={`0 0 ${WIDTH} ${height}`}
      height={height}
      role="group"
      aria-label={`${flow}: ${messages.length} messages`}
    >
      <line x1={CLIENT_X} y1={0} x2={CLIENT_X} y2={height} className="lifeline" />
      <line x1={SERVER_X} y1={0} x2={SERVER_X} y2={height} className="lifeline" />
      {messages.length === 0 && (
        <text x={WIDTH / 2} y={height / 2 + 4} textAnchor="middle" className="nothing">
          nothing on the wire
        </text>
      )}
      {messages.map((m, i) => {
        const y = PAD + i * ROW + ROW / 2;
        const toServer = m.from === 'client';
        const [x1, x2] = toServer ? [CLIENT_X, SERVER_X - 6] : [SERVER_X, CLIENT_X + 6];
        const tone = tonOf(m);
        return (
          <g
            key={m.seq}
            className={`msg ${tone} ${selected === m.seq ? 'selected' : ''}`}
            onClick={() => onSelect(m.seq)}
            onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && onSelect(m.seq)}
            tabIndex={0}
            role="button"
            aria-label={`${toServer ? 'client to server' : 'server to client'}: ${label(m)}`}
            data-testid="diagram-message"
          >
            <rect x={CLIENT_X} y={y - ROW / 2} width={SERVER_X - CLIENT_X} height={ROW} className="hit" />
            <line x1={x1} y1={y + 6} x2={x2} y2={y + 6} className="arrow" markerEnd={toServer ? 'url(#head-right)' : 'url(#head-left)'} />
            <polygon
              points={toServer ? `${x2},${y + 2} ${x2 + 6},${y + 6} ${x2},${y + 10}` : `${x2},${y + 2} ${x2 - 6},${y + 6} ${x2},${y + 10}`}
              className="head"
            />
            <text x={(CLIENT_X + SERVER_X) / 2} y={y} textAnchor="middle" className="label">
              {label(m)}
            </text>
            <text x={toServer ? CLIENT_X - 4 : SERVER_X + 4} y={y + 10} textAnchor={toServer ? 'end' : 'start'} className="bytes">
              {m.bytes} B
            </text>
          </g>
        );
      })}
    </svg>
  );
}

function tonOf(m: StepMessage): string {
  if (m.notes.some((n) => n.kind === 'error')) return 'tone-error';
  if (m.notes.some((n) => n.kind === 'input-required' || n.kind === 'server-request' || n.kind === 'retry')) return 'tone-input';
  if (m.notes.some((n) => n.kind === 'handshake')) return 'tone-handshake';
  return m.from === 'client' ? 'tone-out' : 'tone-in';
}

export function label(m: StepMessage): string {
  const c = m.classified;
  const chips = m.notes.map(chip).filter((s) => s !== '');
  let base: string;
  switch (c.kind) {
    case 'request':
      base = `${c.method} #${String(c.id)}`;
      break;
    case 'notification':
      base = c.method;
      break;
    case 'result':
      base = `result #${String(c.id)}`;
      break;
    case 'error':
      base = `error #${c.id === null ? 'null' : String(c.id)}`;
      break;
    default:
      base = c.kind;
  }
  return chips.length > 0 ? `${base} · ${chips.join(' · ')}` : base;
}

function chip(n: Highlight): string {
  switch (n.kind) {
    case 'envelope':
      return `_meta +${n.bytes} B`;
    case 'result-type':
      return n.value;
    case 'server-info-in-meta':
      return 'serverInfo';
    case 'cache':
      return 'ttl';
    case 'handshake':
      return '';
    case 'server-request':
      return 'from the server';
    case 'input-required':
      return `asks ${n.keys.join(', ')}`;
    case 'retry':
      return 'retry + answers';
    case 'error':
      return String(n.code);
  }
}
