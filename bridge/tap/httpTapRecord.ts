/**
 * What an HTTP tap records of each exchange a host makes through it, in the shapes HttpHost
 * records the bridge's own HTTP connections: the request with its headers masked, its body as a
 * stdin line, the response's status and headers, each server-sent event (and its data as a
 * stdout line) or a JSON body as one stdout line, and one `end` or `error`. So the app's session
 * model, lint and timeline read a tapped connection like any other.
 *
 * The record is written after the bytes went on, never before: it only ever sees copies. An event
 * is followed at once by the line that belongs to it (the session model reads a line as the
 * exchange's of the http event just before it), so a body is recorded whole with its response.
 */
import type { HttpErrorCode, HttpMethod, UnstampedEvent } from '../../protocol/envelope.js';
import { maskHeaders, maskUrl } from '../../protocol/redact.js';
import { MAX_BODY_BYTES, MAX_SSE_EVENT_BYTES, mediaType } from '../httpHost.js';
import { KnownSecrets } from '../knownSecrets.js';
import type { LineStream } from '../lineRecord.js';
import { SseParser } from '../sseParser.js';
import type { TapRecorder, TapUnstamped } from './types.js';

/**
 * The recorder behind every exchange of one tap, with the secrets the host sent learned and
 * masked wherever they turn up (an `Authorization` value echoed in a body), as the bridge masks
 * what it journals. A recorder that throws is ignored: the bytes have gone on already.
 */
export class TapSink {
  private readonly secrets = new KnownSecrets();

  constructor(private readonly recorder: TapRecorder) {}

  /** The values a request's credential headers (and the URL's credentials) hold, masked from now on. */
  learn(url: string, headers: Record<string, string>): void {
    this.secrets.learn({ transport: 'http', url, headers });
  }

  record(event: TapUnstamped): void {
    try {
      const masked = this.secrets.maskEvent({ ...event, conn: this.recorder.conn } as UnstampedEvent);
      const { conn: _conn, ...rest } = masked as UnstampedEvent & { conn?: string };
      this.recorder.record(rest as TapUnstamped);
    } catch {
      // The recorder says what it cannot record, once; the proxy goes on regardless.
    }
  }

  line(stream: LineStream, bytes: Buffer): void {
    try {
      this.recorder.line(stream, this.secrets.maskBytes(bytes), '');
    } catch {
      // As above.
    }
  }
}

export interface TapRequestHead {
  method: HttpMethod;
  /** The upstream URL the request went to. */
  url: string;
  /** The headers as they went to the upstream (Host aside). */
  headers: Record<string, string>;
}

/** A body's copy, kept up to a limit: past it nothing more is kept, and the record says so. */
class BodyCopy {
  private parts: Buffer[] = [];
  bytes = 0;
  tooLarge = false;

  add(chunk: Buffer): void {
    this.bytes += chunk.length;
    if (this.tooLarge) return;
    if (this.bytes > MAX_BODY_BYTES) {
      this.tooLarge = true;
      this.parts = [];
      return;
    }
    this.parts.push(chunk);
  }

  whole(): Buffer {
    return Buffer.concat(this.parts);
  }
}

/** One exchange's record, fed by the proxy as the bytes pass; it ends in exactly one `end` or `error`. */
export class TapExchange {
  private readonly requestBody = new BodyCopy();
  private requestRecorded = false;
  private response: { status: number; headers: Record<string, string>; contentType?: string } | undefined;
  private responseBody = new BodyCopy();
  private stream: SseParser | undefined;
  private streamBytes = 0;
  private done = false;

  constructor(
    private readonly sink: TapSink,
    readonly req: string,
    private readonly head: TapRequestHead,
  ) {
    sink.learn(head.url, head.headers);
  }

  get ended(): boolean {
    return this.done;
  }

  requestChunk(chunk: Buffer): void {
    this.requestBody.add(chunk);
  }

  /** The host sent the whole request. */
  requestEnd(): void {
    this.recordRequest();
  }

  /**
   * The request event and its body line, once: when the host finished sending it, or earlier when
   * the upstream answers (or fails) first, with the body so far.
   */
  private recordRequest(): void {
    if (this.requestRecorded) return;
    this.requestRecorded = true;
    const { method, url, headers } = this.head;
    this.sink.record({ kind: 'http', req: this.req, phase: 'request', method, url: maskUrl(url), headers: maskHeaders(headers) });
    if (this.requestBody.tooLarge) this.notKept('request', this.requestBody.bytes);
    else if (this.requestBody.bytes > 0) this.sink.line('stdin', this.requestBody.whole());
  }

  /** The upstream's status and headers (as it sent them); a successful event stream is recorded as it goes. */
  responseHead(status: number, headers: Record<string, string>): void {
    if (this.done) return;
    const contentType = mediaType(headers['content-type'] ?? null);
    this.response = { status, headers: maskHeaders(headers), ...(contentType === undefined ? {} : { contentType }) };
    if (contentType === 'text/event-stream' && status < 300) {
      this.recordRequest();
      this.recordResponse();
      this.stream = new SseParser(MAX_SSE_EVENT_BYTES);
    }
  }

  responseChunk(chunk: Buffer): void {
    if (this.done) return;
    if (!this.stream) {
      this.responseBody.add(chunk);
      return;
    }
    this.streamBytes += chunk.length;
    const parser = this.stream;
    if (parser.overflowed) return;
    for (const event of parser.push(chunk)) {
      this.sink.record({
        kind: 'http',
        req: this.req,
        phase: 'sse-event',
        ...(event.id === undefined ? {} : { id: event.id }),
        ...(event.event === undefined ? {} : { event: event.event }),
        ...(event.retry === undefined ? {} : { retry: event.retry }),
        size: event.data.length,
      });
      if (event.data.length > 0) this.sink.line('stdout', event.data);
    }
    if (parser.overflowed)
      this.notice(
        `a server-sent event of exchange ${this.req} grew past ${MAX_SSE_EVENT_BYTES} bytes: the host got it whole, the rest of the stream is not recorded`,
      );
  }

  /** The upstream's body ended where a body may end (the host has it all). */
  responseEnd(): void {
    if (this.done || !this.response) return;
    this.recordRequest();
    if (this.stream) {
      this.finish({ kind: 'http', req: this.req, phase: 'end', how: this.stream.inEvent ? 'cut' : 'complete', bytes: this.streamBytes });
      return;
    }
    const { status, headers, contentType } = this.response;
    const body = this.responseBody;
    this.recordResponse();
    if (status >= 300 && status < 400) {
      const location = headers.location;
      return this.fail(
        'redirect',
        `HTTP ${status}${location === undefined ? '' : ` to ${maskUrl(location)}`}: passed to the host, which follows it or not (not through the tap)`,
      );
    }
    // 202 Accepted carries no message (an older server's "Accepted"): its bytes are counted only.
    if (status !== 202) {
      if (body.tooLarge) this.notKept('response', body.bytes);
      else if (body.bytes > 0) this.sink.line('stdout', body.whole());
      if (body.bytes > 0 && status < 300 && contentType !== 'application/json')
        return this.fail('content-type', `the body is ${contentType ?? 'of no stated type'}, not application/json or text/event-stream`);
    }
    this.finish({ kind: 'http', req: this.req, phase: 'end', how: 'complete', bytes: body.bytes });
  }

  /** The exchange stopped short: the upstream was not reached or broke off, or the host went away. */
  fail(code: HttpErrorCode, message: string): void {
    if (this.done) return;
    this.recordRequest();
    this.finish({ kind: 'http', req: this.req, phase: 'error', code, message });
  }

  /** How a body that broke off is told: inside an event or not, as HttpHost tells it. */
  brokeOff(cause: string): void {
    this.fail(
      'network',
      this.stream ? `the stream broke off${this.stream.inEvent ? ' inside an event' : ''}: ${cause}` : `the body broke off: ${cause}`,
    );
  }

  private recordResponse(): void {
    if (!this.response) return;
    this.sink.record({ kind: 'http', req: this.req, phase: 'response', ...this.response });
  }

  private finish(event: TapUnstamped): void {
    this.done = true;
    this.sink.record(event);
  }

  private notKept(which: 'request' | 'response', bytes: number): void {
    this.notice(
      `the ${which} body of exchange ${this.req} (${bytes} bytes) passed whole but is larger than ${MAX_BODY_BYTES} bytes: not recorded`,
    );
  }

  private notice(message: string): void {
    this.sink.record({ kind: 'notice', level: 'warn', message });
  }
}
