/**
 * Splits a byte stream into lines without ever decoding across chunk boundaries, so a chunk
 * cut mid-line or mid-character changes nothing. A long line is kept as a list of chunks
 * and joined once, keeping a 10 MB line linear rather than quadratic.
 */
import type { Eol } from '../protocol/envelope.js';

export interface SplitLine {
  bytes: Buffer;
  eol: Eol;
}

export class LineSplitter {
  private parts: Buffer[] = [];
  private pendingBytes = 0;

  /**
   * Feeds one chunk; returns the lines it completed, in order. `views`: a caller that is done with
   * the lines before the chunk is let go may have lines that lie whole in the chunk as views of
   * it, not copies.
   */
  push(chunk: Buffer, views = false): SplitLine[] {
    const lines: SplitLine[] = [];
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(0x0a, start);
      if (nl === -1) break;
      this.parts.push(chunk.subarray(start, nl));
      lines.push(this.take(views));
      start = nl + 1;
    }
    if (start < chunk.length) {
      const rest = chunk.subarray(start);
      this.parts.push(rest);
      this.pendingBytes += rest.length;
    }
    return lines;
  }

  /** The bytes after the last newline, if any: a last line cut off by the end of the stream. */
  end(): SplitLine | undefined {
    if (this.pendingBytes === 0) return undefined;
    const bytes = Buffer.concat(this.parts);
    this.parts = [];
    this.pendingBytes = 0;
    return { bytes, eol: '' };
  }

  /** Bytes held for a line not yet complete (what a flood can make us hold). */
  get pending(): number {
    return this.pendingBytes;
  }

  private take(views: boolean): SplitLine {
    // One part is a slice of a read chunk: copy it, so the line does not pin the chunk in memory.
    // Several parts are joined into a buffer of the line's own, which is copy enough.
    const one = this.parts.length === 1 ? (this.parts[0] as Buffer) : undefined;
    let bytes = one ? (views ? one : Buffer.from(one)) : Buffer.concat(this.parts);
    this.parts = [];
    this.pendingBytes = 0;
    let eol: Eol = '\n';
    if (bytes.length > 0 && bytes[bytes.length - 1] === 0x0d) {
      bytes = bytes.subarray(0, bytes.length - 1);
      eol = '\r\n';
    }
    return { bytes, eol };
  }
}
