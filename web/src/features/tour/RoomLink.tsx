/**
 * Presenter mode's link for the room (`mcp-lens --followers HOST:PORT`): the follower link on
 * the bridge's second, read-only listener, as a QR code a learner's phone or laptop can read off
 * the projector, and as text to type. Its token opens the tour's events and nothing else, on
 * that listener alone, for this run: shown to the room on purpose.
 */
import { useMemo } from 'react';
import qrcode from 'qrcode-generator';
import { useSnapshot, useStore } from '../../session/StoreContext.js';

/** The dark modules of `text`'s QR code as one SVG path, and the code's width in modules. */
export function qrPath(text: string): { d: string; size: number } {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const size = qr.getModuleCount();
  let d = '';
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) if (qr.isDark(row, col)) d += `M${col} ${row}h1v1h-1z`;
  }
  return { d, size };
}

export function RoomLink() {
  const store = useStore();
  useSnapshot();
  const url = store.followersUrl;
  const code = useMemo(() => (url === undefined ? undefined : qrPath(url)), [url]);
  if (url === undefined || code === undefined) return null;
  // Four modules of white around it: a reader needs the quiet zone to find the code.
  const box = code.size + 8;
  return (
    <figure className="room-link" data-testid="room-link">
      <svg viewBox={`-4 -4 ${box} ${box}`} role="img" aria-label="QR code of the learners' follower link" data-testid="room-link-qr">
        <rect x={-4} y={-4} width={box} height={box} fill="#fff" />
        <path d={code.d} fill="#000" shapeRendering="crispEdges" />
      </svg>
      <figcaption>
        <span>Follow on your laptop (read-only):</span>
        <code data-testid="room-link-url">{url}</code>
      </figcaption>
    </figure>
  );
}
