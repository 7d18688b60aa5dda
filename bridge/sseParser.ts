/**
 * Server-sent events from a byte stream (the WHATWG "event stream" format), kept as bytes so a
 * message's data is recorded exactly, valid UTF-8 or not. Lines end in CRLF, LF or CR (across
 * chunk boundaries too); `data` lines join with LF; `id` (without NUL), `event` and `retry`
 * (digits only) are read; comments (`:`) and unknown fields are skipped; a blank line ends an
 * event. Unlike a browser's EventSource, an event with no data is still reported when it had an
 * `id` (a server's priming event), since that id is what a resumption sends back. An event (its
 * unfinished line and its data) is held only up to a limit: past it the parser lets go of it and
 * reads nothing more, so one endless line or event cannot grow the process without bound.
 */

export interface SseEvent {
  id?: string;
  event?: string;
  retry?: number;
  /** The data lines joined with LF; empty when the event carried no data. */
  data: Buffer;
  /** At least one `data` field was present (an empty one included). */
  hasData: boolean;
}

const LF = 0x0a;
const CR = 0x0d;
const COLON = 0x3a;
const SPACE = 0x20;

export class SseParser {
  /** Bytes of the line being read. */
  private partial: Buffer[] = [];
  private partialBytes = 0;
  /** A CR ended the last chunk: an LF starting the next one belongs to it. */
  private afterCr = false;
  private bomChecked = false;
  private data: Buffer[] = [];
  private hasData = false;
  private id: string | undefined;
  private event: string | undefined;
  private retry: number | undefined;
  /** Some field of the current event has been read. */
  private fields = false;
  private dataBytes = 0;
  private over = false;

  constructor(private readonly maxEventBytes = Number.POSITIVE_INFINITY) {}

  /** An event grew past the limit: it was dropped, and nothing after it is read. */
  get overflowed(): boolean {
    return this.over;
  }

  /** Feeds bytes; returns the events they completed. */
  push(chunk: Buffer): SseEvent[] {
    const out: SseEvent[] = [];
    if (this.over) return out;
    let bytes = chunk;
    if (!this.bomChecked && this.partialBytes + bytes.length >= 3) {
      this.bomChecked = true;
      const head = Buffer.concat([...this.partial, bytes]);
      if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) {
        this.partial = [];
        this.partialBytes = 0;
        bytes = head.subarray(3);
      }
    }
    let start = 0;
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i];
      if (b === LF && this.afterCr && i === start && this.partialBytes === 0) {
        // The LF of a CRLF whose CR ended the previous line.
        this.afterCr = false;
        start = i + 1;
        continue;
      }
      this.afterCr = false;
      if (b !== LF && b !== CR) continue;
      this.line(this.take(bytes.subarray(start, i)), out);
      if (b === CR) {
        if (i + 1 < bytes.length) {
          if (bytes[i + 1] === LF) i++;
        } else this.afterCr = true;
      }
      start = i + 1;
    }
    if (start < bytes.length) {
      this.partial.push(Buffer.from(bytes.subarray(start)));
      this.partialBytes += bytes.length - start;
    }
    if (this.partialBytes + this.dataBytes > this.maxEventBytes) this.overflow();
    return out;
  }

  /** At the end of the stream: true when it stopped inside an event (a line or fields not ended by a blank line). */
  get inEvent(): boolean {
    return this.partialBytes > 0 || this.fields;
  }

  private take(tail: Buffer): Buffer {
    if (this.partialBytes === 0) return tail;
    const line = Buffer.concat([...this.partial, tail]);
    this.partial = [];
    this.partialBytes = 0;
    return line;
  }

  private line(line: Buffer, out: SseEvent[]): void {
    if (line.length === 0) {
      if (this.fields) out.push(this.dispatch());
      return;
    }
    if (line[0] === COLON) return;
    const colon = line.indexOf(COLON);
    const name = (colon === -1 ? line : line.subarray(0, colon)).toString('utf8');
    let value = colon === -1 ? Buffer.alloc(0) : line.subarray(colon + 1);
    if (value[0] === SPACE) value = value.subarray(1);
    switch (name) {
      case 'data':
        if (this.hasData) this.data.push(Buffer.from([LF]));
        this.data.push(Buffer.from(value));
        this.dataBytes += value.length + 1;
        this.hasData = true;
        this.fields = true;
        return;
      case 'event':
        this.event = value.toString('utf8');
        this.fields = true;
        return;
      case 'id':
        if (!value.includes(0)) this.id = value.toString('utf8');
        this.fields = true;
        return;
      case 'retry':
        if (/^\d+$/.test(value.toString('latin1'))) this.retry = Number(value.toString('latin1'));
        this.fields = true;
        return;
      default:
        return;
    }
  }

  private overflow(): void {
    this.over = true;
    this.partial = [];
    this.partialBytes = 0;
    this.data = [];
    this.dataBytes = 0;
    this.fields = false;
  }

  private dispatch(): SseEvent {
    const event: SseEvent = {
      ...(this.id === undefined ? {} : { id: this.id }),
      ...(this.event === undefined || this.event === '' ? {} : { event: this.event }),
      ...(this.retry === undefined ? {} : { retry: this.retry }),
      data: Buffer.concat(this.data),
      hasData: this.hasData,
    };
    this.data = [];
    this.dataBytes = 0;
    this.hasData = false;
    this.event = undefined;
    this.retry = undefined;
    this.fields = false;
    // The id is per event here: the last one seen is the engine's to remember.
    this.id = undefined;
    return event;
  }
}
