/**
 * One recorded line exactly: its text with what cannot be seen shown as marked escapes, invalid
 * UTF-8 bytes as \xNN (from the recorded base64), its size and line end, and its bytes to
 * download. Long lines are cut on screen, never in what is copied or downloaded.
 */
import { useState } from 'react';
import type { RowDetail } from '../../../../protocol/timeline/contract.js';
import { byteSegments, eolLabel, textSegments } from './lineText.js';
import { lineBytesOf } from './detailText.js';
import { formatCount } from '../../ui/count.js';

const SHOWN = 100_000;

export function ExactLine({ line }: { line: RowDetail['lines'][number] }) {
  const [all, setAll] = useState(false);
  const text = line.text;
  const long = text !== undefined && text.length > SHOWN && !all;
  const segments = text !== undefined ? textSegments(long ? text.slice(0, SHOWN) : text) : byteSegments(lineBytesOf(line));
  const bytes = lineBytesOf(line);

  const download = (): void => {
    const eol = new TextEncoder().encode(line.eol);
    const blob = new Blob([bytes as BlobPart, eol as BlobPart], { type: 'application/octet-stream' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `event-${line.seq}-${line.stream}.bin`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  return (
    <div className="tl-exact">
      <div className="tl-exact-meta status">
        <span data-testid="detail-size">{bytes.length} bytes</span> ·{' '}
        {text !== undefined ? 'UTF-8' : 'not valid UTF-8: bad bytes shown as \\xNN'} · line end{' '}
        <span data-testid="detail-eol">{eolLabel(line.eol)}</span>{' '}
        <button type="button" className="link" onClick={download} data-testid="download-bytes">
          Download bytes
        </button>
      </div>
      <pre className="tl-exact-text" data-testid="detail-line" data-seq={line.seq} data-encoding={text !== undefined ? 'utf-8' : 'bytes'}>
        {segments.map((s, i) =>
          s.escape ? (
            <span
              key={i}
              className="tl-escape"
              title="not shown as itself: an escape for an invisible character or a byte that is not UTF-8"
            >
              {s.text}
            </span>
          ) : (
            s.text
          ),
        )}
      </pre>
      {long && (
        <button type="button" className="link" onClick={() => setAll(true)}>
          Show all {formatCount(text.length)} characters
        </button>
      )}
    </div>
  );
}
