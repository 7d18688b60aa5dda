/**
 * The file opener's worker: reads a File in chunks (telling how far it got), decodes it as
 * UTF-8 across chunk boundaries, checks it as a session file or a journal, and cuts its events
 * into the frames the timeline's worker takes. Everything that grows with the file happens here,
 * off the page's thread.
 */
import { SessionModel } from '../../../../protocol/session.js';
import { openSessionText } from '../../../../protocol/sessionOpen.js';
import { IN_PAGE_BYTES, type OpenMessage, type OpenRequest } from './openFile.js';

interface WorkerScope {
  postMessage(message: OpenMessage): void;
  onmessage: ((event: MessageEvent<OpenRequest>) => void) | null;
}

const scope = self as unknown as WorkerScope;

/** Events per frame, as the live socket's batches: no one message is a long task to parse. */
const FRAME_EVENTS = 5000;
/** How often the page hears of the reading: often enough to move, seldom enough to cost nothing. */
const PROGRESS_MS = 100;

scope.onmessage = (event) => {
  void open(event.data.file).then(
    (message) => scope.postMessage(message),
    (error: unknown) => scope.postMessage({ type: 'error', message: readFailure(error) }),
  );
};

async function readText(file: File): Promise<string> {
  const parts: string[] = [];
  const decoder = new TextDecoder('utf-8');
  const reader = file.stream().getReader();
  let done = 0;
  let told = 0;
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) break;
    parts.push(decoder.decode(chunk.value, { stream: true }));
    done += chunk.value.byteLength;
    const now = performance.now();
    if (now - told >= PROGRESS_MS) {
      told = now;
      scope.postMessage({ type: 'reading', done, total: file.size });
    }
  }
  parts.push(decoder.decode());
  scope.postMessage({ type: 'reading', done: file.size, total: file.size });
  return parts.join('');
}

async function open(file: File): Promise<OpenMessage> {
  const text = await readText(file);
  scope.postMessage({ type: 'indexing', total: file.size });
  const opened = openSessionText(text);
  if (!opened.ok) return { type: 'error', message: opened.error };
  const { events } = opened;
  const frames: string[] = [];
  for (let i = 0; i < events.length; i += FRAME_EVENTS)
    frames.push(JSON.stringify({ type: 'events', events: events.slice(i, i + FRAME_EVENTS) }));
  const small = file.size <= IN_PAGE_BYTES;
  // The connections' names and flows come from spawns and notes; a large file's lines, which
  // only count towards figures the timeline has from its own index, are not folded twice.
  const model = new SessionModel({ lint: false });
  for (const event of events) if (small || event.kind !== 'line') model.apply(event);
  return {
    type: 'done',
    from: opened.from,
    count: events.length,
    frames,
    conns: [...model.conns.values()],
    ...(small ? { events } : {}),
    problems: opened.problems.slice(0, 100),
  };
}

function readFailure(error: unknown): string {
  if (error instanceof RangeError) return 'it is too large for this browser to hold as one text';
  if (error instanceof DOMException && error.name === 'NotReadableError')
    return 'the file could not be read (moved, deleted, or changed while it was being read?)';
  return `it could not be read: ${error instanceof Error ? error.message : String(error)}`;
}
