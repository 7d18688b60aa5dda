/**
 * Reading a journal over HTTP as a stream of lines, never as one string (a journal can be far
 * larger than the biggest string a browser makes: about 512 MiB in Chromium). Also its tail
 * alone, through an HTTP Range request, to show the newest events before the rest is read.
 */

export interface ReadProgress {
  bytesRead: number;
  /** The body's size when the bridge said it. */
  bytesTotal?: number;
}

export interface LineSink {
  line(text: string): void;
  /** Called between chunks and every few thousand lines: the reader awaits it, so the sink can yield to other work. */
  progress(progress: ReadProgress): Promise<void> | void;
  /** Whether to go on (a newer source replaced this one). */
  alive(): boolean;
}

/** Lines between progress calls inside one chunk. */
const LINES_PER_PROGRESS = 2_000;

export type ReadOutcome = { ok: true; bytesTotal?: number; cutLine?: string } | { ok: false; message: string };

/** Reads the whole journal; a last line without its "\n" (the bridge stopped mid-write) comes back as `cutLine`. */
export async function readJournal(url: string, token: string, sink: LineSink): Promise<ReadOutcome> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  } catch (error) {
    return { ok: false, message: `the journal could not be fetched: ${(error as Error).message}` };
  }
  if (!response.ok || !response.body) return { ok: false, message: `the journal could not be fetched: HTTP ${response.status}` };
  const length = Number(response.headers.get('content-length') ?? NaN);
  const bytesTotal = Number.isFinite(length) ? length : undefined;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let rest = '';
  let bytesRead = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!sink.alive()) {
      await reader.cancel();
      return { ok: false, message: 'replaced by another source' };
    }
    const before = bytesRead;
    bytesRead += value.byteLength;
    // "\n" never occurs inside a multi-byte UTF-8 sequence, so splitting decoded text is exact.
    const text = rest + decoder.decode(value, { stream: true });
    let start = 0;
    let lines = 0;
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
      if (nl > start) sink.line(text.slice(start, nl));
      start = nl + 1;
      // A browser may hand a local file over in chunks of megabytes: the sink gets its chance
      // to show progress and yield within a chunk too (the share of bytes is an estimate).
      if (++lines % LINES_PER_PROGRESS === 0) {
        await sink.progress({
          bytesRead: before + Math.round((value.byteLength * start) / text.length),
          ...(bytesTotal === undefined ? {} : { bytesTotal }),
        });
        if (!sink.alive()) {
          await reader.cancel();
          return { ok: false, message: 'replaced by another source' };
        }
      }
    }
    rest = text.slice(start);
    await sink.progress({ bytesRead, ...(bytesTotal === undefined ? {} : { bytesTotal }) });
  }
  rest += decoder.decode();
  return { ok: true, ...(bytesTotal === undefined ? {} : { bytesTotal }), ...(rest === '' ? {} : { cutLine: rest }) };
}

/**
 * The journal's first bytes (one chunk of the response), to see what the file is before reading
 * it all; undefined when the bridge does not hand it over (reading it whole then says why).
 */
export async function readJournalHead(url: string, token: string): Promise<string | undefined> {
  try {
    const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      return undefined;
    }
    const reader = response.body.getReader();
    const { value } = await reader.read();
    await reader.cancel();
    return value === undefined ? '' : new TextDecoder().decode(value);
  } catch {
    return undefined;
  }
}

/**
 * The complete lines in the last `bytes` of the journal, oldest first, and the journal's size.
 * Undefined when the bridge does not serve ranges or the journal is smaller than that (then
 * reading it whole is as quick).
 */
export async function readJournalTail(url: string, token: string, bytes: number): Promise<{ lines: string[]; size: number } | undefined> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { Authorization: `Bearer ${token}`, Range: `bytes=-${bytes}` } });
  } catch {
    return undefined;
  }
  const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(response.headers.get('content-range') ?? '');
  if (response.status !== 206 || !range) {
    await response.body?.cancel();
    return undefined;
  }
  const from = Number(range[1]);
  const size = Number(range[3]);
  if (from === 0) {
    // The whole journal fits in the tail: read it once, as a whole.
    await response.body?.cancel();
    return undefined;
  }
  const text = new TextDecoder().decode(await response.arrayBuffer());
  const lines = text.split('\n');
  // The first piece is the end of a line cut by the range; the last is empty, or a line still
  // being written.
  lines.shift();
  lines.pop();
  return { lines: lines.filter((l) => l !== ''), size };
}
