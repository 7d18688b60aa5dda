// Writes stamped events to a journal file the way bridge/journal.ts does (`JSON.stringify` of
// `{seq, t, ...event}` plus "\n"), in chunks of about 4 MB so that a journal of ten million
// events never exists as one string.
import fs from 'node:fs';

const CHUNK_BYTES = 4 * 1024 * 1024;

export class JournalWriter {
  constructor(file) {
    this.file = file;
    this.fd = fs.openSync(file, 'w', 0o600);
    this.parts = [];
    this.pendingChars = 0;
    this.seq = 0;
    this.bytes = 0;
    this.lastT = -Infinity;
  }

  /** Stamps one event with the next seq and `t`, which never goes back (as the bridge clamps it). */
  write(t, event) {
    const stampedT = Math.max(t, this.lastT);
    this.lastT = stampedT;
    const line = JSON.stringify({ seq: this.seq++, t: stampedT, ...event }) + '\n';
    this.parts.push(line);
    this.pendingChars += line.length;
    if (this.pendingChars >= CHUNK_BYTES) this.flush();
    return this.seq - 1;
  }

  flush() {
    if (this.parts.length === 0) return;
    const buf = Buffer.from(this.parts.join(''));
    this.parts = [];
    this.pendingChars = 0;
    let written = 0;
    while (written < buf.length) written += fs.writeSync(this.fd, buf, written);
    this.bytes += buf.length;
  }

  close() {
    this.flush();
    fs.closeSync(this.fd);
  }
}

/** A line event's fields as the process host records them: text when UTF-8, else base64. */
export function lineEvent(conn, stream, payload, eol = '\n') {
  if (typeof payload === 'string') return { kind: 'line', conn, stream, text: payload, eol, size: Buffer.byteLength(payload) };
  return { kind: 'line', conn, stream, b64: payload.toString('base64'), eol, size: payload.length };
}
