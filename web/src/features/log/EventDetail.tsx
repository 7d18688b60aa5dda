import { useState } from 'react';
import type { BridgeEvent } from '../../../../protocol/envelope.js';
import { describeBytes, lineBytes, wireBytes } from '../../../../protocol/bytes.js';
import { formatTime } from './describeEvent.js';
import type { Finding } from '../../../../protocol/lint/index.js';

const SHOW_CHARS = 200_000;
const PRETTY_LIMIT = 1_000_000;

export function EventDetail({
  event,
  findings,
  context = [],
  onClose,
}: {
  event: BridgeEvent;
  findings?: readonly Finding[] | undefined;
  /** What the line means in its conversation: why it is invalid, what it answers. */
  context?: readonly string[];
  onClose: () => void;
}) {
  const [showAll, setShowAll] = useState(false);
  const [pretty, setPretty] = useState(false);
  const body = bodyText(event, pretty);
  const shown = showAll || body.length <= SHOW_CHARS ? body : body.slice(0, SHOW_CHARS);

  const download = (): void => {
    if (event.kind !== 'line') return;
    const blob = new Blob([wireBytes(event) as BlobPart], { type: 'application/octet-stream' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `event-${event.seq}-${event.stream}.bin`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  return (
    <section className="detail" aria-label="Event detail" data-testid="event-detail">
      <div className="row">
        <strong>Event #{event.seq}</strong>
        <span className="status">{formatTime(event.t)}</span>
        <span style={{ flex: 1 }} />
        {event.kind === 'line' && event.text !== undefined && event.text.length <= PRETTY_LIMIT && (
          <button type="button" onClick={() => setPretty((p) => !p)}>
            {pretty ? 'Exact text' : 'Pretty JSON'}
          </button>
        )}
        {event.kind === 'line' && (
          <button type="button" onClick={download} data-testid="download-bytes">
            Download bytes
          </button>
        )}
        <button type="button" onClick={() => void navigator.clipboard?.writeText(body)}>
          Copy
        </button>
        <button type="button" onClick={onClose} aria-label="Close detail">
          ✕
        </button>
      </div>
      <dl>
        <dt>kind</dt>
        <dd>{event.kind === 'line' ? `${event.stream} line` : event.kind}</dd>
        {event.conn !== undefined && (
          <>
            <dt>connection</dt>
            <dd>{event.conn}</dd>
          </>
        )}
        {event.kind === 'line' && (
          <>
            <dt>size</dt>
            <dd data-testid="detail-size">{event.size} bytes</dd>
            <dt>encoding</dt>
            <dd>{event.text !== undefined ? 'UTF-8' : 'not valid UTF-8 (kept as base64; shown with \\xNN escapes)'}</dd>
            <dt>line end</dt>
            <dd>{event.eol === '\n' ? '\\n' : event.eol === '\r\n' ? '\\r\\n' : 'none (cut off at exit)'}</dd>
          </>
        )}
        {context.length > 0 && (
          <>
            <dt>JSON-RPC</dt>
            <dd data-testid="detail-wire">
              {context.map((line) => (
                <div key={line}>{line}</div>
              ))}
            </dd>
          </>
        )}
      </dl>
      {findings && findings.length > 0 && (
        <ul className="findings" aria-label="Lint findings" data-testid="findings">
          {findings.map((f, i) => (
            <li key={i} className={`finding ${f.severity}`}>
              <strong>{f.severity}</strong> <code>{f.rule}</code>: {f.message}{' '}
              <a href={f.spec} target="_blank" rel="noreferrer noopener">
                spec
              </a>
            </li>
          ))}
        </ul>
      )}
      <pre data-testid="detail-body">{shown}</pre>
      {shown.length < body.length && (
        <button type="button" onClick={() => setShowAll(true)}>
          Show all {body.length.toLocaleString()} characters
        </button>
      )}
    </section>
  );
}

function bodyText(event: BridgeEvent, pretty: boolean): string {
  if (event.kind !== 'line') return JSON.stringify(event, null, 2);
  if (event.text === undefined) return describeBytes(lineBytes(event));
  if (!pretty) return event.text;
  try {
    return JSON.stringify(JSON.parse(event.text), null, 2);
  } catch {
    return event.text;
  }
}
