/**
 * Opening a file someone picked or dropped: read, checked and cut into timeline frames in a
 * worker of its own, so a 100 MB file neither freezes the page nor opens without a word. The
 * page hears how far the reading got, then that the file is being checked, then either why it
 * cannot be opened or what it holds.
 */
import type { BridgeEvent } from '../../../../protocol/envelope.js';
import type { ConnInfo } from '../../../../protocol/session.js';

/** Page -> worker. */
export interface OpenRequest {
  file: File;
}

/** Worker -> page. */
export type OpenMessage =
  | { type: 'reading'; done: number; total: number }
  | { type: 'indexing'; total: number }
  | { type: 'error'; message: string }
  | {
      type: 'done';
      from: 'session' | 'journal';
      count: number;
      /** Events frames (`{"type":"events","events":[...]}`) for the timeline's worker, in order. */
      frames: string[];
      conns: ConnInfo[];
      /** Every event, for files small enough to fold in the page too (its comparisons, a new export). */
      events?: BridgeEvent[];
      problems: string[];
    };

export type OpenOutcome = Exclude<OpenMessage, { type: 'reading' } | { type: 'indexing' }>;
export type OpenProgress = Extract<OpenMessage, { type: 'reading' } | { type: 'indexing' }>;

/**
 * Past this a file is not read: one JavaScript string holds at most about 512 M characters, so
 * the browser could not hold it as one text. (A journal that large opens from the bridge's
 * sidebar, which streams it.)
 */
export const MAX_OPEN_BYTES = 500 * 1024 * 1024;

/** Files up to this size are also folded in the page, for their comparisons and a new export. */
export const IN_PAGE_BYTES = 16 * 1024 * 1024;

export const megabytes = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;

export function progressText(progress: OpenProgress): string {
  switch (progress.type) {
    case 'reading':
      return `reading: ${megabytes(progress.done)} of ${megabytes(progress.total)}`;
    case 'indexing':
      return `indexing ${megabytes(progress.total)}…`;
    default: {
      const never: never = progress;
      return never;
    }
  }
}

function openWorker(): Worker {
  return new Worker(new URL('./openFileWorker.ts', import.meta.url), { type: 'module', name: 'open-file' });
}

/** Opens one file in a fresh worker, ended once it answers (or fails to start). */
export function openFileInWorker(file: File, progress: (p: OpenProgress) => void): Promise<OpenOutcome> {
  if (file.size > MAX_OPEN_BYTES)
    return Promise.resolve({
      type: 'error',
      message: `it is ${megabytes(file.size)}, more than a browser page can hold as one text (${megabytes(MAX_OPEN_BYTES)})`,
    });
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = openWorker();
    } catch (error) {
      resolve({ type: 'error', message: `this browser would not start the reader: ${(error as Error).message}` });
      return;
    }
    const finish = (outcome: OpenOutcome): void => {
      worker.terminate();
      resolve(outcome);
    };
    worker.onmessage = (event: MessageEvent<OpenMessage>) => {
      const message = event.data;
      if (message.type === 'reading' || message.type === 'indexing') progress(message);
      else finish(message);
    };
    // A worker that runs out of memory or fails to load ends here, never in silence.
    worker.onerror = (event) => {
      event.preventDefault();
      finish({ type: 'error', message: `the reader stopped: ${event.message || 'out of memory, or the file could not be read'}` });
    };
    worker.postMessage({ file } satisfies OpenRequest);
  });
}
